import Entities
import Trips
import Foundation
import ModuleCore
import Services
import TravelText

/// Everything the availability screen knows, as a value: the search, its offers, the sort, the filters, the
/// highlight, the date grid and which answers it is waiting for.
struct FlightAvailabilityState: Codable, Equatable, Sendable {
    /// How the traveller gives input: single keys on a TTY, typed commands on lines elsewhere.
    enum InputStyle: String, Codable, Sendable {
        /// Arrow keys and single-letter keys.
        case keys
        /// One command per line.
        case lines
    }

    /// What the screen is doing.
    enum Phase: Codable, Equatable, Sendable {
        /// Nothing searched yet, or a search stopped because the screen was covered.
        case idle
        /// A search is running.
        case searching
        /// A search finished: offers, none, or none left after the filters.
        case results
        /// The search failed.
        case failed(ServiceError)
        /// The traveller cancelled the search.
        case cancelled
        /// The lowest total for each pair of days (or each day) around the search.
        case dateGrid
    }

    /// Keys or lines.
    var inputStyle: InputStyle
    /// The traveller's date today (read when the screen was built): the date grid leaves earlier days out.
    var today: CalendarDate
    /// Table lines per page, from the terminal's height (12 fits a 24-line terminal).
    var pageLineBudget = 12
    /// The terminal's width when the screen was built: the date grid is laid out at it.
    var columns = 80

    /// The search shown (after a choice in the date grid, the one chosen).
    var request: SearchRequest
    /// The search the screen was given: going back after other days were chosen tells the composer which.
    var givenRequest: SearchRequest
    /// The order of the offers.
    var sort: AvailabilitySort
    /// The filters set.
    var filters = AvailabilityFilters()
    /// What the screen is doing.
    var phase: Phase = .idle
    /// The last search's answer.
    var result: OfferSearchResult?
    /// Whether the offers shown come from `r`, the same search run again: the status says so, as the offers may
    /// look the same.
    var searchedAgain = false
    /// The most lines one offer takes (one per leg): kept, not computed, as every redraw reads it.
    var legsPerOffer = 1
    /// Indices into `result.offers`, sorted and filtered: what the pages show.
    var visible: [Int] = []
    /// Index into `visible`; the page follows it.
    var highlight = 0
    /// The date grid, once opened.
    var grid: DateGrid?
    /// Digits typed one after another on a TTY, making one number.
    var typedNumber = ""
    /// A list, question or help over the screen (on a TTY), whose answer comes first.
    var overlay: AvailabilityOverlay?
    /// The input ended (or Ctrl-C left): nothing more is asked.
    var isFinished = false
    /// The id the running search's answer carries; `nil` when none runs (a late answer is then ignored).
    var pendingSearch: Int?
    /// Whether searches are read as the airlines answer (batch offer requests); `nil` or `false`, each search is
    /// one answer (recordings made before batches say nothing, and replay as they were made).
    var arrivesInBatches: Bool?
    /// The search as its airlines answer: the offers so far and the batches still to come.
    var arrival: OfferArrival?
    /// The traveller stopped waiting for the airlines still answering (Esc, or an offer chosen).
    var stoppedWaiting: Bool?
    /// Whether `w` keeps the search as a price watch (the composer gave a watches store); `nil` (recordings made
    /// before watches) when it does not.
    var canWatch: Bool?
    /// The number of the watch `w` made of this search, once made; `watching` while it is being kept.
    var watch: WatchMark?
    /// The id the next service call gets.
    var nextRequestID = 1
    /// Day prices found in this screen's life, by the exact search that found them, so coming back to the
    /// date grid (or moving to a neighbouring day) does not search the same days twice.
    var fareCache: [SearchRequest: FlexibleDateFare] = [:]

    /// The state of a screen about to show `input`.
    init(
        input: FlightAvailabilityInput, inputStyle: InputStyle, today: CalendarDate, pageLineBudget: Int = 12,
        columns: Int = 80, arrivesInBatches: Bool = false, canWatch: Bool = false
    ) {
        self.arrivesInBatches = arrivesInBatches ? true : nil
        self.canWatch = canWatch ? true : nil
        self.inputStyle = inputStyle
        self.today = today
        self.pageLineBudget = pageLineBudget
        self.columns = columns
        self.request = input.request
        self.givenRequest = input.request
        self.sort = input.sort
        self.legsPerOffer = max(1, input.request.slices.count)
    }

    /// The offers the pages show, in order.
    var visibleOffers: [Offer] {
        guard let offers = result?.offers else { return [] }
        return visible.map { offers[$0] }
    }

    /// Whether offers are shown while airlines are still answering.
    var isWaitingForAirlines: Bool {
        phase == .results && pendingSearch != nil && arrival.map { !$0.isFinal } == true
    }

    /// Whether there are offers to sort and filter.
    var hasOffers: Bool { phase == .results && !(result?.offers.isEmpty ?? true) }

    /// How many offers one page holds: fewer when each takes a line per leg.
    var offersPerPage: Int { max(1, pageLineBudget / legsPerOffer) }

    /// Pages of the visible offers (at least one).
    var pageCount: Int { max(1, (visible.count + offersPerPage - 1) / offersPerPage) }

    /// The page the highlight is on, from 0.
    var currentPage: Int { highlight / offersPerPage }
}

/// The filters a traveller set on the results, applied on this machine over every offer found.
struct AvailabilityFilters: Codable, Sendable, Hashable {
    /// At most this many stops (changes of plane and landings on the way) on every leg.
    var maxStops: Int?
    /// Only offers whose every flight is sold or flown by one of these airlines (IATA codes, upper case).
    var carriers: Set<String> = []
    /// Only offers whose first leg leaves in this window (local to its airport).
    var departureWindow: TimeWindow?
    /// Only offers whose CO₂ estimate is at most this many kilograms; an offer without an estimate cannot show
    /// it is under, so it is left out.
    var maxEmissionsKg: Int?

    /// Whether no filter is set.
    var isEmpty: Bool { maxStops == nil && carriers.isEmpty && departureWindow == nil && maxEmissionsKg == nil }

    /// Whether `offer` passes every filter set.
    func admits(_ offer: Offer) -> Bool {
        if let maxStops, offer.slices.contains(where: { OfferFormat.stopCount(in: $0) > maxStops }) {
            return false
        }
        if !carriers.isEmpty {
            let segments = offer.slices.flatMap(\.segments)
            // A codeshare counts for both airlines: the traveller may book it with either in mind.
            let allWithChosen = segments.allSatisfy { segment in
                [segment.marketingCarrier.iataCode, segment.operatingCarrier.iataCode]
                    .contains { $0.map { carriers.contains($0.uppercased()) } ?? false }
            }
            if segments.isEmpty || !allWithChosen { return false }
        }
        if let departureWindow {
            guard let departure = offer.slices.first?.departingAt, departureWindow.contains(departure.time) else {
                return false
            }
        }
        if let maxEmissionsKg {
            guard let emissions = AvailabilityOffers.emissionsKg(offer), emissions <= Decimal(maxEmissionsKg) else {
                return false
            }
        }
        return true
    }
}

/// What is over the screen, answered before anything else.
enum AvailabilityOverlay: Codable, Equatable, Sendable {
    /// A list to choose one option from.
    case choice(AvailabilityChoice)
    /// A question answered by a typed line, checked as it is typed.
    case question(AvailabilityQuestion)
    /// The keys, until any key is pressed.
    case help
}

/// What a list of options chooses.
enum AvailabilityChoice: Codable, Sendable, Equatable {
    /// The sort order.
    case sort
    /// Which filter to change.
    case filter
    /// The most stops.
    case stops
}

/// What a typed answer sets.
enum AvailabilityQuestion: Codable, Sendable, Equatable {
    /// The airlines filter.
    case carriers
    /// The departure window filter.
    case departureWindow
    /// The most CO₂ filter.
    case maxEmissions
}

/// Every user event and every service answer the availability screen receives.
enum FlightAvailabilityAction: Codable, Sendable, Equatable {
    /// The screen is shown (first, or again).
    case appeared
    /// The screen was covered or removed (sent by the runner once it stopped the work that may stop): the work in
    /// flight is forgotten; it starts again if the screen comes back.
    case disappeared
    /// Ctrl-C: cancels a running search, otherwise ends the screen like the end of input.
    case interrupted
    /// The input ended.
    case inputEnded
    /// A line typed off a TTY (or a line given on a TTY): an offer number or a command.
    case entered(String)
    /// Esc, `b`: leave the date grid, or go back to the search.
    case back
    /// Esc while the spinner turns: stop the search and stay.
    case cancelLoading
    /// Enter: choose the highlighted offer or cell.
    case enterPressed
    /// ↑/↓: move the highlight by this much (in the date grid: the return day).
    case moved(Int)
    /// ←/→ in the date grid: move the highlight to another departure day.
    case movedAcross(Int)
    /// A digit key (0 to 9).
    case typedDigit(Int)
    /// `n`, Page Down.
    case nextPage
    /// `p`, Page Up.
    case previousPage
    /// `s`: offer the orders.
    case sortTapped
    /// `f`: offer the filters.
    case filterTapped
    /// `c`: every offer again.
    case clearFilters
    /// `d`: the date grid around the search.
    case datesTapped
    /// `r`: search again (the failed cells, in the date grid).
    case retry
    /// `?`: the keys.
    case helpTapped
    /// The help was read: any key leaves it.
    case helpDismissed
    /// A list or question was left without an answer.
    case promptDismissed
    /// An option chosen from a list the screen offered.
    case chose(Int, in: AvailabilityChoice)
    /// A typed answer to a question the screen asked.
    case answered(String, to: AvailabilityQuestion)
    /// The search with this id answered.
    case searchAnswered(id: Int, Outcome<OfferSearchResult, ServiceError>)
    /// The search with this id started as a batch offer request (or could not).
    case batchesStarted(id: Int, Outcome<BatchOfferRequest, ServiceError>)
    /// The next batches of the search with this id came (or the read failed).
    case batchRead(id: Int, Outcome<BatchOfferRequest, ServiceError>)
    /// The offers of the search with this id, listed after a read failed with `after` (or when none was to come).
    case offersListed(id: Int, after: ServiceError?, Outcome<[Offer], ServiceError>)
    /// The search of one cell of the date grid answered: the cheapest total, `nil` for no offers.
    case fareAnswered(id: Int, days: GridDays, Outcome<Money?, ServiceError>)
    /// `w` (or `watch`): keep the search shown as a price watch.
    case watchTapped
    /// The watch was kept (its number), or could not be.
    case watchAnswered(Outcome<Int, WatchFailure>)
}

/// Where keeping the search as a watch stands.
enum WatchMark: Codable, Equatable, Sendable {
    /// Being written.
    case watching
    /// Kept as watch number N.
    case watched(Int)
}
