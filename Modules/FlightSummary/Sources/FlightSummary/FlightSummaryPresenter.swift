import Entities
import Foundation
import Services

/// Drives the summary: what to show and what to ask next, step by step, from the traveller's answers and the
/// interactor's results.
@MainActor
final class FlightSummaryPresenter {
    /// Where the screen is. Each step has one prompt; the step is kept when the screen is covered, so it comes back
    /// where it was.
    enum Step: Equatable {
        case start
        case continueToDetails
        case field(passenger: Int, field: PassengerField)
        case review
        case confirmBooking(OrderType)
        case confirmNewPrice(next: Continuation)
        case recheckFailed(next: Continuation)
        case lostAnswer(OrderType)
        case booked(Order)
        case leaving
        case finished
    }

    /// What follows a re-check: passenger details (the first check) or the booking (the check before it).
    enum Continuation: Equatable {
        case details
        case book(OrderType)
    }

    /// What the traveller is changing from the review.
    enum Editing: Equatable {
        /// Every field of a passenger, then back to the review.
        case passenger(Int)
        /// One field the API refused, then back to the review.
        case field(Int, PassengerField)
    }

    /// What the review offers.
    enum ReviewAction: Equatable {
        case book(OrderType)
        case change(Int)
        case backToOffers
    }

    weak var view: (any FlightSummaryView)?
    weak var router: (any FlightSummaryRouter)?

    private let input: FlightSummaryInput
    let interactor: FlightSummaryInteractor
    private(set) var step: Step = .start
    /// The offer as last checked with the API.
    private(set) var offer: Offer?
    /// A re-checked offer at a new price, until the traveller accepts it.
    private var repricedOffer: Offer?
    private(set) var slots: [PassengerSlot] = []
    private(set) var drafts: [PassengerDraft] = []
    private var editing: Editing?
    private var lastBooking: BookingViewModel?

    init(input: FlightSummaryInput, interactor: FlightSummaryInteractor) {
        self.input = input
        self.interactor = interactor
    }

    // MARK: View events

    /// The screen is shown: the first time, check the offer (and, unattended, do the whole run); after that,
    /// show again where the screen was.
    func didAppear() async {
        guard step == .start else {
            redisplay()
            return
        }
        switch input.mode {
        case .interactive:
            await checkOffer()
        case .unattended(let travellers, let assumeYes):
            await runUnattended(travellers: travellers, assumeYes: assumeYes)
        }
    }

    /// The traveller answered the current prompt.
    func didAnswer(_ answer: SummaryAnswer) async {
        switch (step, answer) {
        case (.continueToDetails, .confirmed(let yes)):
            if yes { beginDetails() } else { leaveToOffers() }
        case (.field(let passenger, let field), .text(let text)):
            accept(text, passenger: passenger, field: field)
        case (.review, .chose(let index)):
            let actions = reviewActions()
            guard actions.indices.contains(index) else { return ask() }
            await perform(actions[index])
        case (.confirmBooking(let type), .confirmed(let yes)):
            if yes { await recheckThenBook(type) } else { showReview() }
        case (.confirmNewPrice(let next), .confirmed(let yes)):
            await answerNewPrice(accepted: yes, next: next)
        case (.recheckFailed(let next), .chose(let index)):
            if index == 0 { await retry(next) } else { leaveToOffers() }
        case (.lostAnswer(let type), .chose(let index)):
            if index == 0 { await book(type, lookUpFirst: true) } else { leaveToOffers() }
        case (.booked(let order), _):
            view?.displayPrompt(nil)
            router?.navigateToBookings(highlighting: order)
        case (.leaving, _):
            leaveToOffers()
        default:
            // An answer of the wrong kind for the step (cannot come from the terminal view): ask again.
            ask()
        }
    }

    /// The traveller asked to go back (Esc): one step back, never losing what was entered.
    func didGoBack() async {
        switch step {
        case .start, .finished:
            return
        case .continueToDetails, .leaving:
            leaveToOffers()
        case .field(let passenger, let field):
            if editing != nil {
                editing = nil
                return showReview()
            }
            if let previous = askedField(before: field) {
                go(to: .field(passenger: passenger, field: previous))
            } else if passenger > 0 {
                showPassengerHeading(passenger - 1)
                go(to: .field(passenger: passenger - 1, field: askedFields.last ?? .phoneNumber))
            } else {
                go(to: .continueToDetails)
            }
        case .review:
            guard let last = slots.indices.last else { return leaveToOffers() }
            showPassengerHeading(last)
            go(to: .field(passenger: last, field: askedFields.last ?? .phoneNumber))
        case .confirmBooking, .lostAnswer:
            showReview()
        case .confirmNewPrice(let next):
            await answerNewPrice(accepted: false, next: next)
        case .recheckFailed(let next):
            if next == .details { leaveToOffers() } else { showReview() }
        case .booked(let order):
            view?.displayPrompt(nil)
            router?.navigateToBookings(highlighting: order)
        }
    }

    // MARK: Checking the offer

    private func checkOffer() async {
        view?.displayProgress(input.offer == nil ? "Fetching offer \(input.offerID)…" : "Checking the offer with the airline…")
        let check = await interactor.recheck(offer ?? input.offer, id: offer?.id ?? input.offerID)
        view?.hideProgress()
        switch check {
        case .current(let fresh):
            offer = fresh
            prepareSlots(for: fresh)
            view?.display(summary(fresh))
            view?.displayMessage(SummaryMessage(.success, "Price checked with the airline: \(fresh.totalAmount.formatted) in total."))
            go(to: .continueToDetails)
        case .priceChanged(let old, let new):
            view?.display(summary(new))
            view?.displayPriceChange(priceChange(from: old, to: new))
            repricedOffer = new
            go(to: .confirmNewPrice(next: .details))
        case .expired(let expired):
            view?.display(summary(expired))
            offerLost(expiredMessage(expired))
        case .gone(let message):
            offerLost(message)
        case .failed(let error):
            view?.displayError("The offer could not be checked: \(error.message)", suggestion: error.suggestion)
            go(to: .recheckFailed(next: .details))
        }
    }

    private func recheckThenBook(_ type: OrderType) async {
        guard let current = offer else { return leaveToOffers() }
        view?.displayProgress("Checking the price once more before booking…")
        let check = await interactor.recheck(current, id: current.id)
        view?.hideProgress()
        switch check {
        case .current(let fresh):
            offer = fresh
            await book(type, lookUpFirst: false)
        case .priceChanged(let old, let new):
            view?.displayPriceChange(priceChange(from: old, to: new))
            repricedOffer = new
            go(to: .confirmNewPrice(next: .book(type)))
        case .expired(let expired):
            offerLost(expiredMessage(expired))
        case .gone(let message):
            offerLost(message)
        case .failed(let error):
            view?.displayError("The price could not be checked before booking: \(error.message)", suggestion: error.suggestion)
            go(to: .recheckFailed(next: .book(type)))
        }
    }

    private func answerNewPrice(accepted: Bool, next: Continuation) async {
        let new = repricedOffer
        repricedOffer = nil
        switch (accepted, next) {
        case (true, _):
            guard let new else { return leaveToOffers() }
            offer = new
            prepareSlots(for: new)
            view?.displayMessage(SummaryMessage(.info, "Going on at the new total of \(new.totalAmount.formatted)."))
            if case .book(let type) = next { await book(type, lookUpFirst: false) } else { beginDetails() }
        case (false, .details):
            leaveToOffers()
        case (false, .book):
            // The new price is the offer's price now; the review shows it, and going back to the offers is one
            // choice away.
            if let new { offer = new }
            showReview()
        }
    }

    private func retry(_ next: Continuation) async {
        switch next {
        case .details: await checkOffer()
        case .book(let type): await recheckThenBook(type)
        }
    }

    // MARK: Passenger details

    private func prepareSlots(for offer: Offer) {
        let fresh = interactor.slots(for: offer, search: input.search)
        if fresh.map(\.id) != slots.map(\.id) {
            slots = fresh
            drafts = Array(repeating: PassengerDraft(), count: fresh.count)
        }
    }

    private func beginDetails() {
        guard !slots.isEmpty else {
            view?.displayError("This offer lists no passengers, so it cannot be booked.", suggestion: "Choose another offer.")
            return go(to: .leaving)
        }
        editing = nil
        showPassengerHeading(0)
        go(to: .field(passenger: 0, field: .title))
    }

    private func accept(_ text: String, passenger: Int, field: PassengerField) {
        guard let offer, slots.indices.contains(passenger) else { return }
        if let problem = interactor.accept(text, for: field, slot: slots[passenger], offer: offer, into: &drafts[passenger]) {
            view?.displayError(problem, suggestion: nil)
            return ask()
        }
        if editing == .field(passenger, field) {
            editing = nil
            return showReview()
        }
        if let next = askedField(after: field) {
            return go(to: .field(passenger: passenger, field: next))
        }
        if editing == .passenger(passenger) || passenger + 1 >= slots.count {
            editing = nil
            return showReview()
        }
        showPassengerHeading(passenger + 1)
        go(to: .field(passenger: passenger + 1, field: .title))
    }

    /// The fields asked of each passenger of this offer, in order.
    private var askedFields: [PassengerField] {
        PassengerField.asked(documentsRequired: offer?.passengerIdentityDocumentsRequired ?? false)
    }

    private func askedField(after field: PassengerField) -> PassengerField? {
        guard let index = askedFields.firstIndex(of: field), index + 1 < askedFields.count else { return nil }
        return askedFields[index + 1]
    }

    private func askedField(before field: PassengerField) -> PassengerField? {
        guard let index = askedFields.firstIndex(of: field), index > 0 else { return nil }
        return askedFields[index - 1]
    }

    private func showPassengerHeading(_ passenger: Int) {
        guard slots.indices.contains(passenger) else { return }
        view?.displayPassengerHeading(
            "Passenger \(passenger + 1) of \(slots.count) · \(SummaryFormat.label(slots[passenger]))")
    }

    private func question(for field: PassengerField) -> String {
        switch field {
        case .title: "Title (mr, ms, mrs, miss, dr):"
        case .givenName: "Given names, as on the passport:"
        case .familyName: "Family name, as on the passport:"
        case .bornOn: "Born on (YYYY-MM-DD):"
        case .gender: "Gender, as on the passport (m or f):"
        case .email: "Email:"
        case .phoneNumber: "Phone, with the country code (+44…):"
        case .passportNumber: "Passport number (the airline needs it to book):"
        case .passportCountry: "Passport issued by (country code, like GB):"
        case .passportExpiry: "Passport expires on (YYYY-MM-DD):"
        }
    }

    /// What Enter takes: the value already given, else a sensible guess (gender from the title, contact details
    /// from the passenger before).
    private func defaultAnswer(for field: PassengerField, passenger: Int) -> String? {
        guard drafts.indices.contains(passenger) else { return nil }
        if let given = drafts[passenger].text(of: field) { return given }
        switch field {
        case .gender:
            switch drafts[passenger].title {
            case .mr?: return Gender.male.rawValue
            case .ms?, .mrs?, .miss?: return Gender.female.rawValue
            case .dr?, nil: return nil
            }
        case .email, .phoneNumber:
            return passenger > 0 ? drafts[passenger - 1].text(of: field) : nil
        default:
            return nil
        }
    }

    // MARK: Review and booking

    private func showReview() {
        guard let offer else { return leaveToOffers() }
        view?.displayReview(review(offer: offer))
        go(to: .review)
    }

    func reviewActions() -> [ReviewAction] {
        var actions: [ReviewAction] = [.book(.instant)]
        if offer?.canBeHeld == true { actions.append(.book(.hold)) }
        actions += slots.map { .change($0.index) }
        actions.append(.backToOffers)
        return actions
    }

    private func label(for action: ReviewAction) -> String {
        guard let offer else { return "" }
        switch action {
        case .book(let type) where type == .hold:
            if let deadline = offer.paymentRequirements.paymentRequiredBy {
                return "Hold it now and pay \(offer.totalAmount.formatted) by \(TravelFormat.instant(deadline, in: interactor.timeZone))"
            }
            return "Hold it now and pay \(offer.totalAmount.formatted) later"
        case .book:
            return "Book and pay \(offer.totalAmount.formatted) now"
        case .change(let index):
            let name = drafts.indices.contains(index) ? SummaryFormat.name(drafts[index]) : ""
            return "Change passenger \(index + 1)" + (name.isEmpty ? "" : " (\(name))")
        case .backToOffers:
            return "Back to the offers"
        }
    }

    private func perform(_ action: ReviewAction) async {
        switch action {
        case .book(let type):
            go(to: .confirmBooking(type))
        case .change(let index):
            editing = .passenger(index)
            showPassengerHeading(index)
            go(to: .field(passenger: index, field: .title))
        case .backToOffers:
            leaveToOffers()
        }
    }

    private func passengerDetails() -> [PassengerDetails]? {
        let required = offer?.passengerIdentityDocumentsRequired ?? false
        let details = zip(slots, drafts).compactMap { slot, draft in draft.details(id: slot.id, documentsRequired: required) }
        return details.count == slots.count ? details : nil
    }

    private func book(_ type: OrderType, lookUpFirst: Bool) async {
        guard let offer, let passengers = passengerDetails() else { return showReview() }
        view?.displayProgress(lookUpFirst ? "Looking for the booking first…" : "Booking…")
        let attempt = await interactor.book(
            offer: offer, passengers: passengers, slots: slots, type: type, lookUpFirst: lookUpFirst)
        view?.hideProgress()
        switch attempt {
        case .booked(let order, let recovered, let storeProblem):
            if recovered {
                view?.displayMessage(SummaryMessage(
                    .info, "The flight service's answer was lost on the way, but the order was found: the booking went through."))
            }
            let booking = bookingViewModel(order, storeProblem: storeProblem)
            lastBooking = booking
            view?.displayBooking(booking)
            go(to: .booked(order))
        case .refused(let error, let storeProblem):
            showStoreProblem(storeProblem)
            await explainRefusal(error, type: type)
        case .notFound(let error, let storeProblem):
            showStoreProblem(storeProblem)
            view?.displayError(
                "The booking is not confirmed: no answer came (\(error.message)) and the flight service does not show it yet.",
                suggestion: "It is kept as pending on this machine. Do not book another flight yet: trying again looks for it first and books only if it is still not there.")
            go(to: .lostAnswer(type))
        case .unknown(let error, let lookup, let storeProblem):
            showStoreProblem(storeProblem)
            view?.displayError(
                "No answer came to the booking (\(error.message)) and the orders could not be looked up (\(lookup.message)): it may or may not be booked.",
                suggestion: "It is kept as pending on this machine, and `flights bookings` checks it again. "
                    + "Trying again looks for it first and books only if it is not there.")
            go(to: .lostAnswer(type))
        }
    }

    private func explainRefusal(_ error: ServiceError, type: OrderType) async {
        if error.has(.priceChanged) {
            view?.displayError(error.message, suggestion: "The new price is checked now.")
            return await repriceAfterRefusal(type)
        }
        if FlightSummaryInteractor.meansOfferIsGone(error) {
            return offerLost(error.message)
        }
        if let apiError = error.apiError, apiError.has(.validation) {
            for detail in apiError.errors {
                view?.displayError("The airline refused a passenger's details: \(detail.description)", suggestion: nil)
            }
            if let (passenger, field) = refusedField(apiError), slots.indices.contains(passenger) {
                view?.displayMessage(SummaryMessage(.info, "Correct it and book again; the other details are kept."))
                editing = .field(passenger, field)
                showPassengerHeading(passenger)
                return go(to: .field(passenger: passenger, field: field))
            }
            view?.displayMessage(SummaryMessage(.info, "Change the passenger's details and book again."))
            return showReview()
        }
        view?.displayError("The booking was refused: \(error.message)", suggestion: error.suggestion)
        showReview()
    }

    /// The passenger and field a validation error points at (`/data/passengers/0/phone_number`).
    private func refusedField(_ error: APIError) -> (Int, PassengerField)? {
        for detail in error.errors {
            guard let source = detail.source else { continue }
            let parts = (source.pointer ?? "").split(separator: "/").map(String.init)
            if let at = parts.firstIndex(of: "passengers"), at + 2 < parts.count, let index = Int(parts[at + 1]),
               let field = PassengerField(wireName: parts[at + 2]) {
                return (index, field)
            }
            if let name = source.field, let field = PassengerField(wireName: name), slots.count == 1 {
                return (0, field)
            }
        }
        return nil
    }

    private func repriceAfterRefusal(_ type: OrderType) async {
        guard let current = offer else { return leaveToOffers() }
        view?.displayProgress("Fetching the new price…")
        let check = await interactor.recheck(nil, id: current.id)
        view?.hideProgress()
        switch check {
        case .current(let fresh), .priceChanged(_, let fresh):
            if fresh.totalAmount == current.totalAmount {
                // The airline said the price moved, yet it reads the same: say so rather than "+£0.00".
                view?.displayMessage(SummaryMessage(
                    .info, "The airline reported a price change, but the offer still costs \(fresh.totalAmount.formatted)."))
            } else {
                view?.displayPriceChange(priceChange(from: current, to: fresh))
            }
            repricedOffer = fresh
            go(to: .confirmNewPrice(next: .book(type)))
        case .expired(let expired):
            offerLost(expiredMessage(expired))
        case .gone(let message):
            offerLost(message)
        case .failed(let error):
            view?.displayError("The new price could not be fetched: \(error.message)", suggestion: error.suggestion)
            go(to: .recheckFailed(next: .book(type)))
        }
    }

    private func showStoreProblem(_ problem: BookingStoreError?) {
        guard let problem else { return }
        view?.displayMessage(SummaryMessage(.warning, "The booking could not be written on this machine. \(problem.description)"))
    }

    // MARK: Unattended

    private func runUnattended(travellers: [FlightSummaryInput.Traveller], assumeYes: Bool) async {
        view?.displayProgress("Checking offer \(input.offerID)…")
        let check = await interactor.recheck(input.offer, id: input.offerID)
        view?.hideProgress()
        let current: Offer
        switch check {
        case .current(let fresh):
            current = fresh
        case .priceChanged(let old, let new):
            view?.displayPriceChange(priceChange(from: old, to: new))
            view?.displayError(
                "Nothing was booked: an unattended booking never accepts a new price.",
                suggestion: "Run the command again to book at \(new.totalAmount.formatted).")
            return finish(.priceChanged(from: old.totalAmount, to: new.totalAmount))
        case .expired(let expired):
            let message = expiredMessage(expired)
            view?.displayError(message, suggestion: "Search again and choose another offer.")
            return finish(.offerUnavailable(message))
        case .gone(let message):
            view?.displayError(message, suggestion: "Search again and choose another offer.")
            return finish(.offerUnavailable(message))
        case .failed(let error):
            view?.displayError("The offer could not be checked: \(error.message)", suggestion: error.suggestion)
            return finish(.failed(error))
        }
        if let accepted = input.acceptedTotal, accepted != current.totalAmount.amount {
            let agreed = Money(amount: accepted, currency: current.totalAmount.currency)
            view?.displayError(
                "Nothing was booked: the total is now \(current.totalAmount.formatted), not the \(agreed.formatted) agreed to.",
                suggestion: "Run the command again with --total \(current.totalAmount.wireAmount) to book at the new price.")
            return finish(.priceChanged(from: agreed, to: current.totalAmount))
        }
        offer = current
        prepareSlots(for: current)
        view?.display(summary(current))
        let passengers: [PassengerDetails]
        switch interactor.details(from: travellers, offer: current, slots: slots) {
        case .failure(let problems):
            for message in problems.messages { view?.displayError(message, suggestion: nil) }
            view?.displayMessage(SummaryMessage(.info, "Nothing was booked. Correct the passengers file and run the command again."))
            return finish(.invalidInput(problems.messages))
        case .success(let details):
            passengers = details
        }
        view?.displayReview(review(offer: current, passengers: passengers))
        if input.hold, !current.canBeHeld {
            let message = "This offer must be paid when booking; the airline does not hold it."
            view?.displayError(message, suggestion: "Run the command again without --hold to book and pay now.")
            return finish(.invalidInput([message]))
        }
        guard assumeYes else {
            let what = input.hold ? "hold it (\(current.totalAmount.formatted) to pay later)" : "book and pay \(current.totalAmount.formatted)"
            view?.displayMessage(SummaryMessage(.info, "Not booked. Run the same command with --yes to \(what)."))
            return finish(.declined)
        }
        view?.displayProgress(input.hold ? "Holding…" : "Booking…")
        let attempt = await interactor.book(
            offer: current, passengers: passengers, slots: slots, type: input.hold ? .hold : .instant)
        view?.hideProgress()
        switch attempt {
        case .booked(let order, let recovered, let storeProblem):
            if recovered {
                view?.displayMessage(SummaryMessage(
                    .info, "The flight service's answer was lost on the way, but the order was found: the booking went through."))
            }
            view?.displayBooking(bookingViewModel(order, storeProblem: storeProblem))
            if input.output == .json { writeJSON(order) }
            finish(.booked(order))
        case .refused(let error, let storeProblem):
            showStoreProblem(storeProblem)
            await finishRefused(error, offer: current)
        case .notFound(let error, let storeProblem):
            showStoreProblem(storeProblem)
            view?.displayError(
                "The booking is not confirmed: no answer came (\(error.message)) and the flight service does not show it yet.",
                suggestion: "It is kept as pending on this machine. Run `flights bookings` to check it before booking again.")
            finish(.failed(error))
        case .unknown(let error, let lookup, let storeProblem):
            showStoreProblem(storeProblem)
            view?.displayError(
                "No answer came to the booking (\(error.message)) and the orders could not be looked up (\(lookup.message)): it may or may not be booked.",
                suggestion: "Run `flights bookings` to check it before booking again.")
            finish(.failed(error))
        }
    }

    private func finishRefused(_ error: ServiceError, offer current: Offer) async {
        if error.has(.priceChanged) {
            let check = await interactor.recheck(nil, id: current.id)
            switch check {
            case .current(let fresh), .priceChanged(_, let fresh):
                view?.displayPriceChange(priceChange(from: current, to: fresh))
                view?.displayError(
                    "Nothing was booked: the airline changed the price, and an unattended booking never accepts a new price.",
                    suggestion: "Run the command again to book at \(fresh.totalAmount.formatted).")
                return finish(.priceChanged(from: current.totalAmount, to: fresh.totalAmount))
            case .expired(let expired):
                return finishUnavailable(expiredMessage(expired))
            case .gone(let message):
                return finishUnavailable(message)
            case .failed:
                break
            }
        }
        if FlightSummaryInteractor.meansOfferIsGone(error) {
            return finishUnavailable(error.message)
        }
        view?.displayError("The booking was refused: \(error.message)", suggestion: error.suggestion)
        finish(.failed(error))
    }

    private func finishUnavailable(_ message: String) {
        view?.displayError(message, suggestion: "Search again and choose another offer.")
        finish(.offerUnavailable(message))
    }

    private func writeJSON(_ order: Order) {
        do {
            let data = try DuffelJSON.encoder(pretty: true).encode(order)
            view?.displayOutput(String(decoding: data, as: UTF8.self))
        } catch {
            view?.displayError(
                "The order could not be written as JSON (\(error)).",
                suggestion: "It is booked: reference \(order.bookingReference), order \(order.id).")
        }
    }

    private func finish(_ outcome: FlightSummaryOutcome) {
        step = .finished
        view?.displayPrompt(nil)
        router?.summaryDidFinish(outcome)
    }

    // MARK: Moving between steps

    private func go(to next: Step) {
        step = next
        ask()
    }

    private func ask() {
        view?.displayPrompt(prompt(for: step))
    }

    private func offerLost(_ message: String) {
        view?.displayError(message, suggestion: "Choose another offer, or search again.")
        go(to: .leaving)
    }

    private func leaveToOffers() {
        view?.displayPrompt(nil)
        router?.navigateBackToAvailability()
    }

    private func redisplay() {
        if let offer, step != .finished { view?.display(summary(offer)) }
        switch step {
        case .field(let passenger, _):
            showPassengerHeading(passenger)
        case .review, .confirmBooking, .lostAnswer:
            if let offer { view?.displayReview(review(offer: offer)) }
        case .booked:
            if let lastBooking { view?.displayBooking(lastBooking) }
        default:
            break
        }
        ask()
    }

    func prompt(for step: Step) -> SummaryPrompt? {
        switch step {
        case .start, .finished:
            return nil
        case .continueToDetails:
            return .confirm(question: "Book this offer? Passenger details come next.", default: true)
        case .field(let passenger, let field):
            return .text(question: question(for: field), default: defaultAnswer(for: field, passenger: passenger))
        case .review:
            return .choice(title: "What next?", options: reviewActions().map(label(for:)), default: 0)
        case .confirmBooking(let type):
            let total = offer?.totalAmount.formatted ?? ""
            let people = FlightSummaryInteractor.count(slots.count, "passenger")
            let question = type == .hold
                ? "Hold the booking for \(people), \(total) to pay later?"
                : "Book for \(people) and pay \(total) now?"
            return .confirm(question: question, default: false)
        case .confirmNewPrice(let next):
            let total = repricedOffer?.totalAmount.formatted ?? ""
            let question = next == .details ? "Go on at the new total of \(total)?" : "Book at the new total of \(total)?"
            return .confirm(question: question, default: false)
        case .recheckFailed:
            return .choice(title: "The offer could not be checked.", options: ["Try again", "Back to the offers"], default: 0)
        case .lostAnswer:
            return .choice(
                title: "The booking is not confirmed.",
                options: ["Try again (looks for the booking first, then books once)", "Back to the offers"], default: 0)
        case .booked:
            return .acknowledge("Press Enter to see your bookings.")
        case .leaving:
            return .acknowledge("Press Enter to choose another offer.")
        }
    }

    // MARK: View models

    func summary(_ offer: Offer) -> OfferSummaryViewModel {
        SummaryFormat.summary(offer, slots: interactor.slots(for: offer, search: input.search), now: interactor.now, timeZone: interactor.timeZone)
    }

    private func priceChange(from old: Offer, to new: Offer) -> PriceChangeViewModel {
        let difference = new.totalAmount.subtracting(old.totalAmount)
        var change = ""
        if let difference {
            change = difference.amount >= 0 ? " (+\(difference.formatted))" : " (\(difference.formatted))"
        }
        return PriceChangeViewModel(
            message: "The price changed from \(old.totalAmount.formatted) to \(new.totalAmount.formatted)\(change).",
            oldTotal: old.totalAmount.formatted, newTotal: new.totalAmount.formatted)
    }

    private func expiredMessage(_ offer: Offer) -> String {
        let when = offer.expiresAt.map { " at " + TravelFormat.instant($0, in: interactor.timeZone) } ?? ""
        return "This offer expired\(when) and can no longer be booked."
    }

    private func review(offer: Offer, passengers: [PassengerDetails]? = nil) -> ReviewViewModel {
        let entries: [(PassengerSlot, PassengerDraft)] = passengers.map { given in
            zip(slots, given).map { slot, details in
                (slot, PassengerDraft(
                    title: details.title, givenName: details.givenName, familyName: details.familyName,
                    bornOn: details.bornOn, gender: details.gender, email: details.email,
                    phoneNumber: details.phoneNumber, passportNumber: details.identityDocuments?.first?.uniqueIdentifier,
                    passportCountry: details.identityDocuments?.first?.issuingCountryCode,
                    passportExpiry: details.identityDocuments?.first?.expiresOn))
            }
        } ?? Array(zip(slots, drafts))
        return ReviewViewModel(
            passengers: entries.map { slot, draft in
                ReviewViewModel.Passenger(
                    heading: "Passenger \(slot.index + 1) · \(SummaryFormat.label(slot))",
                    rows: [
                        SummaryRow("Name", SummaryFormat.name(draft)),
                        SummaryRow("Born on", draft.bornOn.map { TravelFormat.day($0) } ?? "–"),
                        SummaryRow("Gender", draft.gender?.displayName ?? "–"),
                        SummaryRow("Email", draft.email ?? "–"),
                        SummaryRow("Phone", draft.phoneNumber ?? "–"),
                    ] + SummaryFormat.passport(draft))
            },
            total: offer.totalAmount.formatted)
    }

    private func bookingViewModel(_ order: Order, storeProblem: BookingStoreError?) -> BookingViewModel {
        let zone = interactor.timeZone
        var rows = [
            SummaryRow("Booking reference", order.bookingReference),
            SummaryRow("Order", order.id),
        ]
        switch order.status {
        case .awaitingPayment:
            let deadline = order.paymentStatus.paymentRequiredBy.map { " by " + TravelFormat.instant($0, in: zone) } ?? ""
            rows.append(SummaryRow("Status", "Held: pay \(order.totalAmount?.formatted ?? "the total")\(deadline)"))
        case .confirmed:
            rows.append(SummaryRow("Status", "Confirmed and paid" + (order.totalAmount.map { ", \($0.formatted)" } ?? "")))
        case .cancelled:
            rows.append(SummaryRow("Status", "Cancelled"))
        }
        rows.append(SummaryRow("Passengers", order.passengers.map(\.fullName).joined(separator: ", ")))
        let tickets = order.eTickets.map(\.uniqueIdentifier)
        if !tickets.isEmpty { rows.append(SummaryRow("E-tickets", tickets.joined(separator: ", "))) }
        var warning: String?
        if let storeProblem {
            warning = "This booking could not be saved on this machine. \(storeProblem.description) "
                + "Keep the booking reference \(order.bookingReference) (order \(order.id)): it is booked."
        } else {
            rows.append(SummaryRow("Kept in", interactor.storeLocation))
        }
        let headline = order.status == .awaitingPayment
            ? "Held: booking reference \(order.bookingReference)"
            : "Booked: booking reference \(order.bookingReference)"
        return BookingViewModel(
            headline: headline, rows: rows, itinerary: SummaryFormat.itinerary(order.slices), storeWarning: warning)
    }
}

/// How the summary writes times, places, bags, rules and prices: the presenter's formatting, kept apart so the flow
/// above stays readable.
enum SummaryFormat {
    /// `Adult`, `Child, 8`, `Infant on a lap`.
    static func label(_ slot: PassengerSlot) -> String {
        switch slot.type {
        case .adult: "Adult"
        case .child: slot.age.map { "Child, \($0)" } ?? "Child"
        case .infantWithoutSeat: "Infant on a lap"
        default: slot.type.displayName
        }
    }

    /// `Ms Imogen Fairweather`, or as much of it as was given.
    /// The passport row, when one was given: the number, the issuing country and the expiry.
    static func passport(_ draft: PassengerDraft) -> [SummaryRow] {
        guard let number = draft.passportNumber else { return [] }
        let parts = [number, draft.passportCountry, draft.passportExpiry.map { "expires \(TravelFormat.day($0))" }]
        return [SummaryRow("Passport", parts.compactMap { $0 }.joined(separator: " · "))]
    }

    static func name(_ draft: PassengerDraft) -> String {
        [draft.title?.displayName, draft.givenName, draft.familyName].compactMap { $0 }.joined(separator: " ")
    }

    /// `London Heathrow Airport (LHR)`.
    static func airport(_ airport: Airport) -> String {
        "\(airport.name) (\(airport.iataCode))"
    }

    static func summary(_ offer: Offer, slots: [PassengerSlot], now: Date, timeZone: TimeZone) -> OfferSummaryViewModel {
        OfferSummaryViewModel(
            title: "\(offer.owner.name) · \(offer.totalAmount.formatted)",
            legs: legs(offer.slices),
            bags: bags(offer, slots: slots),
            conditions: [
                SummaryRow("Refund before departure", condition(offer.conditions.refundBeforeDeparture)),
                SummaryRow("Changes before departure", condition(offer.conditions.changeBeforeDeparture)),
            ],
            price: price(offer, slots: slots),
            terms: terms(offer, now: now, timeZone: timeZone))
    }

    static func legs(_ slices: [Slice]) -> [LegViewModel] {
        let names: [String]
        if slices.count == 1 {
            names = ["Flight"]
        } else if slices.count == 2, slices[0].origin.iataCode == slices[1].destination.iataCode {
            names = ["Outbound", "Return"]
        } else {
            names = slices.indices.map { "Leg \($0 + 1)" }
        }
        return zip(names, slices).map { name, slice in
            let from = slice.origin.cityName ?? slice.origin.name
            let to = slice.destination.cityName ?? slice.destination.name
            var detail: [String] = []
            if let departs = slice.departingAt { detail.append(TravelFormat.day(departs.date)) }
            detail.append(slice.totalDuration.formatted)
            detail.append(slice.connections == 0 ? "direct" : "\(slice.connections) change\(slice.connections == 1 ? "" : "s")")
            if let cabin = cabin(slice) { detail.append(cabin) }
            if let brand = slice.fareBrandName { detail.append("\(brand) fare") }
            var items: [LegViewModel.Item] = []
            for (index, segment) in slice.segments.enumerated() {
                if index > 0 {
                    items.append(.layover(layover(from: slice.segments[index - 1], to: segment)))
                }
                items.append(.segment(self.segment(segment)))
            }
            return LegViewModel(
                title: "\(name) · \(from) (\(slice.origin.iataCode)) → \(to) (\(slice.destination.iataCode))",
                detail: detail.joined(separator: " · "), items: items)
        }
    }

    static func cabin(_ slice: Slice) -> String? {
        guard let passenger = slice.segments.first?.passengers.first else { return nil }
        return passenger.cabinClassMarketingName ?? passenger.cabinClass.displayName
    }

    static func segment(_ segment: Segment) -> SegmentViewModel {
        var title = [segment.flightNumber, segment.marketingCarrier.name]
        if let aircraft = segment.aircraft { title.append(aircraft.name) }
        if let duration = segment.duration { title.append(duration.formatted) }
        var departs = "\(TravelFormat.local(segment.departingAt, at: segment.origin)) · \(airport(segment.origin))"
        if let terminal = segment.originTerminal { departs += ", terminal \(terminal)" }
        var arrives = "\(TravelFormat.local(segment.arrivingAt, at: segment.destination)) · \(airport(segment.destination))"
        if let terminal = segment.destinationTerminal { arrives += ", terminal \(terminal)" }
        let days = segment.departingAt.dayOffset(to: segment.arrivingAt)
        if days != 0 { arrives += " (\(days > 0 ? "+" : "")\(days) day\(abs(days) == 1 ? "" : "s"))" }
        var rows = [SummaryRow("Departs", departs), SummaryRow("Arrives", arrives)]
        if segment.isOperatedByAnotherCarrier {
            let number = segment.operatingCarrierFlightNumber.map { " as \(segment.operatingCarrier.iataCode ?? "")\($0)" } ?? ""
            rows.append(SummaryRow("Operated by", segment.operatingCarrier.name + number))
        }
        for stop in segment.stops {
            let ground = stop.duration.map { ", \($0.formatted) on the ground" } ?? ""
            rows.append(SummaryRow("Stops at", "\(airport(stop.airport))\(ground), same flight"))
        }
        if let passenger = segment.passengers.first {
            rows.append(SummaryRow("Cabin", passenger.cabinClassMarketingName ?? passenger.cabinClass.displayName))
        }
        return SegmentViewModel(title: title.joined(separator: " · "), rows: rows)
    }

    static func layover(from arriving: Segment, to departing: Segment) -> String {
        let landed = arriving.arrivingAt.instant(in: arriving.destination.zone)
        let leaves = departing.departingAt.instant(in: departing.origin.zone)
        let wait = ISODuration(seconds: Int(leaves.timeIntervalSince(landed))).formatted
        if arriving.destination.iataCode != departing.origin.iataCode {
            return "Change airports: land at \(airport(arriving.destination)), leave from \(airport(departing.origin)) · \(wait)"
        }
        let place = arriving.destination.cityName ?? arriving.destination.name
        return "Change in \(place) (\(arriving.destination.iataCode)) · \(wait)"
    }

    static func bags(_ offer: Offer, slots: [PassengerSlot]) -> [String] {
        let names = legs(offer.slices).map { $0.title.components(separatedBy: " · ").first ?? "" }
        return slots.map { slot in
            let perSlice = offer.slices.map { slice -> String in
                let bags = slice.segments.first?.passengers.first { $0.passengerId == slot.id }?.baggages ?? []
                return describe(bags)
            }
            let heading = "Passenger \(slot.index + 1) (\(label(slot).lowercased()))"
            if Set(perSlice).count <= 1 { return "\(heading): \(perSlice.first ?? "no bags included")" }
            return "\(heading): " + zip(names, perSlice).map { "\($0.lowercased()) \($1)" }.joined(separator: "; ")
        }
    }

    static func describe(_ bags: [Baggage]) -> String {
        let kept = bags.filter { $0.quantity > 0 }
        guard !kept.isEmpty else { return "no bags included" }
        return kept.map { "\($0.quantity) \($0.type.displayName)\($0.quantity == 1 ? "" : "s")" }.joined(separator: ", ")
    }

    static func condition(_ condition: Condition?) -> String {
        guard let condition else { return "Not stated by the airline; ask it before relying on it" }
        guard condition.allowed else { return "Not allowed" }
        guard let penalty = condition.penalty else { return "Allowed" }
        return penalty.amount == 0 ? "Allowed, no fee" : "Allowed, fee \(penalty.formatted)"
    }

    static func passengerCounts(_ slots: [PassengerSlot]) -> String {
        var parts: [String] = []
        let adults = slots.filter { $0.type == .adult }.count
        if adults > 0 { parts.append(FlightSummaryInteractor.count(adults, "adult")) }
        let children = slots.filter { $0.type == .child }
        if !children.isEmpty {
            let ages = children.compactMap(\.age).map(String.init).joined(separator: ", ")
            let noun = children.count == 1 ? "1 child" : "\(children.count) children"
            parts.append(noun + (ages.isEmpty ? "" : " (\(ages))"))
        }
        let infants = slots.filter { $0.type == .infantWithoutSeat }.count
        if infants > 0 { parts.append(FlightSummaryInteractor.count(infants, "infant") + " on a lap") }
        return parts.joined(separator: ", ")
    }

    static func price(_ offer: Offer, slots: [PassengerSlot]) -> [SummaryRow] {
        var rows = [SummaryRow("Passengers", passengerCounts(slots))]
        if let base = offer.baseAmount { rows.append(SummaryRow("Base fare", base.formatted)) }
        rows.append(SummaryRow("Taxes and fees", offer.taxAmount?.formatted ?? "included, not broken out by the airline"))
        let types = Set(slots.map(\.type))
        if types.count == 1, let type = types.first, slots.count > 1 {
            // One passenger type: each pays the same share, so the split is exact up to rounding.
            let share = { (money: Money) in
                Money(amount: money.amount / Decimal(slots.count), currency: money.currency).rounded.formatted
            }
            var each = share(offer.totalAmount)
            if let base = offer.baseAmount, let tax = offer.taxAmount {
                each += " (base \(share(base)) + taxes \(share(tax)))"
            }
            rows.append(SummaryRow("Each \(type.displayName.lowercased())", each))
        } else if types.count > 1 {
            rows.append(SummaryRow("Per passenger type", "The airline prices the group as a whole and gives no split by type."))
        }
        rows.append(SummaryRow("Total", offer.totalAmount.formatted))
        return rows
    }

    static func terms(_ offer: Offer, now: Date, timeZone: TimeZone) -> [SummaryRow] {
        var rows: [SummaryRow] = []
        if let expiresAt = offer.expiresAt {
            rows.append(SummaryRow(
                "Offer expires",
                "\(TravelFormat.instant(expiresAt, in: timeZone)) (\(TravelFormat.remaining(until: expiresAt, from: now)))"))
        }
        if offer.canBeHeld {
            let deadline = offer.paymentRequirements.paymentRequiredBy.map { " by " + TravelFormat.instant($0, in: timeZone) } ?? " later"
            rows.append(SummaryRow("Payment", "Pay now, or hold it and pay\(deadline)"))
        } else {
            rows.append(SummaryRow("Payment", "Paid in full when booking"))
        }
        rows.append(SummaryRow("Offer", offer.id))
        return rows
    }

    /// One line per flight: `ZZ117  Fri 18 Dec 08:25 LHR → Fri 18 Dec 11:30 JFK`.
    static func itinerary(_ slices: [Slice]) -> [String] {
        slices.flatMap { slice in
            slice.segments.map { segment in
                let departs = "\(TravelFormat.local(segment.departingAt, at: segment.origin)) \(segment.origin.iataCode)"
                let arrives = "\(TravelFormat.local(segment.arrivingAt, at: segment.destination)) \(segment.destination.iataCode)"
                return "\(segment.flightNumber)  \(departs) → \(arrives)"
            }
        }
    }
}
