/// Seats asked for by flight and passenger (`{"ZZ117": "14C"}` for each passenger in order), checked on each flight's
/// seat map: free, offered to that passenger, not given to another. Used for an offer before booking (a passengers
/// file's `seats`) and for a booking after it (`flights seats REF --seat ZZ117=14C`). Each problem names the
/// passenger and what to change, so several mistakes are told at once.
public enum SeatRequests {
    /// A passenger who may ask for seats: their id, and whether they sit on a lap (an infant takes no seat).
    public struct Passenger: Sendable, Hashable {
        public var id: String
        public var onLap: Bool

        /// Creates a passenger.
        public init(id: String, onLap: Bool) {
            self.id = id
            self.onLap = onLap
        }
    }

    /// How a request may name a flight: its segment id, its flight number (`ZZ117`, `ZZ 117`) or its route
    /// (`LHR-JFK`).
    private static func names(_ segment: Segment) -> Set<String> {
        let route = "\(segment.origin.iataCode)-\(segment.destination.iataCode)"
        return Set([segment.id, segment.flightNumber, route].map(normalised))
    }

    static func normalised(_ key: String) -> String {
        key.uppercased().filter { !$0.isWhitespace }.replacingOccurrences(of: "→", with: "-")
    }

    /// The seats `wanted` (one dictionary per passenger, in `passengers`' order, flight to seat) on `segments`,
    /// checked on `maps`; `command` is what shows the free seats (`flights seats off_…`), for a seat taken, and
    /// `within` what the flights are (`this offer`, `booking RZPVYB`).
    public static func resolve(
        _ wanted: [[String: String]], passengers: [Passenger], segments: [Segment], maps: [SeatMap], command: String,
        within: String = "this offer"
    ) -> (seats: [SeatChoice], problems: [String]) {
        let flightNames = segments.map { "\($0.flightNumber) (\($0.origin.iataCode)-\($0.destination.iataCode))" }
            .joined(separator: ", ")
        var seats: [SeatChoice] = []
        var problems: [String] = []
        for (index, asked) in wanted.enumerated() {
            let who = "Passenger \(index + 1)"
            guard passengers.indices.contains(index) else {
                if !asked.isEmpty {
                    problems.append("\(who): there is no such passenger (\(passengers.count == 1 ? "one passenger" : "\(passengers.count) passengers") here).")
                }
                continue
            }
            let passenger = passengers[index]
            for (key, seatName) in asked.sorted(by: { $0.key < $1.key }) {
                let shown = String(key.prefix(20))
                guard let segment = segments.first(where: { names($0).contains(normalised(key)) }) else {
                    problems.append("\(who): no flight \(shown) in \(within) (its flights: \(flightNames)).")
                    continue
                }
                let flight = segment.flightNumber
                guard !passenger.onLap else {
                    problems.append("\(who): an infant on a lap takes no seat (\(flight)).")
                    continue
                }
                guard let map = maps.first(where: { $0.segmentId == segment.id }) else {
                    problems.append("\(who): \(flight) has no seat map; the airline gives seats at check-in.")
                    continue
                }
                guard let seat = map.seat(seatName), let designator = seat.designator else {
                    problems.append("\(who): there is no seat \(String(seatName.prefix(8))) on \(flight).")
                    continue
                }
                if seat.isTaken {
                    problems.append("\(who): seat \(designator) on \(flight) is taken. `\(command)` shows the free ones.")
                } else if let service = seat.service(for: passenger.id) {
                    if let other = seats.first(where: { $0.segmentId == segment.id && $0.designator == designator }),
                       let first = passengers.firstIndex(where: { $0.id == other.passengerId }) {
                        problems.append("\(who): seat \(designator) on \(flight) is already given to passenger \(first + 1).")
                    } else {
                        seats.append(SeatChoice(
                            segmentId: segment.id, passengerId: passenger.id, designator: designator, serviceId: service.id,
                            price: service.totalAmount))
                    }
                } else {
                    let why = seat.disclosures.first.map { ": \($0)" } ?? "."
                    problems.append("\(who): seat \(designator) on \(flight) is not offered to this passenger\(why)")
                }
            }
        }
        return (seats, problems)
    }
}
