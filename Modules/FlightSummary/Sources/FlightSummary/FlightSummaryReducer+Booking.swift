import Entities
import Services

/// Booking from the screen, and what its answer means: booked, refused (a wrong detail, a new price, an offer
/// gone), or an answer lost on the way.
extension FlightSummaryReducer {
    /// Books `type` with the details given; with `lookUpFirst`, the order is looked for before anything is sent.
    static func book(_ state: inout State, _ type: OrderType, lookUpFirst: Bool) -> [Effect] {
        guard let offer = state.offer, let passengers = state.passengerDetails else { return showReview(&state) }
        if type == .hold, !state.extras.services.isEmpty { return refuseHeldExtras(&state) }
        state.step = .booking(type)
        let booking = FlightSummaryBooking(
            offer: offer, passengers: passengers, slots: state.slots, type: type, lookUpFirst: lookUpFirst,
            services: state.extras.services, total: state.totalToPay)
        return [bookingProgress(lookUpFirst ? "Looking for the booking first…" : "Booking…"), .book(booking)]
    }

    /// Duffel takes no seats or bags with a hold ("do not specify payments or services keys"): they are booked and
    /// paid with the fare, so a hold with extras is refused here, before anything is sent.
    static let heldExtrasProblem =
        "Seats and bags cannot be added to a held booking: the airline holds the fare alone, and extras are booked and paid with it."

    /// A hold asked for with seats or bags chosen on the review: said, and the review shown again.
    static func refuseHeldExtras(_ state: inout State) -> [Effect] {
        [error(heldExtrasProblem, suggestion: "Book and pay now to keep the seats and bags, or choose none to hold the fare.")]
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
            // Shown as the traveller knows it: an instant booking was paid with the order.
            let shown = type == .instant ? order.paidWithBooking() : order
            effects.append(.show(.booking(state.bookingViewModel(shown, storeProblem: storeProblem))))
            return effects + go(&state, .booked(order))
        case .refused(let error, let storeProblem):
            return effects + storeWarning(storeProblem) + explainRefusal(&state, error, type: type)
        case .notFound(let error, let storeProblem):
            return effects + storeWarning(storeProblem) + [
                Self.error(
                    "The booking is not confirmed: \(error.howTheAnswerWasLost) (\(error.message)) and the flight service does not show it yet.",
                    suggestion: "It is kept as pending on this machine. Do not book another flight yet: trying again looks for it first and books only if it is still not there."),
            ] + go(&state, .lostAnswer(type))
        case .notSaved(let problem):
            return effects + [notSavedError(problem, then: "Fix that, then book again; the details are kept.")]
                + showReview(&state)
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
        if FlightSummaryInteractor.meansOfferIsGone(refusal) {
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
