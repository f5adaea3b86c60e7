public import Entities
public import Foundation
public import ModuleCore
public import Services
public import TerminalUI

/// Creates the availability screen: the offers for one search, to sort, filter, page through and choose from,
/// with a flexible-dates view of the cheapest price around the chosen day.
///
/// ```swift
/// let builder = FlightAvailabilityBuilder(offers: offerService)
/// let screen = builder.build(
///     input: FlightAvailabilityInput(request: search), router: appRouter, terminal: terminal)
/// await screen.run()
/// ```
public struct FlightAvailabilityBuilder {
    private let offers: any OfferService
    private let now: @Sendable () -> Date
    private let timeZone: TimeZone
    private let recorder: SessionRecorder?

    /// A builder whose screens search with `offers`.
    ///
    /// - Parameters:
    ///   - offers: the offer search service.
    ///   - now: the clock; today (for leaving past days out of flexible dates and checking the search) is read
    ///     from it in `timeZone`.
    ///   - timeZone: where the traveller is.
    ///   - recorder: with one, every step of the screen (each action and the effects that followed) is recorded.
    public init(
        offers: any OfferService, now: @escaping @Sendable () -> Date = { Date() }, timeZone: TimeZone = .current,
        recorder: SessionRecorder? = nil
    ) {
        self.offers = offers
        self.now = now
        self.timeZone = timeZone
        self.recorder = recorder
    }

    /// Builds the screen for `input`. The screen is its only strong owner's to keep (the App's navigator); it
    /// holds `router` weakly.
    ///
    /// - Parameters:
    ///   - input: the search and how to present its offers.
    ///   - router: where the traveller goes next.
    ///   - terminal: where the screen draws and reads.
    /// - Returns: the screen; `run()` searches, then shows the offers (interactive) or writes them once (`table`,
    ///   `json`) and returns.
    @MainActor
    public func build(
        input: FlightAvailabilityInput, router: any FlightAvailabilityRouter, terminal: any Terminal
    ) -> any Screen {
        let interactor = FlightAvailabilityInteractor(offers: offers, now: now, timeZone: timeZone)
        // A page of offers fills the screen, less the lines around the table: the title, the search, the status,
        // the column titles, the legend and the prompt, with room for a message (12 rows on a 24-row screen).
        let state = FlightAvailabilityState(
            input: input, inputStyle: terminal.isInteractive ? .keys : .lines, today: interactor.today,
            pageLineBudget: max(4, terminal.rows - 12))
        let presenter = FlightAvailabilityPresenter(
            store: Store(state, recorder: recorder), interactor: interactor, router: router)
        let view = FlightAvailabilityTerminalView(terminal: terminal)
        presenter.view = view
        view.presenter = presenter
        return view
    }

    /// How a recorded session replays this module: its screens drawn on a terminal from the recorded actions and
    /// answers, no service asked and nothing read.
    public static var replay: ModuleReplay {
        ModuleReplay.of(FlightAvailabilityReducer.self) { terminal in
            let view = FlightAvailabilityTerminalView(terminal: terminal)
            return { effect in if case .show(let output) = effect { view.render(output) } }
        }
    }
}

/// What the availability screen shows, and how.
public struct FlightAvailabilityInput: Sendable, Hashable {
    /// How the offers are presented.
    public enum Presentation: Sendable, Hashable, Codable {
        /// A screen to sort, filter, page and choose from.
        case interactive
        /// The offers as a table, written once to standard output; no prompts.
        case table
        /// The offers as one JSON document on standard output; no prompts.
        case json
    }

    /// The search to run.
    public var request: SearchRequest
    /// The order offers are shown in.
    public var sort: AvailabilitySort
    /// How the offers are presented.
    public var presentation: Presentation
    /// For `table` and `json`: at most this many offers (the first in `sort` order); `nil` for all.
    public var limit: Int?

    /// The input for `request`.
    ///
    /// - Parameters:
    ///   - request: the search to run.
    ///   - sort: the order, cheapest first unless given.
    ///   - presentation: interactive unless given.
    ///   - limit: for `table` and `json`, how many offers at most.
    public init(
        request: SearchRequest, sort: AvailabilitySort = .price, presentation: Presentation = .interactive,
        limit: Int? = nil
    ) {
        self.request = request
        self.sort = sort
        self.presentation = presentation
        self.limit = limit
    }
}

/// The orders offers can be shown in. Sorting happens on this machine, over every offer found.
public enum AvailabilitySort: String, Sendable, Hashable, CaseIterable, Codable {
    /// Cheapest first.
    case price
    /// Shortest total journey first.
    case duration
    /// Earliest departure of the first leg first.
    case departure
    /// Earliest arrival of the first leg first.
    case arrival
    /// Least CO₂ first (the airline's estimate, `total_emissions_kg`); offers without an estimate last.
    case emissions
}
