import Entities
public import Foundation
public import ModuleCore
public import Services
public import TerminalUI
import TravelText
import Trips

/// The way into FlightWatches: the price watches kept on this machine, each with its history drawn; one opened,
/// checked again, searched (the composer shows its offers, as any search) or removed.
///
/// ```swift
/// let builder = FlightWatchesBuilder(watches: SQLiteWatchStore.standard(), offers: duffel.offerService)
/// navigator.push(builder.build(input: FlightWatchesInput(), router: flow, terminal: terminal))
/// ```
public struct FlightWatchesBuilder {
    private let watching: WatchPrices
    private let now: @Sendable () -> Date
    private let timeZone: TimeZone
    private let recorder: SessionRecorder?

    /// A builder over the watches in `watches`, checked with `offers` (and `batches`, read as the airlines answer).
    ///
    /// - Parameters:
    ///   - watches: where the watches and their history are kept (LocalStore's `SQLiteWatchStore` in the App).
    ///   - offers: the offer search service a check asks.
    ///   - batches: searches read batch by batch; `nil`: each search is one answer.
    ///   - now: the clock (a check is dated by it, and today is read from it in `timeZone`).
    ///   - timeZone: where the traveller is: the checks' times are shown on its clock.
    ///   - recorder: with one, every step of the screen is recorded.
    ///   - backend: the name of the API `offers` speaks to (`sandbox`, or its host): a watch made on another is not
    ///     checked here.
    public init(
        watches: any WatchStore, offers: any OfferService, batches: (any OfferBatchService)? = nil,
        now: @escaping @Sendable () -> Date = { Date() }, timeZone: TimeZone = .current, recorder: SessionRecorder? = nil,
        backend: String? = nil
    ) {
        watching = WatchPrices(offers: offers, batches: batches, watches: watches, backend: backend, now: now)
        self.now = now
        self.timeZone = timeZone
        self.recorder = recorder
    }

    /// The screen, to be shown by the caller's navigator: its rules run by ModuleCore's `ScreenRunner`, its work
    /// done here over the core's `WatchPrices`, its ways out through `router` (held weakly).
    @MainActor
    public func build(input: FlightWatchesInput, router: any FlightWatchesRouter, terminal: any Terminal) -> any Screen {
        let (watching, now, timeZone) = (watching, now, timeZone)
        let state = FlightWatchesState(
            input: input, isInteractive: terminal.isInteractive, columns: terminal.columns, timeZone: timeZone.identifier,
            today: CalendarDate(now(), in: timeZone))
        return ScreenRunner<FlightWatchesReducer>(
            state: state, terminal: terminal, recorder: recorder, appearing: { .appeared },
            perform: { work in await work.perform(watching, today: CalendarDate(now(), in: timeZone)) },
            leave: { [weak router] route in
                switch route {
                case .search(let search): router?.watchesDidAskToSearch(search)
                case .back: router?.watchesDidGoBack()
                }
                return nil
            })
    }

    /// How a recorded session replays this module: its screens drawn on a terminal, no work done.
    public static var replay: ModuleReplay { .screen(FlightWatchesReducer.self) }
}

/// What FlightWatches is shown with.
public struct FlightWatchesInput: Sendable, Hashable {
    /// The watch to open at once (one just made, say); `nil` for the list.
    public var open: Int?

    /// An input; with `open`, that watch is shown in full first.
    public init(open: Int? = nil) {
        self.open = open
    }
}

/// The work the FlightWatches rules ask for; the Builder does it with the core's `WatchPrices`.
enum FlightWatchesWork: ScreenWork {
    /// Read every watch with its history.
    case load
    /// Check watch `id` now (a search), and write what it found.
    case check(Int)
    /// Remove watch `id` and its history.
    case remove(Int)

    /// One piece of work at a time: a newer one replaces the one under way.
    var id: String { "watches" }

    func perform(_ watching: WatchPrices, today: CalendarDate) async -> FlightWatchesAction {
        switch self {
        case .load:
            return .loaded(Outcome(watching.list()))
        case .check(let id):
            let checked = await watching.checkAll(only: [id], today: today)
            return .checked(Outcome(checked.map { $0.first.map(WatchText.checked) ?? "" }))
        case .remove(let id):
            return .removed(Outcome(watching.remove(id).map(\.watch.id)))
        }
    }
}
