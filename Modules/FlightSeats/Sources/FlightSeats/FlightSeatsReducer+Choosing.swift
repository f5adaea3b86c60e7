import Entities
import Foundation

/// Choosing seats: moving over the map, taking a seat for the passenger whose turn it is, skipping, clearing.
extension FlightSeatsReducer {
    static func choosing(_ command: FlightSeatsCommand, _ state: inout FlightSeatsState) -> [FlightSeatsEffect] {
        switch command {
        case .seat(let designator):
            return choose(designator, &state)
        case .move(let direction):
            moveCursor(direction, &state)
        case .skip:
            if let passenger = state.currentPassenger {
                state.notice = .info("No seat chosen for passenger \(state.passengerIndex + 1) (\(label(passenger))) on this flight: the airline will give one.")
            }
            advance(&state)
        case .clear:
            if let flight = state.currentFlight, let passenger = state.currentPassenger {
                state.choices.removeAll { $0.segmentId == flight.segment.id && $0.passengerId == passenger.id }
                state.notice = .info("Seat cleared for passenger \(state.passengerIndex + 1) on this flight.")
            }
        case .nextFlight:
            if state.flightIndex + 1 < state.flights.count {
                state.flightIndex += 1
                state.passengerIndex = 0
                placeCursor(&state)
            } else {
                state.phase = .review
            }
        case .previousFlight:
            if state.flightIndex > 0 {
                state.flightIndex -= 1
                state.passengerIndex = 0
                placeCursor(&state)
            }
        case .done:
            state.phase = .review
        default:
            break
        }
        return []
    }

    /// Takes `designator` for the passenger whose turn it is, or says why it cannot be taken.
    static func choose(_ designator: String?, _ state: inout FlightSeatsState) -> [FlightSeatsEffect] {
        guard state.phase == .choosing, let flight = state.currentFlight, let passenger = state.currentPassenger,
              let designator else { return [] }
        let number = state.passengerIndex + 1
        guard let seat = flight.map.seat(designator) else {
            let text = String(designator.prefix(8))
            state.notice = .problem("There is no seat \(text) on this flight\(rowRange(flight.map)).")
            return []
        }
        let name = seat.designator ?? designator
        if seat.isTaken {
            state.notice = .problem("\(name) is taken. Choose a free seat (. or $ on the map).")
        } else if let other = state.choices.first(where: {
            $0.segmentId == flight.segment.id && $0.designator == name && $0.passengerId != passenger.id
        }), let index = state.passengers.firstIndex(where: { $0.id == other.passengerId }) {
            state.notice = .problem("\(name) is already chosen for passenger \(index + 1) (\(label(state.passengers[index]))).")
        } else if let service = seat.service(for: passenger.id) {
            state.choices.removeAll { $0.segmentId == flight.segment.id && $0.passengerId == passenger.id }
            state.choices.append(SeatChoice(
                segmentId: flight.segment.id, passengerId: passenger.id, designator: name, serviceId: service.id,
                price: service.totalAmount))
            state.notice = .info("\(name) for passenger \(number) (\(label(passenger))), \(TravelFormat.price(service.totalAmount)).")
            state.cursor = name
            advance(&state)
        } else {
            let why = seat.disclosures.first.map { ": \($0)" } ?? "."
            state.notice = .problem("\(name) is not offered to passenger \(number) (\(label(passenger)))\(why)")
        }
        return []
    }

    /// The next passenger on this flight, else the first on the next flight, else the review.
    static func advance(_ state: inout FlightSeatsState) {
        if state.passengerIndex + 1 < state.passengers.count {
            state.passengerIndex += 1
        } else if state.flightIndex + 1 < state.flights.count {
            state.flightIndex += 1
            state.passengerIndex = 0
            placeCursor(&state)
        } else {
            state.phase = .review
        }
    }

    /// The cursor on the passenger's chosen seat on this flight, else on the first seat they may take.
    static func placeCursor(_ state: inout FlightSeatsState) {
        guard let flight = state.currentFlight else { state.cursor = nil; return }
        if let passenger = state.currentPassenger,
           let chosen = state.choice(segmentId: flight.segment.id, passengerId: passenger.id) {
            state.cursor = chosen.designator
            return
        }
        let passengerId = state.currentPassenger?.id ?? ""
        state.cursor = (flight.map.seats.first { $0.service(for: passengerId) != nil } ?? flight.map.seats.first)?.designator
    }

    static func moveCursor(_ direction: FlightSeatsCommand.Direction, _ state: inout FlightSeatsState) {
        guard let flight = state.currentFlight else { return }
        let rows = flight.map.cabins.flatMap(\.rows).map { $0.sections.flatMap(\.elements).filter(\.isSeat) }
            .filter { !$0.isEmpty }
        guard !rows.isEmpty else { return }
        let current = state.cursor.flatMap { cursor in
            rows.indices.lazy.compactMap { row in
                rows[row].firstIndex { $0.designator == cursor }.map { (row, $0) }
            }.first
        } ?? (0, 0)
        var (row, column) = current
        switch direction {
        case .left: column = max(column - 1, 0)
        case .right: column = min(column + 1, rows[row].count - 1)
        case .up, .down:
            let letter = rows[row][column].column
            row = direction == .up ? max(row - 1, 0) : min(row + 1, rows.count - 1)
            column = rows[row].firstIndex { $0.column == letter } ?? min(column, rows[row].count - 1)
        }
        state.cursor = rows[row][column].designator
    }

    static func label(_ passenger: OfferPassenger) -> String {
        TravelFormat.passengerLabel(type: passenger.resolvedType, age: passenger.age)
    }

    private static func rowRange(_ map: SeatMap) -> String {
        let numbers = map.seats.compactMap(\.rowNumber)
        guard let first = numbers.min(), let last = numbers.max() else { return "" }
        return " (rows \(first)–\(last))"
    }
}
