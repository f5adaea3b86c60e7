public import Entities
public import Foundation
public import ModuleCore
public import Services
public import Trips
public import TerminalUI

/// Creates the availability screen: the offers for one search, to sort, filter, page through and choose from,
/// with a date grid of the lowest totals around the chosen days (departure × return for a round trip).
///
/// ```swift
/// let builder = FlightAvailabilityBuilder(offers: offerService)
/// let screen = builder.build(
///     input: FlightAvailabilityInput(request: search), router: appRouter, terminal: terminal)
/// await screen.run()
/// ```
public struct FlightAvailabilityBuilder {
    private let offers: any OfferService
    private let batches: (any OfferBatchService)?
    private let now: @Sendable () -> Date
    private let timeZone: TimeZone
    private let recorder: SessionRecorder?
    private let watches: (any WatchStore)?
    private let backend: String?

    /// A builder whose screens search with `offers`.
    ///
    /// - Parameters:
    ///   - offers: the offer search service.
    ///   - batches: searches read batch by batch as the airlines answer; with them the offers screen fills in as
    ///     the batches arrive. `nil`: each search is one answer.
    ///   - now: the clock; today (for leaving past days out of the date grid and checking the search) is read
    ///     from it in `timeZone`.
    ///   - timeZone: where the traveller is.
    ///   - recorder: with one, every step of the screen (each action and the effects that followed) is recorded.
    ///   - watches: where `w` keeps the search shown as a price watch (the core's `WatchPrices`); `nil`: `w` says
    ///     watches are not kept here.
    ///   - backend: the name of the API the offers come from (`sandbox`, or its host), kept with a watch so it is
    ///     checked only there.
    public init(
        offers: any OfferService, batches: (any OfferBatchService)? = nil, now: @escaping @Sendable () -> Date = { Date() },
        timeZone: TimeZone = .current, recorder: SessionRecorder? = nil, watches: (any WatchStore)? = nil,
        backend: String? = nil
    ) {
        self.watches = watches
        self.backend = backend
        self.offers = offers
        self.batches = batches
        self.now = now
        self.timeZone = timeZone
        self.recorder = recorder
    }

    /// Builds the screen for `input`. The screen is its only strong owner's to keep (the App's navigator); it
    /// holds `router` weakly.
    ///
    /// - Parameters:
    ///   - input: the search and the order of its offers.
    ///   - router: where the traveller goes next.
    ///   - terminal: where the screen draws and reads.
    /// - Returns: the screen; `run()` searches, then shows the offers until the traveller chooses one or leaves.
    ///   A list of offers with nothing to ask is the core's (`SearchFlights` in Trips), not a screen's.
    @MainActor
    public func build(
        input: FlightAvailabilityInput, router: any FlightAvailabilityRouter, terminal: any Terminal
    ) -> any Screen {
        // A page of offers fills the screen, less the lines around the table: the title, the search, the status,
        // the column titles, the legend and the prompt, with room for a message (12 rows on a 24-row screen).
        let state = FlightAvailabilityState(
            input: input, inputStyle: terminal.isInteractive ? .keys : .lines, today: CalendarDate(now(), in: timeZone),
            pageLineBudget: max(4, terminal.rows - 12), columns: terminal.columns, arrivesInBatches: batches != nil,
            canWatch: watches != nil)
        let search = SearchFlights(offers: offers, batches: batches)
        let watching = WatchPrices(offers: offers, batches: batches, watches: watches, backend: backend, now: now)
        return ScreenRunner<FlightAvailabilityReducer>(
            state: state, terminal: terminal, recorder: recorder, appearing: { .appeared },
            perform: { work in await work.perform(search, watching: watching) },
            leave: { [weak router] route in
                switch route {
                case .summary(let offer, let search): router?.availabilityDidChoose(offer: offer, search: search)
                case .back: router?.availabilityDidGoBack()
                case .backChangingSearch(let search): router?.availabilityDidGoBack(withSearch: search)
                }
                return nil
            })
    }

    /// How a recorded session replays this module: its screens drawn on a terminal from the recorded actions and
    /// answers, no service asked and nothing read.
    public static var replay: ModuleReplay { .screen(FlightAvailabilityReducer.self) }
}

/// The service calls the availability screen's rules ask for. Each holds only the service, so a call that the
/// service has not noticed is cancelled keeps nothing of the screen alive. No rules: the answer goes back as it came.
enum FlightAvailabilityWork: ScreenWork {
    /// The ids work is cancelled by: the one search, and each date-grid cell's search.
    enum ID: Hashable, Sendable, Encodable {
        /// The offers search.
        case search
        /// The search of one cell of the date grid.
        case fare(GridDays)
        /// Keeping the search as a watch.
        case watch
    }

    /// Run a search, following every page of offers (cheapest first from the server); its answer carries `id`.
    case search(id: Int, SearchRequest)
    /// Start a search read as the airlines answer (a batch offer request); its answer carries `id`.
    case startBatches(id: Int, SearchRequest)
    /// Read the next batches of offer request `batch` (a long poll).
    case readBatch(id: Int, batch: String)
    /// List every offer of offer request `batch` (a read failed with `after`, or none was to come).
    case listOffers(id: Int, batch: String, SearchRequest, after: ServiceError?)
    /// Find the cheapest offer of `request` (one cell of the date grid); its answer carries `id` and `days`.
    case searchFare(id: Int, days: GridDays, SearchRequest)
    /// Keep `request` as a price watch, its first check `cheapest` (the cheapest offer found, filters aside).
    case watch(SearchRequest, cheapest: Offer?, today: CalendarDate)

    var id: ID {
        switch self {
        case .search, .startBatches, .readBatch, .listOffers: .search
        case .searchFare(_, let days, _): .fare(days)
        case .watch: .watch
        }
    }

    /// Asks the core's `SearchFlights` and returns the answer as an action.
    func perform(_ search: SearchFlights, watching: WatchPrices) async -> FlightAvailabilityAction {
        switch self {
        case .watch(let request, let cheapest, let today):
            return .watchAnswered(Outcome(watching.add(request, today: today, found: cheapest.map { [$0] } ?? [])))
        case .search(let id, let request):
            return .searchAnswered(id: id, Outcome(await search.offers(for: request, order: .price)))
        case .startBatches(let id, let request):
            return .batchesStarted(id: id, Outcome(await search.startBatches(for: request, supplierTimeout: nil)))
        case .readBatch(let id, let batch):
            return .batchRead(id: id, Outcome(await search.readBatch(id: batch, supplierTimeout: nil)))
        case .listOffers(let id, let batch, let request, let error):
            return .offersListed(id: id, after: error, Outcome(await search.listOffers(ofRequest: batch, for: request)))
        case .searchFare(let id, let days, let request):
            let answer: Outcome<Money?, ServiceError> = switch await search.lowestTotal(for: request) {
            case .cheapest(let money): .success(money)
            case .noOffers: .success(nil)
            case .failed(let error): .failure(error)
            }
            return .fareAnswered(id: id, days: days, answer)
        }
    }
}

/// What the availability screen shows.
public struct FlightAvailabilityInput: Sendable, Hashable {
    /// The search to run.
    public var request: SearchRequest
    /// The order offers are shown in.
    public var sort: AvailabilitySort

    /// The input for `request`.
    ///
    /// - Parameters:
    ///   - request: the search to run.
    ///   - sort: the order, cheapest first unless given.
    public init(request: SearchRequest, sort: AvailabilitySort = .price) {
        self.request = request
        self.sort = sort
    }
}

/// The orders offers can be shown in: the core's `OfferOrder`, sorted on this machine over every offer found.
public typealias AvailabilitySort = OfferOrder
