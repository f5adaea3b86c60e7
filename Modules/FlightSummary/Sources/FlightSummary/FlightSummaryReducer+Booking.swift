import Entities
import Trips
import Foundation
import ModuleCore
import Services
import TravelText

/// On the way to a booking: the offer checked with the API (before the details are asked, right before booking,
/// and after the airline refused an order because the price moved), what a new price leads to, the booking, and
/// what its answer means: booked, refused (a wrong detail, a new price, an offer gone), or an answer lost on the way.
extension FlightSummaryReducer {
    /// What reading offer `id` again found, against the offer as `known` before (if any), at `now`.
    ///
    /// The API decides whether an offer can still be had: one it serves is bookable whatever its `expires_at` says
    /// on this machine's clock (clocks differ, and Duffel's own examples carry dates long past). Only when the API
    /// cannot be asked is an offer past its expiry on the clock taken as expired.
    static func offerCheck(_ read: Outcome<Offer, ServiceError>, known: Offer?, id: String, now: Date) -> OfferCheck {
        switch read {
        case .failure(let error):
            if meansOfferIsGone(error) { return .gone("The offer \(id) is no longer available: \(error.message)") }
            if let known, known.isExpired(at: now) { return .expired(known) }
            return .failed(error)
        case .success(let fresh):
            if let known, known.totalAmount != fresh.totalAmount { return .priceChanged(old: known, new: fresh) }
            return .current(fresh)
        }
    }

    /// Whether `error` says the offer cannot be had any more (rather than that it could not be checked).
    static func meansOfferIsGone(_ error: ServiceError) -> Bool {
        BookTravellers.meansOfferIsGone(error)
    }

    /// Asks the API for the offer again, for `purpose`.
    static func check(_ state: inout State, _ purpose: FlightSummaryCheck) -> [Effect] {
        let offerID: String
        let known: Offer?
        let message: String
        switch purpose {
        case .details:
            state.step = .checking
            offerID = state.offer?.id ?? state.input.offerID
            known = state.offer ?? state.input.offer
            message = state.input.offer == nil ? "Fetching offer \(state.input.offerID)…" : "Checking the offer with the airline…"
        case .book(let type):
            guard let offer = state.offer else { return leaveToOffers(&state) }
            state.step = .booking(type)
            (offerID, known, message) = (offer.id, offer, "Checking the price once more before booking…")
        case .reprice(let type):
            guard let offer = state.offer else { return leaveToOffers(&state) }
            state.step = .booking(type)
            (offerID, known, message) = (offer.id, nil, "Fetching the new price…")
        }
        state.checkID += 1
        state.checking = purpose
        state.knownBeforeCheck = known
        return [progress(message), .run(.check(id: state.checkID, offerID: offerID))]
    }

    /// What the check asked for `purpose` found.
    static func checked(_ state: inout State, _ check: OfferCheck, for purpose: FlightSummaryCheck) -> [Effect] {
        let effects: [Effect] = [hideProgress]
        switch purpose {
        case .details: return effects + firstCheck(&state, check)
        case .book(let type): return effects + checkBeforeBooking(&state, check, type: type)
        case .reprice(let type): return effects + reprice(&state, check, type: type)
        }
    }

    /// The first check: the offer in full, then passenger details once the traveller goes on.
    private static func firstCheck(_ state: inout State, _ check: OfferCheck) -> [Effect] {
        switch check {
        case .current(let fresh):
            state.offer = fresh
            prepareSlots(&state, for: fresh)
            return [
                .print(state.summary(fresh).blocks),
                message(.success, "Price checked with the airline: \(fresh.totalAmount.formatted) in total."),
            ] + go(&state, .continueToDetails)
        case .priceChanged(let old, let new):
            state.repricedOffer = new
            return [.print(state.summary(new).blocks), .print(PriceChangeViewModel.between(old, new).blocks)]
                + go(&state, .confirmNewPrice(next: .details))
        case .expired(let expired):
            return [.print(state.summary(expired).blocks)] + offerLost(&state, state.expiredMessage(expired))
        case .gone(let message):
            return offerLost(&state, message)
        case .failed(.cancelled):
            // The screen went while checking: it checks again when it comes back.
            return []
        case .failed(let error):
            return [Self.error("The offer could not be checked: \(error.message)", suggestion: error.suggestion)]
                + go(&state, .recheckFailed(next: .details))
        }
    }

    /// The check right before booking: book at the same price, or ask about a new one.
    private static func checkBeforeBooking(_ state: inout State, _ check: OfferCheck, type: OrderType) -> [Effect] {
        switch check {
        case .current(let fresh):
            state.offer = fresh
            return book(&state, type, lookUpFirst: false)
        case .priceChanged(let old, let new):
            state.repricedOffer = new
            return [.print(PriceChangeViewModel.between(old, new).blocks)] + go(&state, .confirmNewPrice(next: .book(type)))
        case .expired(let expired):
            return offerLost(&state, state.expiredMessage(expired))
        case .gone(let message):
            return offerLost(&state, message)
        case .failed(.cancelled):
            state.step = .confirmBooking(type)
            return []
        case .failed(let error):
            return [Self.error("The price could not be checked before booking: \(error.message)", suggestion: error.suggestion)]
                + go(&state, .recheckFailed(next: .book(type)))
        }
    }

    /// The new price after the airline refused an order because the price moved.
    private static func reprice(_ state: inout State, _ check: OfferCheck, type: OrderType) -> [Effect] {
        guard let current = state.offer else { return leaveToOffers(&state) }
        switch check {
        case .current(let fresh), .priceChanged(_, let fresh):
            state.repricedOffer = fresh
            // The airline said the price moved, yet it may read the same: say so rather than "+£0.00".
            let shown: Effect = fresh.totalAmount == current.totalAmount
                ? message(.info, "The airline reported a price change, but the offer still costs \(fresh.totalAmount.formatted).")
                : .print(PriceChangeViewModel.between(current, fresh).blocks)
            return [shown] + go(&state, .confirmNewPrice(next: .book(type)))
        case .expired(let expired):
            return offerLost(&state, state.expiredMessage(expired))
        case .gone(let message):
            return offerLost(&state, message)
        case .failed(.cancelled):
            state.step = .review
            return []
        case .failed(let error):
            return [Self.error("The new price could not be fetched: \(error.message)", suggestion: error.suggestion)]
                + go(&state, .recheckFailed(next: .book(type)))
        }
    }

    /// The traveller accepted or declined a new price; what comes next depends on where it was found.
    static func answerNewPrice(_ state: inout State, accepted: Bool, next: FlightSummaryContinuation) -> [Effect] {
        let new = state.repricedOffer
        state.repricedOffer = nil
        switch (accepted, next) {
        case (true, _):
            guard let new else { return leaveToOffers(&state) }
            state.offer = new
            prepareSlots(&state, for: new)
            let going = message(.info, "Going on at the new total of \(new.totalAmount.formatted).")
            if case .book(let type) = next { return [going] + book(&state, type, lookUpFirst: false) }
            return [going] + beginDetails(&state)
        case (false, .details):
            return leaveToOffers(&state)
        case (false, .book):
            // The new price is the offer's price now; the review shows it, and going back to the offers is one
            // choice away.
            if let new { state.offer = new }
            return showReview(&state)
        }
    }

    /// "Try again" after a check failed.
    static func retry(_ state: inout State, _ next: FlightSummaryContinuation) -> [Effect] {
        switch next {
        case .details: check(&state, .details)
        case .book(let type): check(&state, .book(type))
        }
    }

    /// Takes the offer's passengers; the details typed so far are kept while the passengers stay the same.
    static func prepareSlots(_ state: inout State, for offer: Offer) {
        let fresh = PassengerSlot.slots(for: offer, search: state.input.search)
        if fresh.map(\.id) != state.slots.map(\.id) {
            state.slots = fresh
            state.drafts = Array(repeating: PassengerDraft(), count: fresh.count)
        }
    }

    // MARK: Booking

    /// Books `type` with the details given; with `lookUpFirst`, the order is looked for before anything is sent.
    static func book(_ state: inout State, _ type: OrderType, lookUpFirst: Bool) -> [Effect] {
        guard let offer = state.offer, let passengers = state.passengerDetails else { return showReview(&state) }
        if type == .hold, !state.extras.services.isEmpty { return refuseHeldExtras(&state) }
        state.step = .booking(type)
        let booking = OfferBooking(
            offer: offer, passengers: passengers, slots: state.slots, type: type, lookUpFirst: lookUpFirst,
            services: state.extras.services, total: state.totalToPay)
        return [bookingProgress(lookUpFirst ? "Looking for the booking first…" : "Booking…"), .run(.book(booking))]
    }

    /// Duffel takes no seats or bags with a hold ("do not specify payments or services keys"): a hold request with
    /// extras is refused here, before anything is sent. They are added to the hold afterwards, and paid with it.
    static let heldExtrasProblem = BookTravellers.heldExtrasProblem

    /// A hold asked for with seats or bags chosen on the review: said, and the review shown again.
    static func refuseHeldExtras(_ state: inout State) -> [Effect] {
        [error(heldExtrasProblem, suggestion: "Book and pay now to keep the seats and bags, or choose none to hold the fare and add them to the booking afterwards (x and s on it).")]
            + showReview(&state)
    }

    /// An interactive booking ended.
    static func bookingEnded(_ state: inout State, _ attempt: BookingAttempt) -> [Effect] {
        var type = OrderType.instant
        if case .booking(let booking) = state.step { type = booking }
        var effects: [Effect] = [hideProgress]
        switch attempt {
        case .booked(let order, let recovered, let storeProblem):
            if recovered { effects.append(recoveredNotice) }
            state.booked = FlightSummaryBooked(order: order, storeProblem: storeProblem)
            // The composer hears of it at once: whatever comes next (a key, the end of the input), it is booked.
            effects.append(.leave(.booked(order)))
            // Shown as the traveller knows it: an instant booking was paid with the order.
            let shown = type == .instant ? order.paidWithBooking() : order
            effects.append(.print(state.bookingViewModel(shown, storeProblem: storeProblem).blocks))
            return effects + go(&state, .booked(order))
        case .refused(let error, let storeProblem):
            return effects + storeWarning(storeProblem) + explainRefusal(&state, error, type: type)
        case .priceChanged(_, let now, _):
            return effects + [
                error("Nothing was booked: the total is now \(now.formatted).", suggestion: "The new price is checked now."),
            ] + check(&state, .reprice(type))
        case .notFound(let error, let storeProblem):
            return effects + storeWarning(storeProblem) + [
                Self.error(
                    "The booking is not confirmed: \(error.howTheAnswerWasLost) (\(error.message)) and the flight service does not show it yet.",
                    suggestion: "It is kept as pending on this machine. Do not book another flight yet: trying again looks for it first and books only if it is still not there."),
            ] + go(&state, .lostAnswer(type))
        case .notSaved(let problem):
            return effects + [notSavedError(problem, then: "Fix that, then book again; the details are kept.")]
                + showReview(&state)
        case .madeEarlier(let record, let readProblem):
            return effects + [.leave(.madeEarlier(record))] + [
                Self.error(
                    "Booking \(record.bookingReference ?? "") was made already, and it cannot be read now (\(readProblem.message)); nothing was sent.",
                    suggestion: "It is in your bookings; read it there again in a moment."),
            ] + go(&state, .lostAnswer(type))
        case .unknown(let error, let lookup, let storeProblem):
            return effects + storeWarning(storeProblem) + [
                Self.error(
                    "No answer came to the booking (\(error.message)) and the orders could not be looked up (\(lookup.message)): it may or may not be booked.",
                    suggestion: "It is kept as pending on this machine, and `flights bookings` checks it again. "
                        + "Trying again looks for it first and books only if it is not there."),
            ] + go(&state, .lostAnswer(type))
        }
    }

    /// Why the airline refused the order, and the way on: the new price, another offer, or the detail to correct.
    private static func explainRefusal(_ state: inout State, _ refusal: ServiceError, type: OrderType) -> [Effect] {
        if refusal.has(.priceChanged) {
            return [error(refusal.message, suggestion: "The new price is checked now.")] + check(&state, .reprice(type))
        }
        if meansOfferIsGone(refusal) {
            return offerLost(&state, refusal.message)
        }
        if let apiError = refusal.apiError, apiError.has(.validation) {
            var effects = apiError.errors.map {
                error("The airline refused a passenger's details: \($0.description)", suggestion: nil)
            }
            if let (passenger, field) = refusedField(apiError, passengers: state.slots.count),
               state.slots.indices.contains(passenger) {
                effects.append(message(.info, "Correct it and book again; the other details are kept."))
                state.editing = .field(passenger, field)
                return effects + heading(state, passenger) + go(&state, .field(passenger: passenger, field: field))
            }
            effects.append(message(.info, "Change the passenger's details and book again."))
            return effects + showReview(&state)
        }
        return [error("The booking was refused: \(refusal.message)", suggestion: refusal.suggestion)] + showReview(&state)
    }

    /// Said when a lost answer was recovered by finding the order.
    static let recoveredNotice = message(
        .info, "The flight service's answer was lost on the way, but the order was found: the booking went through.")

    /// Nothing was booked, because the pending record could not be written first.
    static func notSavedError(_ problem: BookingStoreError, then suggestion: String) -> Effect {
        error(
            "Nothing was booked: \(problem.description)",
            suggestion: "A booking is written on this machine before it is sent, so that a lost answer can be found "
                + "again. \(suggestion)")
    }

    /// A warning that the local store could not be written, when it could not.
    static func storeWarning(_ problem: BookingStoreError?) -> [Effect] {
        guard let problem else { return [] }
        return [message(.warning, "The booking could not be written on this machine. \(problem.description)")]
    }
}
