import Entities
import Foundation
import TravelText

/// Exactly what the seats screen shows, already formatted: a pure function of the state.
struct FlightSeatsViewModel: Codable, Sendable, Equatable {
    /// `Seats · flight 1 of 2`.
    var title: String
    /// The map of the flight being chosen for; `nil` when there is none to show.
    var grid: SeatGrid?
    /// What the map's symbols mean, laid out at ``columns``.
    var legend: [SeatGridLegend.Entry] = []
    var columns: Int
    /// What the map's `$` seats cost this passenger, price by price, when no cursor says it (off a TTY).
    var extraCost: [String] = []
    /// Whose turn it is, and the seat under the cursor.
    var lines: [String]
    /// What is chosen, flight by flight, with the total.
    var chosen: [String]
    var notice: FlightSeatsState.Notice?
    var keys: [String]

    init(_ state: FlightSeatsState) {
        let flights = state.flights
        let passengers = state.passengers
        notice = state.notice
        columns = state.columns
        // The keys answer the seat question only.
        keys = state.showsKeys && state.phase == .choosing ? Self.keys(interactive: state.isInteractive) : []
        chosen = Self.chosen(state)
        switch state.phase {
        case .choosing:
            title = "Seats · flight \(state.flightIndex + 1) of \(flights.count)"
            let flight = state.currentFlight
            let passenger = state.currentPassenger
            grid = flight.map {
                SeatGrid(segment: $0.segment, map: $0.map, choices: state.choices, passengers: passengers,
                                  passengerId: passenger?.id, cursor: state.isInteractive ? state.cursor : nil)
            }
            legend = grid.map { SeatGridLegend.entries(for: [$0], choosing: true, passengers: passengers.count) } ?? []
            if !state.isInteractive, let flight {
                extraCost = SeatGridLegend.extraCost(flight.map, passengerId: passenger?.id)
            }
            var lines: [String] = []
            if let passenger {
                lines.append("Choosing for passenger \(state.passengerIndex + 1) of \(passengers.count): "
                    + FlightSeatsReducer.label(passenger))
            }
            if state.isInteractive, let flight, let cursor = state.cursor, let seat = flight.map.seat(cursor) {
                lines.append(Self.describe(seat, for: passenger?.id))
            }
            self.lines = lines
        case .review:
            title = "Seats · your choice"
            grid = nil
            lines = state.choices.isEmpty ? ["No seats chosen: the airline will give them."] : []
        case .unavailable:
            title = "Seats"
            grid = nil
            lines = ["The airline gives no seat map for this offer: seats are given at check-in."]
        case .failed(let message, let suggestion):
            title = "Seats"
            grid = nil
            lines = [message] + (suggestion.map { [$0] } ?? [])
        case .loading, .done:
            title = "Seats"
            grid = nil
            lines = []
        }
    }

    /// `32A · Extra legroom exit row seat · GBP 45.00 · Do not seat children in exit row seats`.
    static func describe(_ seat: SeatElement, for passengerId: String?) -> String {
        var parts = [seat.designator ?? "?"]
        if let name = seat.name { parts.append(name) }
        if seat.isTaken {
            parts.append("taken")
        } else if let service = passengerId.flatMap({ seat.service(for: $0) }) {
            parts.append(TravelFormat.price(service.totalAmount))
        } else {
            parts.append("not offered to this passenger")
        }
        return (parts + seat.disclosures).joined(separator: " · ")
    }

    static func chosen(_ state: FlightSeatsState) -> [String] {
        guard !state.choices.isEmpty else { return [] }
        var lines: [String] = []
        for flight in state.flights {
            let here = state.passengers.enumerated().compactMap { index, passenger in
                state.choice(segmentId: flight.segment.id, passengerId: passenger.id).map {
                    "passenger \(index + 1) \($0.designator) (\(TravelFormat.price($0.price)))"
                }
            }
            guard !here.isEmpty else { continue }
            let route = "\(flight.segment.origin.iataCode) → \(flight.segment.destination.iataCode)"
            lines.append("\(flight.segment.flightNumber) \(route): " + here.joined(separator: ", "))
        }
        return lines + ["Seats total: \(state.total.formatted)"]
    }

    static func keys(interactive: Bool) -> [String] {
        interactive
            ? ["arrows move · Enter or space takes the seat · type 32A then Enter · s skip this passenger",
               "x clear · n/p next/previous flight · d done · Esc back without changes · ? keys"]
            : ["32A takes that seat · Enter or s: no seat for this passenger · x clear · n/p next/previous flight",
               "d done · b back without changes · ? keys"]
    }

    /// The question put under the screen.
    static func prompt(_ state: FlightSeatsState) -> String {
        let back = state.isInteractive ? "Esc" : "b"
        switch state.phase {
        case .choosing:
            let typed = state.typed.isEmpty ? "" : " \(state.typed)"
            return state.isInteractive
                ? "Seat (arrows and Enter, or type it; s skip, d done, ? keys):\(typed) "
                : "Seat (e.g. 32A; Enter: none for this passenger; d done, ? keys): "
        // Keys, listed as every key question lists them (`y yes · n no · Enter yes`).
        case .review:
            return "Take these seats? Enter yes · c change · \(back) leave without them "
        case .unavailable:
            return "Enter go on "
        case .failed:
            return "r try again · Enter go on without choosing · \(back) back "
        case .loading, .done:
            return ""
        }
    }
}
