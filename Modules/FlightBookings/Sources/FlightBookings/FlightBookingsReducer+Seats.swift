import Entities
import Foundation
import ModuleCore
import Services
import Trips

/// Seats chosen for a booking after it was made: on the seats screen (`s`, the App's FlightSeats over this one), or
/// named in a script (`flights seats REF --seat ZZ117=14C`) and checked on the booked offer's seat maps. Then priced,
/// confirmed and added as the bags are.
extension FlightBookingsReducer {
    /// Why seats cannot be chosen for `booking` now, as the end of a sentence; `nil` when they can.
    static func seatsBlocker(_ booking: Booking, in state: State) -> String? {
        if let why = extrasBlocker(booking, in: state) { return why }
        return seatMapsBlocker(booking, in: state)
    }

    /// Why the seat maps of `booking` cannot be read, as the end of a sentence; `nil` when they can.
    static func seatMapsBlocker(_ booking: Booking, in state: State) -> String? {
        booking.seatMapsBlocker(backend: state.backend, readsSeatMaps: state.readsSeatMaps)
    }

    /// The seats asked for off the screen: one dictionary per passenger, flight to seat.
    private static func requestedSeats(_ state: State) -> [[String: String]] {
        if case .addSeats(_, let wanted) = state.input.request { return wanted }
        return []
    }

    /// Opens the seats screen (interactive), or reads the seat maps for the seats a script named.
    static func startChoosingSeats(_ state: inout State) -> [Effect] {
        guard let booking = state.current else { return openList(&state) }
        let reference = booking.reference ?? ""
        if let why = seatsBlocker(booking, in: state) {
            let text = "Seats cannot be chosen for booking \(reference): \(why)."
            return [error(text)] + askOrFinish(&state, .failed(text))
        }
        guard let offerID = booking.record?.offerID, let order = booking.shownOrder else { return [] }
        if state.isInteractive { return [.leave(.seats(order, offerID: offerID))] }
        return [progress("Reading the seat maps of booking \(reference)…"), .run(.readSeatMaps(offerID: offerID))]
    }

    /// The booked offer's seat maps were read: the seats a script named, checked on them, priced and asked.
    static func seatMapsRead(_ state: inout State, _ outcome: Outcome<[SeatMap], ServiceError>) -> [Effect] {
        var effects: [Effect] = [hideProgress]
        guard let booking = state.current, let order = booking.shownOrder else { return effects }
        let reference = booking.reference ?? ""
        let maps: [SeatMap]
        switch outcome {
        case .failure(let failure):
            effects.append(error(
                "The seat maps of booking \(reference) could not be read: \(failure.message)",
                suggestion: failure.suggestion + " Some airlines sell seats only when booking; then they are chosen at check-in."))
            return effects + askOrFinish(&state, .failed(failure.message))
        case .success(let read):
            maps = read
        }
        let resolved = SeatRequests.resolve(
            requestedSeats(state),
            passengers: order.passengers.map { SeatRequests.Passenger(id: $0.id, onLap: $0.type == .infantWithoutSeat) },
            segments: order.slices.flatMap(\.segments), maps: maps, command: "flights seats \(reference)",
            within: "booking \(reference)")
        guard resolved.problems.isEmpty, let quote = ExtrasQuote(seats: resolved.seats, order: order) else {
            let problems = !resolved.problems.isEmpty ? resolved.problems
                : resolved.seats.isEmpty ? ["No seat was named: add --seat FLIGHT=SEAT (--seat ZZ117=14C)."]
                : ["The seats are priced in more than one currency: add them one flight at a time."]
            effects += problems.map { error($0) }
            return effects + askOrFinish(&state, .notFound(reference: reference))
        }
        return effects + askToAdd(&state, quote)
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
        return askToAdd(&state, quote)
    }
}
