import Entities
import Foundation
import Services

/// Where the traveller is in the form.
enum FlightSearchStep: Hashable, Sendable {
    case origin(leg: Int)
    case destination(leg: Int)
    case departure(leg: Int)
    case returnDate
    /// Picking one of the places suggested for what was typed in a place field.
    case choosePlace(FlightSearchField)
    /// The whole search on one line: Enter searches, a letter changes something.
    case review
    /// The legs of a multi-city trip: add, remove, change.
    case legs
    case adults
    case children
    case infants
    case cabin
    case connections
    case departureWindow
    /// Handed over to the router (searched or left); nothing is asked until the screen is shown again.
    case done
}

/// Runs the search form: asks one field after another, reads each answer through the interactor, keeps everything
/// typed, and hands a validated request to the router.
@MainActor
final class FlightSearchPresenter {
    weak var view: (any FlightSearchView)?
    private weak var router: (any FlightSearchRouter)?
    let interactor: FlightSearchInteractor
    private let input: FlightSearchInput

    private(set) var draft: FlightSearchDraft
    private(set) var step: FlightSearchStep = .origin(leg: 0)

    /// A run of steps the traveller goes through in order, and where Back leads from its first step.
    struct Plan: Equatable {
        enum Exit: Equatable {
            /// Leave the screen: the first step of the form.
            case leave
            /// Back to the one-line review.
            case review
            /// Back to the list of legs (dropping a leg being added).
            case legs
        }

        var steps: [FlightSearchStep]
        var exit: Exit
    }

    private var plan = Plan(steps: [.origin(leg: 0)], exit: .leave)
    private var position = 0
    /// Text the input gave for a step, read as if typed when the step comes up.
    private var prefill: [FlightSearchStep: String] = [:]
    /// What a place field's list offers, while it is shown.
    private(set) var suggestions: [Place] = []
    /// Text typed into a place field whose look-up failed or was cut short: offered again as the default, so Enter
    /// retries it and nothing typed is lost.
    private var retryText: (step: FlightSearchStep, text: String)?
    /// The leg being added from the list of legs, dropped if the traveller backs out of it.
    private var addingLeg: Int?
    private var appearances = 0

    init(input: FlightSearchInput, interactor: FlightSearchInteractor, router: any FlightSearchRouter) {
        self.input = input
        self.interactor = interactor
        self.router = router
        self.draft = FlightSearchDraft(input: input)
    }

    // MARK: Events from the view

    /// The screen is shown (first, or again after availability was popped).
    func didAppear() async {
        appearances += 1
        switch input.mode {
        case .interactive:
            break
        case .unattended:
            // Unattended means never asking: coming back has nothing left to do here.
            return appearances == 1 ? await searchUnattended() : leave()
        case .placeLookup(let query, let json):
            return appearances == 1 ? await listPlaces(query, json: json) : leave()
        }
        view?.displayHeader(header)
        if appearances == 1 {
            applyPrefill()
            await start(routePlan())
            return
        }
        switch step {
        case .done, .review:
            view?.display(formViewModel)
            await enter(.review, showingSummary: false)
        default:
            ask()
        }
    }

    /// A line was entered (the default when nothing was typed).
    func didEnter(_ text: String) async {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "q": leave()
        case "b": await didTapBack()
        default: await handle(text)
        }
    }

    /// An option of the list on screen was chosen.
    func didChoose(_ index: Int) async {
        switch step {
        case .choosePlace(let field):
            guard suggestions.indices.contains(index) else { return ask() }
            await settle(ChosenPlace(suggestions[index]), in: field)
        case .cabin:
            guard CabinClass.allCases.indices.contains(index) else { return ask() }
            draft.cabin = CabinClass.allCases[index]
            view?.displayConfirmation(draft.cabin.displayName)
            await advance()
        case .connections:
            guard BookingRules.connectionRange.contains(index) else { return ask() }
            draft.maxConnections = index
            view?.displayConfirmation(Self.connections(index, short: false))
            await advance()
        default:
            ask()
        }
    }

    /// The traveller asked to go back a step (Esc, or `b`).
    func didTapBack() async {
        switch step {
        case .choosePlace(let field):
            suggestions = []
            await enter(field.step)
        case .legs:
            await enter(.review)
        case .done:
            break
        default:
            if position > 0 {
                position -= 1
                await enter(plan.steps[position])
                return
            }
            switch plan.exit {
            case .leave:
                leave()
            case .review:
                await enter(.review)
            case .legs:
                if let adding = addingLeg, draft.legs.indices.contains(adding) { draft.legs.remove(at: adding) }
                addingLeg = nil
                await enter(.legs)
            }
        }
    }

    /// The input ended: the traveller is gone.
    func didEndInput() {
        leave()
    }

    /// Ctrl-C: leave the screen rather than leave a half-finished prompt.
    func didInterrupt() {
        leave()
    }

    // MARK: Moving through the form

    private func start(_ plan: Plan, at index: Int = 0) async {
        self.plan = plan
        position = min(max(0, index), plan.steps.count - 1)
        await enter(plan.steps[position])
    }

    private func advance() async {
        guard position + 1 < plan.steps.count else { return await enter(.review) }
        position += 1
        await enter(plan.steps[position])
    }

    private func enter(_ next: FlightSearchStep, showingSummary: Bool = true) async {
        retryText = nil
        switch next {
        case .review:
            if let text = prefill.removeValue(forKey: .departureWindow) {
                // A window given on the command line is read before the review, like any other typed field.
                plan = Plan(steps: [.departureWindow, .review], exit: .review)
                position = 0
                step = .departureWindow
                return await handle(text)
            }
            addingLeg = nil
            plan = routePlan()
            position = plan.steps.count - 1
            step = .review
            if showingSummary { view?.displaySummary(summaryViewModel) }
            ask()
        case .legs:
            addingLeg = nil
            step = .legs
            view?.displayLegs(legsViewModel)
            ask()
        default:
            step = next
            if let text = prefill.removeValue(forKey: next) { return await handle(text) }
            ask()
        }
    }

    /// The form's fast path: each leg's places and date, the return for a one-leg trip, then the review.
    private func routePlan() -> Plan {
        var steps = draft.legs.indices.flatMap { leg -> [FlightSearchStep] in
            [.origin(leg: leg), .destination(leg: leg), .departure(leg: leg)]
        }
        if !draft.isMultiCity { steps.append(.returnDate) }
        steps.append(.review)
        return Plan(steps: steps, exit: .leave)
    }

    private func leave() {
        step = .done
        suggestions = []
        view?.displayProgress(nil)
        view?.finish()
        router?.navigateBack()
    }

    private func ask() {
        view?.ask(question(for: step))
    }

    private func showError(_ messages: [String], hint: String? = nil) {
        view?.displayError(FlightSearchErrorViewModel(messages: messages, hint: hint))
    }

    // MARK: Reading answers

    private func handle(_ text: String) async {
        switch step {
        case .origin(let leg): await enterPlace(text, in: .origin(leg: leg))
        case .destination(let leg): await enterPlace(text, in: .destination(leg: leg))
        case .departure(let leg): await enterDeparture(text, leg: leg)
        case .returnDate: await enterReturn(text)
        case .adults: await enterAdults(text)
        case .children: await enterChildren(text)
        case .infants: await enterInfants(text)
        case .departureWindow: await enterDepartureWindow(text)
        case .review: await enterReviewAction(text)
        case .legs: await enterLegsAction(text)
        case .choosePlace, .cabin, .connections: ask()
        case .done: break
        }
    }

    private func enterPlace(_ text: String, in field: FlightSearchField) async {
        retryText = nil
        let typed = text.trimmingCharacters(in: .whitespaces)
        guard !typed.isEmpty else {
            showError(["Type a city, an airport or a code, like London, Heathrow or LHR."])
            return ask()
        }
        if let current = draft.place(in: field), typed == current.code {
            return await settle(current, in: field)
        }
        view?.displayProgress("Looking up “\(typed)”…")
        let found: Result<[Place], ServiceError>
        do {
            found = .success(try await interactor.suggestions(for: typed))
        } catch {
            found = .failure(error)
        }
        view?.displayProgress(nil)
        switch found {
        case .failure(.cancelled):
            // The screen is being covered; the question comes back with it, holding what was typed.
            retryText = (step, typed)
            ask()
        case .failure(let error):
            showError(
                [[error.message, error.suggestion].filter { !$0.isEmpty }.joined(separator: " ")],
                hint: "Press Enter to look up “\(typed)” again, or type another place.")
            retryText = (step, typed)
            ask()
        case .success(let places) where places.isEmpty:
            showError([FlightSearchInputError.unknownPlace(typed).message])
            ask()
        case .success(let places):
            if let exact = FlightSearchInteractor.exactCode(typed, in: places) {
                return await settle(ChosenPlace(exact), in: field)
            }
            suggestions = Array(places.prefix(FlightSearchInteractor.suggestionLimit))
            step = .choosePlace(field)
            ask()
        }
    }

    private func settle(_ place: ChosenPlace, in field: FlightSearchField) async {
        suggestions = []
        step = field.step
        draft.setPlace(place, in: field)
        let problems = interactor.issues(in: draft, complete: false).filter { $0.field == field }
        guard problems.isEmpty else {
            draft.setPlace(nil, in: field)
            showError(problems.map(\.message))
            return ask()
        }
        view?.displayConfirmation("\(place.longName) (\(place.code))")
        await advance()
    }

    private func enterDeparture(_ text: String, leg: Int) async {
        let base = leg > 0 ? draft.legs[leg - 1].date : nil
        let date: CalendarDate
        do {
            date = try interactor.date(text, base: base)
        } catch {
            showError([error.message])
            return ask()
        }
        let previous = draft.legs[leg].date
        draft.legs[leg].date = date
        let problems = interactor.issues(in: draft, complete: false).filter { $0.field == .departure(leg: leg) }
        guard problems.isEmpty else {
            draft.legs[leg].date = previous
            showError(problems.map(\.message))
            return ask()
        }
        view?.displayConfirmation(FlightSearchDateReader.display(date))
        await advance()
    }

    private func enterReturn(_ text: String) async {
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        if FlightSearchInteractor.noneWords.contains(word) {
            draft.returnDate = nil
            view?.displayConfirmation("One way")
            return await advance()
        }
        let date: CalendarDate
        do {
            date = try interactor.date(text, base: draft.legs.first?.date)
        } catch {
            showError([error.message])
            return ask()
        }
        let previous = draft.returnDate
        draft.returnDate = date
        let problems = interactor.issues(in: draft, complete: false).filter { $0.field == .returnDate }
        guard problems.isEmpty else {
            draft.returnDate = previous
            showError(problems.map(\.message))
            return ask()
        }
        view?.displayConfirmation(FlightSearchDateReader.display(date))
        await advance()
    }

    private func enterAdults(_ text: String) async {
        do {
            draft.adults = try FlightSearchInteractor.count(
                text, in: 1...BookingRules.maxPassengers,
                problem: "Give the number of adults, from 1 to \(BookingRules.maxPassengers); children and infants travel with an adult.")
        } catch {
            showError([error.message])
            return ask()
        }
        await advance()
    }

    private func enterChildren(_ text: String) async {
        let ages: [Int]
        do {
            ages = try FlightSearchInteractor.childAges(text)
        } catch {
            showError([error.message])
            return ask()
        }
        // Infants are asked next; judge the children without the infants typed before.
        var probe = draft
        probe.childAges = ages
        probe.infants = 0
        let problems = interactor.issues(in: probe, complete: false).filter { $0.field == .passengers }
        guard problems.isEmpty else {
            showError(problems.map(\.message))
            return ask()
        }
        draft.childAges = ages
        await advance()
    }

    private func enterInfants(_ text: String) async {
        let infants: Int
        do {
            infants = try FlightSearchInteractor.count(
                text, in: 0...BookingRules.maxPassengers,
                problem: "Give the number of infants under \(BookingRules.infantAgeLimit) on a lap, from 0 to \(draft.adults) (one per adult).")
        } catch {
            showError([error.message])
            return ask()
        }
        var probe = draft
        probe.infants = infants
        let problems = interactor.issues(in: probe, complete: false).filter { $0.field == .passengers }
        guard problems.isEmpty else {
            showError(problems.map(\.message))
            return ask()
        }
        draft.infants = infants
        view?.displayConfirmation(Self.passengers(draft))
        await advance()
    }

    private func enterDepartureWindow(_ text: String) async {
        let window: TimeWindow?
        do {
            window = try FlightSearchInteractor.departureWindow(text)
        } catch {
            showError([error.message])
            return ask()
        }
        var probe = draft
        probe.departureWindow = window
        let problems = interactor.issues(in: probe, complete: false).filter { $0.field == .departureWindow }
        guard problems.isEmpty else {
            showError(problems.map(\.message))
            return ask()
        }
        draft.departureWindow = window
        view?.displayConfirmation(Self.window(window, short: false))
        await advance()
    }

    // MARK: Review and legs

    private func enterReviewAction(_ text: String) async {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "": await search()
        case "p": await start(Plan(steps: [.adults, .children, .infants, .review], exit: .review))
        case "c": await start(Plan(steps: [.cabin, .review], exit: .review))
        case "o": await start(Plan(steps: [.connections, .review], exit: .review))
        case "t": await start(Plan(steps: [.departureWindow, .review], exit: .review))
        case "r": await start(routePlan())
        case "m": await openLegs()
        default:
            showError(["Press Enter to search, or one of the letters shown to change something."])
            ask()
        }
    }

    private func openLegs() async {
        guard draft.legs.count == 1, let first = draft.legs.first else { return await enter(.legs) }
        if let back = draft.returnDate {
            // A round trip is two legs already: show them as such.
            draft.legs.append(FlightSearchDraft.Leg(from: first.to, to: first.from, date: back))
            draft.returnDate = nil
            return await enter(.legs)
        }
        await addLeg()
    }

    private func addLeg() async {
        guard draft.legs.count < BookingRules.maxSlices else {
            showError(["At most \(BookingRules.maxSlices) legs can be searched at once."])
            return ask()
        }
        let index = draft.legs.count
        draft.returnDate = nil
        draft.legs.append(FlightSearchDraft.Leg(from: draft.legs.last?.to))
        addingLeg = index
        await start(Plan(
            steps: [.origin(leg: index), .destination(leg: index), .departure(leg: index), .legs], exit: .legs))
    }

    private func enterLegsAction(_ text: String) async {
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        switch word {
        case "":
            await enter(.review)
        case "a":
            await addLeg()
        case "d":
            guard draft.legs.count > 1 else {
                showError(["A trip needs at least one leg."])
                return ask()
            }
            draft.legs.removeLast()
            await enter(.legs)
        default:
            guard let number = Int(word), draft.legs.indices.contains(number - 1) else {
                showError(["Press Enter when the legs are right, or one of the keys shown."])
                return ask()
            }
            let leg = number - 1
            await start(Plan(steps: [.origin(leg: leg), .destination(leg: leg), .departure(leg: leg), .legs], exit: .legs))
        }
    }

    private func search() async {
        switch interactor.request(for: draft) {
        case .valid(let request):
            step = .done
            view?.finish()
            router?.navigateToAvailability(for: request)
        case .invalid(let problems):
            let legCount = draft.legs.count
            showError(problems.map { "\($0.field.label(legCount: legCount)): \($0.message)" })
            guard let first = problems.first else { return ask() }
            await correct(first.field)
        }
    }

    /// Takes the traveller to `field` to fix it, and back to the review after.
    private func correct(_ field: FlightSearchField) async {
        switch field {
        case .passengers: await start(Plan(steps: [.adults, .children, .infants, .review], exit: .review))
        case .legs: await enter(.legs)
        default: await start(Plan(steps: [field.step, .review], exit: .review))
        }
    }

    // MARK: Unattended

    private func searchUnattended() async {
        let result = await interactor.unattendedRequest(for: input)
        if case .failure(.service(.cancelled)) = result {
            // Cancelled before it could finish: try again when shown again.
            appearances = 0
            return
        }
        switch result {
        case .success(let request):
            step = .done
            view?.finish()
            router?.navigateToAvailability(for: request)
        case .failure(let failure):
            fail(failure)
        }
    }

    /// Reports an unattended failure: to the person (diagnostics) and to the router.
    private func fail(_ failure: FlightSearchFailure) {
        step = .done
        view?.finish()
        switch failure {
        case .invalidInput(let problems):
            view?.displayFailure(problems)
        case .nothingFound(let message):
            view?.displayFailure([message])
        case .service(let error):
            view?.displayFailure(["The places could not be looked up. \(error.description)"])
        }
        router?.flightSearchDidFail(failure)
    }

    private func listPlaces(_ query: String, json: Bool) async {
        let text = query.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else {
            return fail(.invalidInput(["Give a text to look up: a code (LHR), a city (london) or an airport (heathrow)."]))
        }
        let places: [Place]
        do {
            places = try await interactor.suggestions(for: text)
        } catch .cancelled {
            appearances = 0
            return
        } catch {
            return fail(.service(error))
        }
        guard !places.isEmpty else { return fail(.nothingFound(FlightSearchInputError.unknownPlace(text).message)) }
        if json {
            guard let encoded = FlightSearchInteractor.json(places) else {
                return fail(.service(.malformedResponse("The places could not be written as JSON.")))
            }
            view?.displayPlaces(.json(encoded))
        } else {
            view?.displayPlaces(.table(
                columns: ["Place", "Code", "City", "Country"], rows: places.map(Self.suggestionRow)))
        }
        step = .done
        view?.finish()
        router?.navigateBack()
    }

    private func applyPrefill() {
        let legs = Array(input.legs.prefix(BookingRules.maxSlices))
        if input.legs.count > BookingRules.maxSlices {
            showError(["At most \(BookingRules.maxSlices) legs can be searched at once; the first \(BookingRules.maxSlices) are kept."])
        }
        if !legs.isEmpty { draft.legs = legs.map { _ in FlightSearchDraft.Leg() } }
        for (index, leg) in legs.enumerated() {
            let given: [(FlightSearchStep, String)] = [
                (.origin(leg: index), leg.from), (.destination(leg: index), leg.to), (.departure(leg: index), leg.date),
            ]
            for (step, text) in given where !text.trimmingCharacters(in: .whitespaces).isEmpty {
                prefill[step] = text
            }
        }
        if let returnText = input.returnDate {
            if legs.count == 1 {
                prefill[.returnDate] = returnText
            } else {
                showError(["A return date goes with one leg; for multi-city, give each leg its own date."])
            }
        } else if legs.count == 1, prefill.count == 3 {
            // A whole leg and no return: the command line said one way.
            prefill[.returnDate] = ""
        }
        if let window = input.departureWindow { prefill[.departureWindow] = window }
    }

    // MARK: View models

    private var header: FlightSearchHeaderViewModel {
        let back = view?.backKey ?? "b"
        return FlightSearchHeaderViewModel(
            title: "Search flights",
            hint: "Type a city, an airport or a code. \(back) goes back a step; q leaves.")
    }

    func question(for step: FlightSearchStep) -> FlightSearchQuestion {
        switch step {
        case .choosePlace(let field):
            return .choice(FlightSearchChoiceQuestion(
                title: field.label(legCount: draft.legs.count),
                columns: ["Place", "Code", "City", "Country"],
                rows: suggestions.map(Self.suggestionRow),
                defaultIndex: 0))
        case .cabin:
            return .choice(FlightSearchChoiceQuestion(
                title: "Cabin", columns: [], rows: CabinClass.allCases.map { [$0.displayName] },
                defaultIndex: CabinClass.allCases.firstIndex(of: draft.cabin) ?? 0))
        case .connections:
            return .choice(FlightSearchChoiceQuestion(
                title: "Connections", columns: [],
                rows: BookingRules.connectionRange.map { [Self.connections($0, short: false)] },
                defaultIndex: min(max(0, draft.maxConnections), BookingRules.connectionRange.upperBound)))
        case .review:
            return .action(reviewQuestion)
        case .legs:
            return .action(legsQuestion)
        default:
            return .text(FlightSearchTextQuestion(prompt: prompt(for: step), defaultValue: defaultValue(for: step)))
        }
    }

    private func prompt(for step: FlightSearchStep) -> String {
        let legCount = draft.legs.count
        switch step {
        case .origin(let leg): return FlightSearchField.origin(leg: leg).label(legCount: legCount) + ":"
        case .destination(let leg): return FlightSearchField.destination(leg: leg).label(legCount: legCount) + ":"
        case .departure(let leg):
            let label = FlightSearchField.departure(leg: leg).label(legCount: legCount)
            return leg == 0 ? "\(label) (e.g. 18 dec, fri, +7):" : "\(label) (a date, or +N after leg \(leg)):"
        case .returnDate:
            return draft.returnDate == nil
                ? "Return (a date, or +N after departure; blank for one way):"
                : "Return (a date, +N, or none for one way):"
        case .adults: return "Adults (1–\(BookingRules.maxPassengers)):"
        case .children: return "Children's ages (e.g. 4, 9; none):"
        case .infants: return "Infants on a lap (under \(BookingRules.infantAgeLimit)):"
        case .departureWindow: return "Departure time (e.g. 09:00-17:00, morning; any):"
        default: return ""
        }
    }

    private func defaultValue(for step: FlightSearchStep) -> String? {
        if let retryText, retryText.step == step { return retryText.text }
        switch step {
        case .origin(let leg): return draft.legs[safe: leg]?.from?.code
        case .destination(let leg): return draft.legs[safe: leg]?.to?.code
        case .departure(let leg): return draft.legs[safe: leg]?.date?.description
        case .returnDate: return draft.returnDate?.description
        case .adults: return String(draft.adults)
        case .children: return draft.childAges.isEmpty ? "none" : draft.childAges.map(String.init).joined(separator: ", ")
        case .infants: return String(draft.infants)
        case .departureWindow: return draft.departureWindow.map { "\($0.from)-\($0.to)" } ?? "any"
        default: return nil
        }
    }

    private var reviewQuestion: FlightSearchActionQuestion {
        let back = view?.backKey ?? "b"
        return FlightSearchActionQuestion(
            prompt: "Enter to search, or a letter:",
            enterLabel: "search",
            options: [
                .init(key: "p", label: "passengers", accepts: ["p"]),
                .init(key: "c", label: "cabin", accepts: ["c"]),
                .init(key: "o", label: "connections", accepts: ["o"]),
                .init(key: "t", label: "time", accepts: ["t"]),
                .init(key: "r", label: "route & dates", accepts: ["r"]),
                .init(key: "m", label: "multi-city", accepts: ["m"]),
                .init(key: back, label: "back", accepts: ["b"]),
                .init(key: "q", label: "quit", accepts: ["q"]),
            ])
    }

    private var legsQuestion: FlightSearchActionQuestion {
        let back = view?.backKey ?? "b"
        let count = draft.legs.count
        var options: [FlightSearchActionQuestion.Option] = []
        if count < BookingRules.maxSlices { options.append(.init(key: "a", label: "add a leg", accepts: ["a"])) }
        if count > 1 { options.append(.init(key: "d", label: "remove the last leg", accepts: ["d"])) }
        options.append(.init(
            key: count == 1 ? "1" : "1–\(count)", label: "change a leg", accepts: (1...max(1, count)).map(String.init)))
        options.append(.init(key: back, label: "back", accepts: ["b"]))
        return FlightSearchActionQuestion(prompt: "Enter when done, or a key:", enterLabel: "done", options: options)
    }

    var summaryViewModel: FlightSearchSummaryViewModel {
        let today = interactor.today
        func day(_ date: CalendarDate?) -> String {
            guard let date else { return "?" }
            let text = FlightSearchDateReader.display(date)
            return date.year == today.year ? String(text.dropLast(5)) : text
        }
        let codes = draft.legs.map { ($0.from?.code ?? "?", $0.to?.code ?? "?") }
        let route: String
        let dates: String
        if draft.isMultiCity {
            let chained = zip(codes, codes.dropFirst()).allSatisfy { $0.1 == $1.0 }
            route = chained
                ? ([codes[0].0] + codes.map(\.1)).joined(separator: " → ")
                : codes.map { "\($0.0) → \($0.1)" }.joined(separator: ", ")
            dates = draft.legs.map { day($0.date) }.joined(separator: ", ")
        } else if let back = draft.returnDate {
            route = "\(codes[0].0) ⇄ \(codes[0].1)"
            dates = "\(day(draft.legs.first?.date)) – \(day(back))"
        } else {
            route = "\(codes[0].0) → \(codes[0].1)"
            dates = "\(day(draft.legs.first?.date)), one way"
        }
        return FlightSearchSummaryViewModel(parts: [
            route, dates, Self.passengers(draft), draft.cabin.displayName,
            Self.connections(draft.maxConnections, short: true), Self.window(draft.departureWindow, short: true),
        ])
    }

    var formViewModel: FlightSearchFormViewModel {
        typealias Row = FlightSearchFormViewModel.Row
        func place(_ place: ChosenPlace?) -> String {
            place.map { "\($0.longName) (\($0.code))" } ?? "–"
        }
        func date(_ date: CalendarDate?) -> String {
            date.map(FlightSearchDateReader.display) ?? "–"
        }
        var rows: [Row] = []
        if draft.isMultiCity {
            for (index, leg) in draft.legs.enumerated() {
                let from = leg.from.map { "\($0.cityName ?? $0.name) (\($0.code))" } ?? "–"
                let to = leg.to.map { "\($0.cityName ?? $0.name) (\($0.code))" } ?? "–"
                rows.append(Row(label: "Leg \(index + 1)", value: "\(from) → \(to), \(date(leg.date))"))
            }
        } else {
            let leg = draft.legs.first
            rows += [
                Row(label: "From", value: place(leg?.from)),
                Row(label: "To", value: place(leg?.to)),
                Row(label: "Depart", value: date(leg?.date)),
                Row(label: "Return", value: draft.returnDate.map(FlightSearchDateReader.display) ?? "none (one way)"),
            ]
        }
        rows += [
            Row(label: "Passengers", value: Self.passengers(draft)),
            Row(label: "Cabin", value: draft.cabin.displayName),
            Row(label: "Connections", value: Self.connections(draft.maxConnections, short: false)),
            Row(label: "Departure time", value: draft.departureWindow?.description ?? "Any time"),
        ]
        return FlightSearchFormViewModel(rows: rows)
    }

    private var legsViewModel: FlightSearchLegsViewModel {
        FlightSearchLegsViewModel(rows: draft.legs.enumerated().map { index, leg in
            let from = leg.from.map { "\($0.cityName ?? $0.name) (\($0.code))" } ?? "?"
            let to = leg.to.map { "\($0.cityName ?? $0.name) (\($0.code))" } ?? "?"
            return ["\(index + 1).", "\(from) → \(to)", leg.date.map(FlightSearchDateReader.display) ?? "?"]
        })
    }

    private static func suggestionRow(_ place: Place) -> [String] {
        let chosen = ChosenPlace(place)
        let name = place.kind == .city ? "\(place.name) (all airports)" : place.name
        return [name, place.iataCode, chosen.cityName ?? "", chosen.country]
    }

    /// `2 adults, 1 child (8), 1 infant on a lap`.
    static func passengers(_ draft: FlightSearchDraft) -> String {
        var parts = [draft.adults == 1 ? "1 adult" : "\(draft.adults) adults"]
        if !draft.childAges.isEmpty {
            let ages = draft.childAges.map(String.init).joined(separator: ", ")
            parts.append(draft.childAges.count == 1 ? "1 child (\(ages))" : "\(draft.childAges.count) children (\(ages))")
        }
        if draft.infants > 0 {
            parts.append(draft.infants == 1 ? "1 infant on a lap" : "\(draft.infants) infants on laps")
        }
        return parts.joined(separator: ", ")
    }

    /// `Direct flights only`, `Up to 1 connection`; short: `direct only`, `≤1 connection`.
    static func connections(_ count: Int, short: Bool) -> String {
        if count <= 0 { return short ? "direct only" : "Direct flights only" }
        let noun = count == 1 ? "connection" : "connections"
        return short ? "≤\(count) \(noun)" : "Up to \(count) \(noun)"
    }

    /// `Any time`, `Departing 09:00–17:00`; short: `any time`, `departs 09:00–17:00`.
    static func window(_ window: TimeWindow?, short: Bool) -> String {
        guard let window else { return short ? "any time" : "Any time" }
        return short ? "departs \(window)" : "Departing \(window)"
    }
}

extension FlightSearchField {
    /// The step that asks this field.
    var step: FlightSearchStep {
        switch self {
        case .origin(let leg): .origin(leg: leg)
        case .destination(let leg): .destination(leg: leg)
        case .departure(let leg): .departure(leg: leg)
        case .returnDate: .returnDate
        case .passengers: .adults
        case .cabin: .cabin
        case .connections: .connections
        case .departureWindow: .departureWindow
        case .legs: .legs
        }
    }
}

extension FlightSearchDraft {
    func place(in field: FlightSearchField) -> ChosenPlace? {
        switch field {
        case .origin(let leg): legs[safe: leg]?.from
        case .destination(let leg): legs[safe: leg]?.to
        default: nil
        }
    }

    mutating func setPlace(_ place: ChosenPlace?, in field: FlightSearchField) {
        switch field {
        case .origin(let leg) where legs.indices.contains(leg): legs[leg].from = place
        case .destination(let leg) where legs.indices.contains(leg): legs[leg].to = place
        default: break
        }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
