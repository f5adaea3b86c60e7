import Entities
import Foundation
import ModuleCore
import Services
import TravelText
import Trips

/// Checked bags and seats added to a booking after it was made (`x`, and `s` on the seats screen the App shows over
/// this one): priced first, confirmed by the traveller, then added once by the core. A paid booking pays them now; a
/// held one adds them to what the hold costs, paid with it. A lost answer is resolved by reading the order, never by
/// adding twice.
extension FlightBookingsReducer {
    /// Why bags cannot be added to `booking` now, as the end of a sentence; `nil` when they can.
    static func extrasBlocker(_ booking: Booking, in state: State) -> String? {
        booking.extrasBlocker(backend: state.backend, addsExtras: state.addsExtras, now: state.now, timeZone: state.timeZone)
    }

    /// Why seats cannot be chosen for `booking` now, as the end of a sentence; `nil` when they can.
    static func seatsBlocker(_ booking: Booking, in state: State) -> String? {
        booking.seatsBlocker(
            backend: state.backend, addsExtras: state.addsExtras, readsSeatMaps: state.readsSeatMaps, now: state.now,
            timeZone: state.timeZone)
    }

    /// Asks the airline which bags the open booking can still add, unless it cannot add any.
    static func startAddingBags(_ state: inout State) -> [Effect] {
        guard let booking = state.current else { return openList(&state) }
        let reference = booking.reference ?? ""
        if let why = extrasBlocker(booking, in: state) {
            return [error("Bags cannot be added to booking \(reference): \(why).")]
        }
        guard let orderID = booking.order?.id else { return [] }
        return [progress("Asking the airline which bags it sells for booking \(reference)…"), .run(.offerBags(orderID: orderID))]
    }

    /// The airline said which bags it sells: one for each passenger on each flight, priced and asked, or why not.
    static func bagsOffered(_ state: inout State, _ outcome: Outcome<[AvailableService], ServiceError>) -> [Effect] {
        guard let booking = state.current, let order = booking.shownOrder else { return [hideProgress] }
        let reference = booking.reference ?? ""
        switch outcome {
        case .failure(let failure):
            return [hideProgress, error(
                "The bags the airline sells for booking \(reference) could not be read: \(failure.message)", suggestion: failure.suggestion)]
        case .success(let available):
            guard let quote = ExtrasQuote(bags: available, order: order, quantity: 1) else {
                return [hideProgress, error("The airline sells no more checked bags for booking \(reference).")]
            }
            state.step = .confirmExtras(quote)
            return [hideProgress]
        }
    }

    /// Opens the seats screen for the offer the open booking was booked from, unless seats cannot be chosen.
    static func startChoosingSeats(_ state: inout State) -> [Effect] {
        guard let booking = state.current else { return openList(&state) }
        if let why = seatsBlocker(booking, in: state) {
            return [error("Seats cannot be chosen for booking \(booking.reference ?? ""): \(why).")]
        }
        guard let offerID = booking.record?.offerID, let order = booking.shownOrder else { return [] }
        return [.leave(.seats(order, offerID: offerID))]
    }

    /// The seats screen answered: the seats chosen, priced and asked; none, and the booking stays as it was.
    static func seatsChosen(_ state: inout State, _ seats: [SeatChoice]?) -> [Effect] {
        guard let order = state.current?.shownOrder else { return [] }
        guard let seats, !seats.isEmpty else {
            state.step = .detail
            return [message(.info, "No seats chosen: the booking is as it was.")]
        }
        guard let quote = ExtrasQuote(seats: seats, order: order) else {
            state.step = .detail
            return [error("The seats are priced in more than one currency: choose them one flight at a time.")]
        }
        state.step = .confirmExtras(quote)
        return []
    }

    /// Adds `quote`'s bags or seats to the open booking.
    static func addExtras(_ state: inout State, _ quote: ExtrasQuote) -> [Effect] {
        guard let booking = state.current else { return [] }
        state.addingExtras = quote
        return [
            changing("Adding the \(quote.kind.rawValue)…", reference: booking.reference ?? "", what: "given the \(quote.kind.rawValue)"),
            .run(.addExtras(quote, booking)),
        ]
    }

    /// Adding the bags or seats ended.
    static func extrasAdded(_ state: inout State, _ outcome: ExtrasOutcome) -> [Effect] {
        let reference = state.current?.reference ?? ""
        let quote = state.addingExtras
        state.addingExtras = nil
        let kind = quote?.kind.rawValue ?? "extras"
        switch outcome {
        case .added(let booking, let recovered):
            let added = BookingText.extrasAdded(quote, to: booking, reference: reference, recovered: recovered, pay: "p")
            return [hideProgress, message(.success, added)] + show(&state, booking)
        case .notAdded(let failure):
            return backToBooking(&state, [
                hideProgress,
                error("No \(kind) were added to booking \(reference): \(failure.message)", suggestion: failure.suggestion),
            ])
        case .priceChanged(let now):
            return backToBooking(&state, [
                hideProgress,
                error("No \(kind) were added to booking \(reference): they cost \(now.formatted) now.",
                      suggestion: "Ask for them again to see the price now."),
            ])
        case .unknown(let failure):
            return backToBooking(&state, [
                hideProgress,
                error("The \(kind) for booking \(reference) may have been added: the answer was lost (\(failure.message)) and the booking could not be read again.",
                      suggestion: "Check with `flights booking \(reference)` before adding them again."),
            ])
        }
    }

    /// The traveller said no (or Esc).
    static func declineExtras(_ state: inout State) -> [Effect] {
        backToBooking(&state, [message(.info, "Nothing added.")])
    }
}
