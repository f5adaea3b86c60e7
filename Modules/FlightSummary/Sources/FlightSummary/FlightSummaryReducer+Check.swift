import Entities
import Services

/// Checking the offer with the API: before the details are asked, right before booking, and after the airline
/// refused an order because the price moved; and what a new price leads to.
extension FlightSummaryReducer {
    /// Asks the API for the offer again, for `purpose`.
    static func check(_ state: inout State, _ purpose: FlightSummaryCheck) -> [Effect] {
        let offerID: String
        let known: Offer?
        let message: String
        switch purpose {
        case .details, .unattended:
            state.step = .checking
            offerID = state.offer?.id ?? state.input.offerID
            known = state.offer ?? state.input.offer
            if purpose == .unattended {
                message = "Checking offer \(state.input.offerID)…"
            } else {
                message = state.input.offer == nil ? "Fetching offer \(state.input.offerID)…" : "Checking the offer with the airline…"
            }
        case .book(let type):
            guard let offer = state.offer else { return leaveToOffers() }
            state.step = .booking(type)
            (offerID, known, message) = (offer.id, offer, "Checking the price once more before booking…")
        case .reprice(let type):
            guard let offer = state.offer else { return leaveToOffers() }
            state.step = .booking(type)
            (offerID, known, message) = (offer.id, nil, "Fetching the new price…")
        case .unattendedReprice:
            guard let offer = state.offer else { return finish(&state, .offerUnavailable("The offer is not known.")) }
            (offerID, known, message) = (offer.id, nil, "Fetching the new price…")
        }
        state.checkID += 1
        state.checking = purpose
        return [progress(message), .check(id: state.checkID, offerID: offerID, known: known)]
    }

    /// What the check asked for `purpose` found.
    static func checked(_ state: inout State, _ check: OfferCheck, for purpose: FlightSummaryCheck) -> [Effect] {
        let effects: [Effect] = [hideProgress]
        switch purpose {
        case .details: return effects + firstCheck(&state, check)
        case .book(let type): return effects + checkBeforeBooking(&state, check, type: type)
        case .reprice(let type): return effects + reprice(&state, check, type: type)
        case .unattended: return effects + unattendedCheck(&state, check)
        case .unattendedReprice(let refusal): return effects + unattendedReprice(&state, check, refusal: refusal)
        }
    }

    /// The first check: the offer in full, then passenger details once the traveller goes on.
    private static func firstCheck(_ state: inout State, _ check: OfferCheck) -> [Effect] {
        switch check {
        case .current(let fresh):
            state.offer = fresh
            prepareSlots(&state, for: fresh)
            return [
                .show(.summary(state.summary(fresh))),
                message(.success, "Price checked with the airline: \(fresh.totalAmount.formatted) in total."),
            ] + go(&state, .continueToDetails)
        case .priceChanged(let old, let new):
            state.repricedOffer = new
            return [.show(.summary(state.summary(new))), .show(.priceChange(.between(old, new)))]
                + go(&state, .confirmNewPrice(next: .details))
        case .expired(let expired):
            return [.show(.summary(state.summary(expired)))] + offerLost(&state, state.expiredMessage(expired))
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
            return [.show(.priceChange(.between(old, new)))] + go(&state, .confirmNewPrice(next: .book(type)))
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
        guard let current = state.offer else { return leaveToOffers() }
        switch check {
        case .current(let fresh), .priceChanged(_, let fresh):
            state.repricedOffer = fresh
            // The airline said the price moved, yet it may read the same: say so rather than "+£0.00".
            let shown: Effect = fresh.totalAmount == current.totalAmount
                ? message(.info, "The airline reported a price change, but the offer still costs \(fresh.totalAmount.formatted).")
                : .show(.priceChange(.between(current, fresh)))
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
            guard let new else { return leaveToOffers() }
            state.offer = new
            prepareSlots(&state, for: new)
            let going = message(.info, "Going on at the new total of \(new.totalAmount.formatted).")
            if case .book(let type) = next { return [going] + book(&state, type, lookUpFirst: false) }
            return [going] + beginDetails(&state)
        case (false, .details):
            return leaveToOffers()
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
}
