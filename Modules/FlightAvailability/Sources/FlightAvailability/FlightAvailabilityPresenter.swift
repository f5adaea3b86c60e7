import Entities
import Foundation
import Services

/// Reacts to what the traveller does on the availability screen, keeps the results, the sort, the filters, the
/// page and the flexible-dates view, maps offers to view models and calls the router.
@MainActor
final class FlightAvailabilityPresenter {
    /// How the traveller gives input: single keys on a TTY, typed commands on lines elsewhere.
    enum InputStyle: Equatable {
        /// Arrow keys and single-letter keys.
        case keys
        /// One command per line.
        case lines
    }

    /// What the screen is doing.
    enum Phase: Equatable {
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
        /// The cheapest price per day around the searched date.
        case flexibleDates
    }

    /// The flexible-dates view around one search.
    struct FlexibleDates {
        /// The search the days are around.
        var request: SearchRequest
        /// The days shown, earliest first.
        var dates: [CalendarDate]
        /// What each day's search found so far.
        var fares: [CalendarDate: FlexibleDateFare.Outcome]
        /// The highlighted day.
        var highlight: Int
        /// Whether searches are still running.
        var isFetching: Bool
    }

    weak var view: (any FlightAvailabilityView)?
    weak var router: (any FlightAvailabilityRouter)?
    let interactor: FlightAvailabilityInteractor
    let presentation: FlightAvailabilityInput.Presentation
    let inputStyle: InputStyle
    private let limit: Int?

    /// Table lines per page; the view sets it from the terminal's height (12 fits a 24-line terminal with the
    /// header and legend around the table).
    var pageLineBudget = 12

    private(set) var request: SearchRequest
    private(set) var sort: AvailabilitySort
    private(set) var filters = AvailabilityFilters()
    private(set) var phase: Phase = .idle
    private(set) var result: OfferSearchResult? {
        // Kept rather than computed: the page size is read on every redraw, and a walk over every offer there
        // made an arrow key cost milliseconds with a thousand offers.
        didSet { legsPerOffer = max(1, result?.offers.map(\.slices.count).max() ?? request.slices.count) }
    }
    /// The most lines one offer takes (one per leg).
    private var legsPerOffer = 1
    /// The offers of `result`, sorted and filtered: what the pages show.
    private(set) var visibleOffers: [Offer] = []
    /// Index into `visibleOffers`; the page follows it.
    private(set) var highlight = 0
    private(set) var flexible: FlexibleDates?
    private var typedNumber = ""
    private var isShowingOverlay = false
    private var searchTask: Task<Void, Never>?
    /// The latest search, even once cancelled: its late answer is ignored, and tests await it to show that.
    private var latestSearch: Task<Void, Never>?
    private var searchGeneration = 0
    private var flexibleTask: Task<Void, Never>?
    /// Day prices found in this screen's life, by the exact search that found them, so coming back to the
    /// flexible dates (or moving to a neighbouring day) does not search the same day twice.
    private var fareCache: [SearchRequest: FlexibleDateFare.Outcome] = [:]

    init(input: FlightAvailabilityInput, interactor: FlightAvailabilityInteractor, inputStyle: InputStyle) {
        self.request = input.request
        self.sort = input.sort
        self.presentation = input.presentation
        self.limit = input.limit
        self.interactor = interactor
        self.inputStyle = inputStyle
    }

    /// The work in flight (a search, the flexible-dates searches), for tests to await.
    func waitForPendingWork() async {
        await latestSearch?.value
        await flexibleTask?.value
    }

    // MARK: Lifetime

    /// The screen is shown (again): search the first time, otherwise show the state as it was.
    func viewDidAppear() {
        isShowingOverlay = false
        typedNumber = ""
        switch phase {
        case .idle:
            startSearch()
        case .flexibleDates:
            fetchMissingFares()
            showCurrentState()
        default:
            showCurrentState()
        }
    }

    /// The screen was covered or removed: stop the work in flight; it starts again if the screen comes back.
    func viewDidDisappear() {
        if phase == .searching {
            stopSearch()
            phase = .idle
        }
        stopFlexibleSearches()
    }

    /// The input ended (or Ctrl-C outside a search): stop the work in flight and go back, as every module does,
    /// so the composer unwinds its screens.
    func didReachEndOfInput() {
        viewDidDisappear()
        router?.navigateBack()
    }

    // MARK: Searching

    private func startSearch() {
        stopSearch()
        searchGeneration += 1
        let generation = searchGeneration
        phase = .searching
        typedNumber = ""
        showCurrentState()
        let operation = interactor.searchOperation(for: request)
        searchTask = Task { [weak self] in
            let outcome = await operation()
            self?.searchDidFinish(outcome, generation: generation)
        }
        latestSearch = searchTask
    }

    private func stopSearch() {
        // A newer generation makes a late answer from the cancelled search land nowhere.
        searchGeneration += 1
        searchTask?.cancel()
        searchTask = nil
    }

    private func searchDidFinish(_ outcome: Result<OfferSearchResult, ServiceError>, generation: Int) {
        guard generation == searchGeneration, phase == .searching else { return }
        searchTask = nil
        switch outcome {
        case .success(let found):
            result = found
            highlight = 0
            refreshVisibleOffers()
            phase = .results
        case .failure(.cancelled):
            phase = .cancelled
        case .failure(let error):
            phase = .failed(error)
        }
        showCurrentState()
    }

    /// Esc (or Ctrl-C) while the spinner turns: stop the search and stay, with a retry.
    func didCancelLoading() {
        switch phase {
        case .searching:
            stopSearch()
            phase = .cancelled
            showCurrentState()
        case .flexibleDates:
            leaveFlexibleDates()
        default:
            break
        }
    }

    /// `r` or `retry`: search again (the failed days, in the flexible-dates view).
    func didTapRetry() {
        switch phase {
        case .flexibleDates:
            guard var state = flexible else { return }
            state.fares = state.fares.filter { if case .failed = $0.value { return false } else { return true } }
            flexible = state
            fetchMissingFares()
            showCurrentState()
        case .searching:
            break
        default:
            startSearch()
        }
    }

    /// Esc, `b` or `back`: leave the flexible dates, or go back to the search.
    func didTapBack() {
        switch phase {
        case .flexibleDates:
            leaveFlexibleDates()
        case .searching:
            stopSearch()
            phase = .cancelled
            // Shown first, so that a composer that keeps the screen finds it in a state that makes sense.
            showCurrentState()
            router?.navigateBack()
        default:
            router?.navigateBack()
        }
    }

    // MARK: Results and selection

    /// Enter: choose the highlighted offer or day.
    func didPressEnter() {
        switch phase {
        case .results where !visibleOffers.isEmpty:
            selectOffer(at: highlight)
        case .flexibleDates:
            if let state = flexible { selectDate(at: state.highlight) }
        default:
            break
        }
    }

    /// ↑/↓: move the highlight; the page follows it.
    func didMoveHighlight(by delta: Int) {
        typedNumber = ""
        switch phase {
        case .results where !visibleOffers.isEmpty:
            highlight = min(max(0, highlight + delta), visibleOffers.count - 1)
            showCurrentState()
        case .flexibleDates:
            guard var state = flexible, !state.dates.isEmpty else { return }
            state.highlight = min(max(0, state.highlight + delta), state.dates.count - 1)
            flexible = state
            showCurrentState()
        default:
            break
        }
    }

    /// A digit key: move the highlight to that number; digits typed one after another make one number.
    func didTypeDigit(_ digit: Character) {
        let count: Int
        switch phase {
        case .results: count = visibleOffers.count
        case .flexibleDates: count = flexible?.dates.count ?? 0
        default: return
        }
        guard count > 0 else { return }
        typedNumber.append(digit)
        if let number = Int(typedNumber), (1...count).contains(number) {
            moveHighlight(to: number - 1)
        } else if let number = Int(String(digit)), (1...count).contains(number) {
            typedNumber = String(digit)
            moveHighlight(to: number - 1)
        } else {
            typedNumber = ""
        }
    }

    private func moveHighlight(to index: Int) {
        if phase == .flexibleDates {
            flexible?.highlight = index
        } else {
            highlight = index
        }
        showCurrentState()
    }

    /// A number typed on a line: choose that offer (or day).
    func didEnterNumber(_ number: Int) {
        switch phase {
        case .results where !visibleOffers.isEmpty:
            guard (1...visibleOffers.count).contains(number) else {
                view?.displayProblem("There is no offer \(number); choose 1 to \(visibleOffers.count).")
                return
            }
            selectOffer(at: number - 1)
        case .flexibleDates:
            let count = flexible?.dates.count ?? 0
            guard count > 0, (1...count).contains(number) else {
                view?.displayProblem("There is no day \(number); choose 1 to \(count), or back.")
                return
            }
            selectDate(at: number - 1)
        default:
            view?.displayProblem(unavailableMessage("choose from"))
        }
    }

    private func selectOffer(at index: Int) {
        guard visibleOffers.indices.contains(index) else { return }
        highlight = index
        router?.navigateToSummary(offer: visibleOffers[index], search: request)
    }

    /// `n`, Page Down or `next`.
    func didTapNextPage() {
        changePage(by: 1)
    }

    /// `p`, Page Up or `prev`.
    func didTapPreviousPage() {
        changePage(by: -1)
    }

    private func changePage(by delta: Int) {
        typedNumber = ""
        guard phase == .results, !visibleOffers.isEmpty else {
            view?.displayProblem(unavailableMessage("change pages"))
            return
        }
        let target = currentPage + delta
        guard (0..<pageCount).contains(target) else {
            view?.displayProblem(delta > 0 ? "This is the last page." : "This is the first page.")
            return
        }
        highlight = target * offersPerPage
        showCurrentState()
    }

    /// How many offers one page holds: fewer when each takes a line per leg.
    var offersPerPage: Int {
        max(1, pageLineBudget / legsPerOffer)
    }

    /// Pages of the visible offers (at least one).
    var pageCount: Int { max(1, (visibleOffers.count + offersPerPage - 1) / offersPerPage) }

    /// The page the highlight is on, from 0.
    var currentPage: Int { highlight / offersPerPage }

    // MARK: Sorting and filtering

    /// `s`, or `sort` with no order: offer the orders.
    func didTapSort() {
        guard hasOffers else {
            view?.displayProblem(unavailableMessage("sort"))
            return
        }
        isShowingOverlay = true
        view?.displayChoice(ChoiceViewModel(
            kind: .sort, title: "Sort by",
            options: AvailabilitySort.allCases.map(Self.sortDescription),
            selected: AvailabilitySort.allCases.firstIndex(of: sort) ?? 0))
    }

    /// `sort duration`, or a sort chosen from the list.
    func didChooseSort(_ newSort: AvailabilitySort) {
        sort = newSort
        highlight = 0
        refreshVisibleOffers()
        showCurrentState()
    }

    /// `f`, or `filter` with nothing after it: offer the filters.
    func didTapFilter() {
        guard hasOffers else {
            view?.displayProblem(unavailableMessage("filter"))
            return
        }
        isShowingOverlay = true
        view?.displayChoice(ChoiceViewModel(
            kind: .filter, title: "Filter offers",
            options: [
                "Stops: \(filters.maxStops.map(Self.stopsDescription) ?? "any number")",
                "Airlines: \(filters.carriers.isEmpty ? "all" : filters.carriers.sorted().joined(separator: ", "))",
                "Departure time: \(filters.departureWindow.map { "\($0)" } ?? "any time")",
                "Clear all filters",
            ],
            selected: 0))
    }

    /// An option chosen from a list the presenter offered.
    func didChoose(_ index: Int, in choice: AvailabilityChoice) {
        isShowingOverlay = false
        switch choice {
        case .sort:
            guard AvailabilitySort.allCases.indices.contains(index) else { return showCurrentState() }
            didChooseSort(AvailabilitySort.allCases[index])
        case .filter:
            switch index {
            case 0:
                isShowingOverlay = true
                view?.displayChoice(ChoiceViewModel(
                    kind: .stops, title: "Most stops on each leg",
                    options: ["Direct only", "At most 1 stop", "At most 2 stops", "Any number"],
                    selected: filters.maxStops.map { min($0, 2) } ?? 3))
            case 1:
                isShowingOverlay = true
                view?.displayQuestion(QuestionViewModel(
                    kind: .carriers, intro: carrierListLines(),
                    question: "Airlines (codes separated by commas, or all):",
                    defaultAnswer: filters.carriers.isEmpty ? "all" : filters.carriers.sorted().joined(separator: ",")))
            case 2:
                isShowingOverlay = true
                view?.displayQuestion(QuestionViewModel(
                    kind: .departureWindow, intro: [],
                    question: "Leaving between (HH:MM-HH:MM, or any):",
                    defaultAnswer: filters.departureWindow.map { "\($0.from)-\($0.to)" } ?? "any"))
            default:
                didClearFilters()
            }
        case .stops:
            var changed = filters
            changed.maxStops = index < 3 ? index : nil
            apply(changed)
        }
    }

    /// A list or question was left without an answer: show what was there.
    func didDismissPrompt() {
        isShowingOverlay = false
        showCurrentState()
    }

    /// Why `answer` cannot answer `question`, or `nil` when it can.
    func problem(with answer: String, for question: AvailabilityQuestion) -> String? {
        switch question {
        case .carriers:
            if case .failure(let problem) = parseCarriers(answer) { return problem.message }
        case .departureWindow:
            if case .failure(let problem) = Self.parseWindow(answer) { return problem.message }
        }
        return nil
    }

    /// A typed answer to a question the presenter asked.
    func didAnswer(_ answer: String, to question: AvailabilityQuestion) {
        isShowingOverlay = false
        var changed = filters
        switch question {
        case .carriers:
            switch parseCarriers(answer) {
            case .success(let carriers): changed.carriers = carriers
            case .failure(let problem): return complain(problem.message)
            }
        case .departureWindow:
            switch Self.parseWindow(answer) {
            case .success(let window): changed.departureWindow = window
            case .failure(let problem): return complain(problem.message)
            }
        }
        apply(changed)
    }

    /// `c` or `filter clear`: every offer again.
    func didClearFilters() {
        isShowingOverlay = false
        guard hasOffers else {
            view?.displayProblem(unavailableMessage("clear filters"))
            return
        }
        apply(AvailabilityFilters())
    }

    private func apply(_ newFilters: AvailabilityFilters) {
        filters = newFilters
        highlight = 0
        typedNumber = ""
        refreshVisibleOffers()
        showCurrentState()
    }

    private func complain(_ message: String) {
        view?.displayProblem(message)
    }

    private var hasOffers: Bool {
        phase == .results && !(result?.offers.isEmpty ?? true)
    }

    private func refreshVisibleOffers() {
        let all = result?.offers ?? []
        visibleOffers = FlightAvailabilityInteractor.filtered(
            FlightAvailabilityInteractor.sorted(all, by: sort), by: filters)
        highlight = min(highlight, max(0, visibleOffers.count - 1))
    }

    // MARK: Typed commands

    /// One line typed off a TTY: an offer number or a command.
    func didEnterLine(_ line: String) {
        let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let first = words.first else { return }
        if words.count == 1, let number = Int(first) { return didEnterNumber(number) }
        let argument = words.dropFirst().joined(separator: " ")
        switch first.lowercased() {
        case "sort":
            guard !argument.isEmpty else { return didTapSort() }
            guard let chosen = Self.sortNamed(argument) else {
                return complain("Sort by price, duration, departure or arrival (for example: sort duration).")
            }
            guard hasOffers else { return complain(unavailableMessage("sort")) }
            didChooseSort(chosen)
        case "filter", "filters":
            didEnterFilterCommand(Array(words.dropFirst()))
        case "clear":
            didClearFilters()
        case "next", "n":
            didTapNextPage()
        case "prev", "previous", "p":
            didTapPreviousPage()
        case "dates", "date", "d":
            didTapFlexibleDates()
        case "back", "b":
            didTapBack()
        case "retry", "r", "again":
            didTapRetry()
        case "help", "h", "?":
            didTapHelp()
        default:
            view?.displayProblem("“\(line)” is not a command here. Type help to see the commands.")
        }
    }

    private func didEnterFilterCommand(_ words: [String]) {
        guard let kind = words.first?.lowercased() else { return didTapFilter() }
        let value = words.dropFirst().joined(separator: " ")
        guard hasOffers else { return complain(unavailableMessage("filter")) }
        var changed = filters
        switch kind {
        case "stops", "stop":
            switch Self.parseStops(value) {
            case .success(let stops): changed.maxStops = stops
            case .failure(let problem): return complain(problem.message)
            }
        case "carrier", "carriers", "airline", "airlines":
            switch parseCarriers(value) {
            case .success(let carriers): changed.carriers = carriers
            case .failure(let problem): return complain(problem.message)
            }
        case "depart", "departs", "departure", "leave", "leaving":
            switch Self.parseWindow(value) {
            case .success(let window): changed.departureWindow = window
            case .failure(let problem): return complain(problem.message)
            }
        case "clear", "none", "off":
            changed = AvailabilityFilters()
        default:
            return complain(
                "Filter by stops, carrier or depart (for example: filter stops 0, filter carrier BA,VS, "
                    + "filter depart 09:00-12:00), or filter clear.")
        }
        apply(changed)
    }

    /// `?` or `help`.
    func didTapHelp() {
        if inputStyle == .keys { isShowingOverlay = true }
        view?.displayHelp(helpViewModel())
    }

    /// The help was read: show what was there.
    func didDismissHelp() {
        didDismissPrompt()
    }

    // MARK: Flexible dates

    /// `d` or `dates`: the cheapest price per day around the searched date.
    func didTapFlexibleDates() {
        guard phase == .results, let result else {
            view?.displayProblem(unavailableMessage("see other dates"))
            return
        }
        let dates = interactor.flexibleDates(around: request)
        let searched = request.slices.first?.departureDate
        var fares: [CalendarDate: FlexibleDateFare.Outcome] = [:]
        for date in dates {
            if let known = fareCache[request.shifted(toDepartOn: date)] { fares[date] = known }
        }
        // The day searched is already known in full: no need to search it again.
        if let searched, dates.contains(searched) {
            let cheapest = result.offers.min { $0.totalAmount.amount < $1.totalAmount.amount }
            let outcome: FlexibleDateFare.Outcome = cheapest.map { .cheapest($0.totalAmount) } ?? .noOffers
            fares[searched] = outcome
            fareCache[request] = outcome
        }
        flexible = FlexibleDates(
            request: request, dates: dates, fares: fares,
            highlight: searched.flatMap { dates.firstIndex(of: $0) } ?? 0, isFetching: false)
        phase = .flexibleDates
        typedNumber = ""
        fetchMissingFares()
        showCurrentState()
    }

    private func fetchMissingFares() {
        guard var state = flexible, flexibleTask == nil else { return }
        let missing = state.dates.filter { state.fares[$0] == nil }
        guard !missing.isEmpty else { return }
        state.isFetching = true
        flexible = state
        let fares = interactor.cheapestFares(for: state.request, on: missing)
        flexibleTask = Task { [weak self] in
            for await fare in fares {
                guard let self else { return }
                self.fareDidArrive(fare)
            }
            self?.faresDidFinish()
        }
    }

    private func fareDidArrive(_ fare: FlexibleDateFare) {
        guard var state = flexible else { return }
        state.fares[fare.date] = fare.outcome
        flexible = state
        if case .failed = fare.outcome {} else {
            fareCache[state.request.shifted(toDepartOn: fare.date)] = fare.outcome
        }
        // Off a TTY the grid is written once, complete; on a TTY it fills in as the days arrive.
        if phase == .flexibleDates, inputStyle == .keys, !isShowingOverlay { showCurrentState() }
    }

    private func faresDidFinish() {
        flexibleTask = nil
        guard flexible?.isFetching == true else { return }
        flexible?.isFetching = false
        if phase == .flexibleDates, !isShowingOverlay { showCurrentState() }
    }

    private func stopFlexibleSearches() {
        flexibleTask?.cancel()
        flexibleTask = nil
        flexible?.isFetching = false
        // Days whose search was stopped are searched again next time.
        if var state = flexible {
            state.fares = state.fares.filter { if case .failed(.cancelled) = $0.value { return false } else { return true } }
            flexible = state
        }
    }

    private func leaveFlexibleDates() {
        stopFlexibleSearches()
        phase = .results
        showCurrentState()
    }

    private func selectDate(at index: Int) {
        guard let state = flexible, state.dates.indices.contains(index) else { return }
        stopFlexibleSearches()
        let chosen = state.request.shifted(toDepartOn: state.dates[index])
        if chosen == request, result != nil {
            phase = .results
            return showCurrentState()
        }
        request = chosen
        result = nil
        visibleOffers = []
        highlight = 0
        startSearch()
    }

    // MARK: table and json

    /// The `table` and `json` presentations: search, write the offers once, tell the router. Reads nothing.
    func runReport() async {
        view?.displayDiagnostic("Searching flights \(AvailabilityFormat.routeCodes(request)) on \(AvailabilityFormat.dates(request))…\n")
        let found: OfferSearchResult
        do throws(ServiceError) {
            found = try await interactor.search(request)
        } catch {
            view?.displayDiagnostic(Self.diagnostic(for: error))
            router?.availabilityDidFinish(.failed(error))
            return
        }
        result = found
        phase = .results
        let ordered = FlightAvailabilityInteractor.sorted(found.offers, by: sort)
        let shown = limit.map { Array(ordered.prefix(max(0, $0))) } ?? ordered
        switch presentation {
        case .json:
            do throws(ServiceError) {
                view?.displayDocument(try FlightAvailabilityInteractor.jsonDocument(
                    offerRequestID: found.offerRequest.id, search: request, offers: shown))
            } catch {
                view?.displayDiagnostic(Self.diagnostic(for: error))
                router?.availabilityDidFinish(.failed(error))
                return
            }
        case .table, .interactive:
            view?.displayReport(reportViewModel(found: found, shown: shown, total: ordered.count))
        }
        router?.availabilityDidFinish(ordered.isEmpty ? .noOffers : .shown(offers: shown.count))
    }

    private static func diagnostic(for error: ServiceError) -> String {
        var lines = ["✗ \(error.message)"]
        if let details = error.apiError?.errors.dropFirst(), !details.isEmpty {
            lines += details.map { "  \($0.description)" }
        }
        if !error.suggestion.isEmpty { lines.append("  \(error.suggestion)") }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Showing

    /// Shows the current phase again.
    func showCurrentState() {
        guard let view else { return }
        switch phase {
        case .idle:
            break
        case .searching:
            view.displayLoading(LoadingViewModel(
                header: header(),
                message: "Searching flights \(AvailabilityFormat.routeCodes(request)) on \(AvailabilityFormat.dates(request))…",
                legend: inputStyle == .keys ? "Esc cancel · b back to the search" : ""))
        case .results:
            showResults(on: view)
        case .failed(let error):
            view.displayError(errorViewModel(for: error))
        case .cancelled:
            view.displayError(ErrorViewModel(
                header: header(), isCancellation: true, message: "Search cancelled.", details: [],
                suggestion: inputStyle == .keys
                    ? "Press r to search again, or b to change the search."
                    : "Type retry to search again, or back to change the search.",
                legend: inputStyle == .keys ? "r search again · b back to the search · ? help" : "Commands: retry, back, help.",
                prompt: "Command: "))
        case .flexibleDates:
            guard let state = flexible else { return }
            if inputStyle == .lines, state.isFetching {
                view.displayLoading(LoadingViewModel(
                    header: header(),
                    message: "Finding the cheapest day around \(AvailabilityFormat.day(state.request.slices.first?.departureDate))…",
                    legend: ""))
            } else {
                view.displayFlexibleDates(flexibleViewModel(state))
            }
        }
    }

    private func showResults(on view: any FlightAvailabilityView) {
        guard let result else { return }
        let keys = inputStyle == .keys
        if result.offers.isEmpty {
            view.displayNoOffers(NoOffersViewModel(
                header: header(),
                message: "No flights found for \(AvailabilityFormat.route(request, result.offerRequest)) on \(AvailabilityFormat.dates(request)).",
                suggestion: keys
                    ? "Try other days (d shows the cheapest days around it), or change the search (b)."
                    : "Try other days (type dates to see the cheapest days around it), or change the search (type back).",
                legend: keys ? "d other dates · r search again · b back to the search · ? help" : "Commands: dates, retry, back, help.",
                prompt: "Command: "))
        } else if visibleOffers.isEmpty {
            view.displayNoOffers(NoOffersViewModel(
                header: header(),
                message: "None of the \(AvailabilityFormat.count(result.offers.count, "offer")) matches the filters (\(filterSummary)).",
                suggestion: keys
                    ? "Clear the filters (c), change them (f), or change the search (b)."
                    : "Type filter clear, change a filter (filter stops 1), or type back to change the search.",
                legend: keys ? "c clear filters · f filter · d other dates · b back · ? help" : "Commands: filter clear, filter …, dates, back, help.",
                prompt: "Command: "))
        } else {
            view.display(resultsViewModel(result))
        }
    }

    private func resultsViewModel(_ result: OfferSearchResult) -> ResultsViewModel {
        let perPage = offersPerPage
        let start = currentPage * perPage
        let end = min(start + perPage, visibleOffers.count)
        let rows = (start..<end).map { index in
            AvailabilityFormat.row(
                visibleOffers[index], number: index + 1, highlighted: inputStyle == .keys && index == highlight,
                searched: request.slices)
        }
        var status = "Sort: \(sort.rawValue) · Filters: \(filters.isEmpty ? "none" : filterSummary)"
        status += " · Page \(currentPage + 1) of \(pageCount) (offers \(start + 1)–\(end) of \(visibleOffers.count)"
        status += filters.isEmpty ? ")" : "; \(result.offers.count) without filters)"
        let legend: String
        if inputStyle == .keys {
            var keys = ["↑↓ Enter choose", "s sort", "f filter"]
            if !filters.isEmpty { keys.append("c clear") }
            keys.append("d dates")
            if pageCount > 1 { keys.append("n/p page") }
            keys += ["b back", "? help"]
            legend = keys.joined(separator: " · ")
        } else {
            var commands = ["sort", "filter"]
            if pageCount > 1 { commands += ["next", "prev"] }
            commands += ["dates", "back", "help"]
            legend = "Type an offer number, or: \(commands.joined(separator: ", "))."
        }
        return ResultsViewModel(
            header: header(), status: status, rows: rows, showsLegRoute: request.slices.count > 1,
            legend: legend, prompt: "Offer number or command: ")
    }

    private func reportViewModel(found: OfferSearchResult, shown: [Offer], total: Int) -> ReportViewModel {
        var footnote: String?
        if total == 0 {
            footnote = "No flights found for \(AvailabilityFormat.route(request, found.offerRequest)) on \(AvailabilityFormat.dates(request))."
        } else if shown.count < total {
            footnote = "Showing \(shown.count) of \(AvailabilityFormat.count(total, "offer"))."
        }
        return ReportViewModel(
            header: header(),
            status: "Sort: \(sort.rawValue)",
            rows: shown.enumerated().map {
                AvailabilityFormat.row($0.element, number: $0.offset + 1, highlighted: false, searched: request.slices)
            },
            showsLegRoute: request.slices.count > 1,
            footnote: footnote)
    }

    private func errorViewModel(for error: ServiceError) -> ErrorViewModel {
        let keys = inputStyle == .keys
        let isValidation = error.apiError?.has(.validation) ?? false
        var suggestion = error.suggestion
        if isValidation {
            suggestion = keys ? "Go back (b) to edit the search, then search again." : "Type back to edit the search, then search again."
        }
        return ErrorViewModel(
            header: header(), isCancellation: false, message: error.message,
            details: error.apiError?.errors.dropFirst().map(\.description) ?? [],
            suggestion: suggestion,
            legend: keys
                ? (isValidation ? "b back to edit the search · r retry · ? help" : "r retry · b back to the search · ? help")
                : "Commands: retry, back, help.",
            prompt: "Command: ")
    }

    private func flexibleViewModel(_ state: FlexibleDates) -> FlexibleDatesViewModel {
        let searched = request.slices.first?.departureDate
        let prices = state.fares.values.compactMap { outcome -> Decimal? in
            if case .cheapest(let money) = outcome { return money.amount }
            return nil
        }
        let lowest = prices.min()
        var anyFailed = false
        let rows = state.dates.enumerated().map { index, date in
            let outcome = state.fares[date]
            var fare = "…"
            var note = "searching"
            var failed = false
            switch outcome {
            case .cheapest(let money)?:
                fare = money.formatted
                note = money.amount == lowest && prices.count > 1 ? "lowest" : ""
            case .noOffers?:
                fare = "none"
                note = "no flights"
            case .failed(let error)?:
                fare = "failed"
                note = AvailabilityFormat.shortReason(error)
                failed = true
                anyFailed = true
            case nil:
                break
            }
            if date == searched { note = note.isEmpty ? "your search" : "your search, \(note)" }
            return FlexibleDateRowViewModel(
                number: index + 1, date: AvailabilityFormat.day(date), fare: fare, note: note,
                isHighlighted: inputStyle == .keys && index == state.highlight, isFailure: failed)
        }
        var footnote = "The lowest total for every passenger; each leg moves by the same number of days."
        if state.dates.count < 2 * FlightAvailabilityInteractor.flexibleDaySpan + 1 {
            footnote += " Days already past are left out."
        }
        if state.isFetching { footnote += " Still searching…" }
        if anyFailed {
            footnote += inputStyle == .keys ? " Press r to search the failed days again." : " Type retry to search the failed days again."
        }
        return FlexibleDatesViewModel(
            header: header(),
            title: "Cheapest price per day, \(FlightAvailabilityInteractor.flexibleDaySpan) days either side",
            rows: rows, footnote: footnote,
            legend: inputStyle == .keys
                ? "↑↓ Enter search that day · r retry failed days · Esc back to the offers · ? help"
                : "Type a day's number to search it, retry for failed days, or back for the offers.",
            prompt: "Day number or command: ")
    }

    private func helpViewModel() -> HelpViewModel {
        typealias Row = HelpViewModel.Row
        if inputStyle == .keys {
            return HelpViewModel(title: "Keys", rows: [
                Row(keys: "↑ ↓", meaning: "move the highlight (the page follows)"),
                Row(keys: "Enter", meaning: "choose the highlighted offer (or day)"),
                Row(keys: "1–9", meaning: "jump to an offer by its number"),
                Row(keys: "n p", meaning: "next and previous page (also PgDn, PgUp)"),
                Row(keys: "s", meaning: "sort by price, duration, departure or arrival"),
                Row(keys: "f", meaning: "filter by stops, airline or departure time"),
                Row(keys: "c", meaning: "clear the filters"),
                Row(keys: "d", meaning: "flexible dates: the cheapest price 3 days either side"),
                Row(keys: "r", meaning: "search again"),
                Row(keys: "Esc b", meaning: "back (from a search in progress: cancel it with Esc)"),
                Row(keys: "?", meaning: "this help"),
            ], legend: "Press any key to go back.")
        }
        return HelpViewModel(title: "Commands", rows: [
            Row(keys: "3", meaning: "choose offer 3 (or day 3 in the flexible dates)"),
            Row(keys: "next, prev", meaning: "next and previous page"),
            Row(keys: "sort duration", meaning: "order by price, duration, departure or arrival"),
            Row(keys: "filter stops 0", meaning: "at most this many stops on each leg (any for all)"),
            Row(keys: "filter carrier BA,VS", meaning: "only these airlines (all for every airline)"),
            Row(keys: "filter depart 09:00-12:00", meaning: "first leg leaving in this window (any for all)"),
            Row(keys: "filter clear", meaning: "every offer again"),
            Row(keys: "dates", meaning: "the cheapest price 3 days either side"),
            Row(keys: "retry", meaning: "search again"),
            Row(keys: "back", meaning: "back to the search (from the dates: to the offers)"),
            Row(keys: "help", meaning: "this help"),
        ], legend: "")
    }

    private func header() -> AvailabilityHeaderViewModel {
        let offerRequest = result?.offerRequest
        var details = [AvailabilityFormat.dates(request), AvailabilityFormat.passengers(request.passengers),
                       request.cabinClass?.displayName ?? "Any cabin"]
        if phase == .results || phase == .flexibleDates, let result {
            details.append(AvailabilityFormat.count(result.offers.count, "offer"))
        }
        return AvailabilityHeaderViewModel(
            title: AvailabilityFormat.route(request, offerRequest), details: details.joined(separator: " · "))
    }

    private var filterSummary: String {
        var parts: [String] = []
        if let maxStops = filters.maxStops { parts.append(Self.stopsDescription(maxStops).lowercased()) }
        if !filters.carriers.isEmpty { parts.append(filters.carriers.sorted().joined(separator: "/")) }
        if let window = filters.departureWindow { parts.append("leaving \(window)") }
        return parts.joined(separator: ", ")
    }

    private func carrierListLines() -> [String] {
        let carriers = FlightAvailabilityInteractor.carriers(in: result?.offers ?? [])
        guard !carriers.isEmpty else { return [] }
        return ["Airlines in these offers: "
            + carriers.map { "\($0.iataCode ?? "?") \($0.name)" }.joined(separator: ", ")]
    }

    private func unavailableMessage(_ action: String) -> String {
        switch phase {
        case .searching: return "The search is still running; wait for the offers to \(action)."
        case .failed, .cancelled:
            return inputStyle == .keys
                ? "There are no offers to \(action): search again (r) or go back (b)."
                : "There are no offers to \(action): type retry or back."
        case .flexibleDates:
            return inputStyle == .keys
                ? "Leave the dates first (Esc) to \(action)."
                : "Type back to leave the dates first, then \(action)."
        case .idle, .results:
            guard let result, !result.offers.isEmpty else { return "There are no offers to \(action)." }
            return inputStyle == .keys
                ? "No offer matches the filters: clear them (c) to \(action)."
                : "No offer matches the filters: type filter clear to \(action)."
        }
    }

    // MARK: Parsing what was typed

    /// What was wrong with something typed, in words.
    struct InputProblem: Error, Equatable {
        /// The message to show.
        var message: String
    }

    static func sortDescription(_ sort: AvailabilitySort) -> String {
        switch sort {
        case .price: "Price (cheapest first)"
        case .duration: "Duration (shortest first)"
        case .departure: "Departure (earliest first)"
        case .arrival: "Arrival (earliest first)"
        }
    }

    static func sortNamed(_ name: String) -> AvailabilitySort? {
        let key = name.lowercased().trimmingCharacters(in: .whitespaces)
        guard key.count >= 3 else { return nil }
        return AvailabilitySort.allCases.first { $0.rawValue.hasPrefix(key) }
            ?? (["cheapest", "cost", "fare"].contains(key) ? .price : nil)
            ?? (["length", "time", "shortest"].contains(key) ? .duration : nil)
    }

    static func stopsDescription(_ stops: Int) -> String {
        switch stops {
        case 0: "Direct only"
        case 1: "At most 1 stop"
        default: "At most \(stops) stops"
        }
    }

    /// `0`, `1`, `2`, `direct`, or `any` (no limit).
    static func parseStops(_ text: String) -> Result<Int?, InputProblem> {
        let value = text.trimmingCharacters(in: .whitespaces).lowercased()
        if ["any", "all", ""].contains(value) { return .success(nil) }
        if ["direct", "nonstop", "non-stop"].contains(value) { return .success(0) }
        guard let stops = Int(value), stops >= 0 else {
            return .failure(InputProblem(
                message: "Give the most stops as a number (0 for direct flights only), or any: “\(text)” is not one."))
        }
        return .success(stops)
    }

    /// Airline codes separated by commas or spaces (`BA,VS`), or `all`; each must fly in these offers.
    func parseCarriers(_ text: String) -> Result<Set<String>, InputProblem> {
        let codes = text.uppercased().split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init)
        if codes.isEmpty || codes == ["ALL"] || codes == ["ANY"] { return .success([]) }
        let known = FlightAvailabilityInteractor.carriers(in: result?.offers ?? [])
        let knownCodes = Set(known.compactMap { $0.iataCode?.uppercased() })
        let listed = known.compactMap(\.iataCode).joined(separator: ", ")
        for code in codes {
            let isDesignator = code.count == 2 && code.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            guard isDesignator else {
                return .failure(InputProblem(
                    message: "“\(code)” is not an airline code: use two letters or digits, like BA or B6 (airlines here: \(listed))."))
            }
            guard knownCodes.contains(code) else {
                return .failure(InputProblem(message: "No flight in these offers is with \(code); airlines here: \(listed)."))
            }
        }
        return .success(Set(codes))
    }

    /// `09:00-12:00` (a hyphen or an en dash; `9:00` too), or `any`.
    static func parseWindow(_ text: String) -> Result<TimeWindow?, InputProblem> {
        let value = text.trimmingCharacters(in: .whitespaces)
        if ["any", "all", ""].contains(value.lowercased()) { return .success(nil) }
        let ends = value.split(whereSeparator: { $0 == "-" || $0 == "–" }).map { $0.trimmingCharacters(in: .whitespaces) }
        guard ends.count == 2, let from = LocalTime(ends[0]), let to = LocalTime(ends[1]) else {
            return .failure(InputProblem(
                message: "Give the departure window as HH:MM-HH:MM, like 09:00-12:00, or any: “\(text)” is not one."))
        }
        let window = TimeWindow(from: from, to: to)
        guard window.isValid else {
            return .failure(InputProblem(message: "The window \(window) ends before it starts; give the earlier time first."))
        }
        return .success(window)
    }
}

/// How offers, legs, places, dates and passengers read on the screen.
enum AvailabilityFormat {
    /// One offer as a table row: a line per leg, the price on the first. `searched` are the search's legs: where
    /// one named a city (LON), each time says which of its airports the flight uses.
    static func row(_ offer: Offer, number: Int, highlighted: Bool, searched: [SearchSlice] = []) -> OfferRowViewModel {
        OfferRowViewModel(
            number: number, offerID: offer.id,
            legs: offer.slices.enumerated().map { index, slice in
                leg(slice, searched: index < searched.count ? searched[index] : nil)
            },
            price: offer.totalAmount.formatted, isHighlighted: highlighted)
    }

    /// One leg as a line.
    static func leg(_ slice: Slice, searched: SearchSlice? = nil) -> LegLineViewModel {
        var departs = slice.departingAt.map { "\($0.time)" } ?? ""
        var arrives = arrival(slice)
        if let searched, let from = slice.segments.first?.origin.iataCode, from != searched.origin {
            departs += " \(from)"
        }
        if let searched, let to = slice.segments.last?.destination.iataCode, to != searched.destination {
            arrives += " \(to)"
        }
        return LegLineViewModel(
            route: "\(slice.origin.iataCode)–\(slice.destination.iataCode)",
            departs: departs,
            arrives: arrives,
            duration: slice.totalDuration.formatted,
            stops: stops(slice),
            airline: airline(slice),
            flights: flights(slice),
            fare: fare(slice))
    }

    /// The arrival's local time, with the day difference from the departure when there is one: `07:05+1`.
    static func arrival(_ slice: Slice) -> String {
        guard let arriving = slice.arrivingAt else { return "" }
        guard let departing = slice.departingAt else { return "\(arriving.time)" }
        let days = departing.dayOffset(to: arriving)
        switch days {
        case 0: return "\(arriving.time)"
        case 1...: return "\(arriving.time)+\(days)"
        default: return "\(arriving.time)\(days)"
        }
    }

    /// `Direct`, `1 stop KEF`, `2 stops DUB, BOS`.
    static func stops(_ slice: Slice) -> String {
        let count = FlightAvailabilityInteractor.stops(in: slice)
        guard count > 0 else { return "Direct" }
        let airports = FlightAvailabilityInteractor.stopAirports(in: slice).map(\.iataCode).joined(separator: ", ")
        return "\(count) \(count == 1 ? "stop" : "stops") \(airports)"
    }

    /// The airlines selling the leg's flights, by name.
    static func airline(_ slice: Slice) -> String {
        var names: [String] = []
        for segment in slice.segments where !names.contains(segment.marketingCarrier.name) {
            names.append(segment.marketingCarrier.name)
        }
        return names.joined(separator: " + ")
    }

    /// The flight numbers; a flight another airline flies says so: `BA4417 op. AA`.
    static func flights(_ slice: Slice) -> String {
        slice.segments.map { segment in
            guard segment.isOperatedByAnotherCarrier else { return segment.flightNumber }
            return "\(segment.flightNumber) op. \(segment.operatingCarrier.iataCode ?? segment.operatingCarrier.name)"
        }.joined(separator: ", ")
    }

    /// The airline's fare (`Basic`, `Flex`), which tells apart offers on the same flights; the cabin when the
    /// airline names no fare.
    static func fare(_ slice: Slice) -> String {
        if let brand = slice.fareBrandName, !brand.isEmpty { return brand }
        return cabin(slice)
    }

    /// The cabin of the leg's flights (for the first passenger; every passenger of an offer sits alike).
    static func cabin(_ slice: Slice) -> String {
        var names: [String] = []
        for segment in slice.segments {
            guard let name = segment.passengers.first?.cabinClass.displayName, !names.contains(name) else { continue }
            names.append(name)
        }
        return names.joined(separator: " / ")
    }

    /// `London (LHR) → New York (JFK)`, from the offer request's places when known, else the codes searched.
    static func route(_ request: SearchRequest, _ offerRequest: OfferRequest?) -> String {
        let legs: [(String, String)]
        if let slices = offerRequest?.slices, slices.count == request.slices.count {
            legs = slices.map { (place($0.origin), place($0.destination)) }
        } else {
            legs = request.slices.map { ($0.origin, $0.destination) }
        }
        guard let first = legs.first else { return "" }
        if request.tripKind == .roundTrip { return "\(first.0) ⇄ \(first.1)" }
        let chained = zip(request.slices, request.slices.dropFirst()).allSatisfy { $0.destination == $1.origin }
        if chained { return ([first.0] + legs.map(\.1)).joined(separator: " → ") }
        return legs.map { "\($0.0) → \($0.1)" }.joined(separator: " · ")
    }

    /// `LHR → JFK`, for progress messages.
    static func routeCodes(_ request: SearchRequest) -> String {
        route(request, nil)
    }

    /// `London (LHR)`: the city an airport serves, or the city itself, with the code.
    static func place(_ place: Place) -> String {
        let name = place.kind == .city ? place.name : (place.cityName ?? place.name)
        return "\(name) (\(place.iataCode))"
    }

    /// `Fri 18 Dec`; for a round trip `Fri 18 Dec – Mon 28 Dec`; multi-city, every leg's day.
    static func dates(_ request: SearchRequest) -> String {
        let days = request.slices.map { day($0.departureDate) }
        return days.joined(separator: request.tripKind == .roundTrip ? " – " : ", ")
    }

    /// `Fri 18 Dec`.
    static func day(_ date: CalendarDate?) -> String {
        date.map { TravelFormat.day($0, withYear: false) } ?? ""
    }

    /// `2 adults, 1 child, 1 infant`.
    static func passengers(_ passengers: [PassengerSpec]) -> String {
        var adults = 0, children = 0, infants = 0
        for passenger in passengers {
            switch passenger {
            case .adult: adults += 1
            case .child: children += 1
            case .infantOnLap: infants += 1
            }
        }
        var parts: [String] = []
        if adults > 0 { parts.append(count(adults, "adult")) }
        if children > 0 { parts.append(children == 1 ? "1 child" : "\(children) children") }
        if infants > 0 { parts.append(count(infants, "infant")) }
        return parts.isEmpty ? "no passengers" : parts.joined(separator: ", ")
    }

    /// `1 offer`, `14 offers`.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// A few words for a day's failed search, to fit in the flexible-dates grid.
    static func shortReason(_ error: ServiceError) -> String {
        switch error {
        case .timedOut: return "no answer in time"
        case .cannotConnect, .insecureConnection, .transport: return "no connection"
        case .api(let apiError, _):
            if apiError.status == 429 || apiError.has(.rateLimit) { return "too many requests" }
            if apiError.has(.validation) { return "cannot be searched" }
            if apiError.has(.airline) { return "airline error" }
            if apiError.status >= 500 || apiError.has(.api) { return "service error" }
            return "error \(apiError.status)"
        case .unexpectedStatus(let code, _): return code >= 500 ? "service error" : "error \(code)"
        case .malformedResponse, .responseTooLarge: return "unreadable answer"
        case .cancelled: return "cancelled"
        }
    }
}
