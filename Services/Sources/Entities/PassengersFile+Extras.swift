/// The seats and bags a passengers file asks for (`"seats": {"ZZ117": "14C"}`, `"bags": 1`), checked against the
/// offer and its seat maps, travellers in the offer's passenger order. Each problem names the passenger and what to
/// change, so a file with several mistakes gets all of them at once.
extension PassengersFile {
    /// How a file may name a flight: its segment id, its flight number (`ZZ117`, `ZZ 117`) or its route (`LHR-JFK`).
    private static func names(_ segment: Segment) -> Set<String> {
        let route = "\(segment.origin.iataCode)-\(segment.destination.iataCode)"
        return Set([segment.id, segment.flightNumber, route].map(normalised))
    }

    private static func normalised(_ key: String) -> String {
        key.uppercased().filter { !$0.isWhitespace }.replacingOccurrences(of: "→", with: "-")
    }

    /// Whether any traveller asks for a seat.
    public static func asksForSeats(_ travellers: [Traveller]) -> Bool {
        travellers.contains { !$0.seats.isEmpty }
    }

    /// The seats the travellers ask for, each checked on its flight's map: free, offered to that passenger, not
    /// given to another.
    public static func seats(
        for travellers: [Traveller], in offer: Offer, maps: [SeatMap]
    ) -> (seats: [SeatChoice], problems: [String]) {
        let passengers = offer.passengers
        let segments = offer.slices.flatMap(\.segments)
        let flightNames = segments.map { "\($0.flightNumber) (\($0.origin.iataCode)-\($0.destination.iataCode))" }
            .joined(separator: ", ")
        var seats: [SeatChoice] = []
        var problems: [String] = []
        for (index, traveller) in travellers.enumerated() where passengers.indices.contains(index) {
            let passenger = passengers[index]
            let who = "Passenger \(index + 1)"
            for (key, wanted) in traveller.seats.sorted(by: { $0.key < $1.key }) {
                let shown = String(key.prefix(20))
                guard let segment = segments.first(where: { Self.names($0).contains(Self.normalised(key)) }) else {
                    problems.append("\(who): no flight \(shown) in this offer (its flights: \(flightNames)).")
                    continue
                }
                let flight = segment.flightNumber
                guard passenger.resolvedType != .infantWithoutSeat else {
                    problems.append("\(who): an infant on a lap takes no seat (\(flight)).")
                    continue
                }
                guard let map = maps.first(where: { $0.segmentId == segment.id }) else {
                    problems.append("\(who): \(flight) has no seat map; the airline gives seats at check-in.")
                    continue
                }
                guard let seat = map.seat(wanted), let designator = seat.designator else {
                    problems.append("\(who): there is no seat \(String(wanted.prefix(8))) on \(flight).")
                    continue
                }
                if seat.isTaken {
                    problems.append("\(who): seat \(designator) on \(flight) is taken. `flights seats \(offer.id)` shows the free ones.")
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

    /// The extra bags the travellers ask for, by leg (`*` for every leg), within what the airline sells.
    public static func bags(for travellers: [Traveller], in offer: Offer) -> (bags: [SelectedService], problems: [String]) {
        let passengers = offer.passengers
        let bagServices = offer.extraBags
        var bags: [SelectedService] = []
        var problems: [String] = []
        for (index, traveller) in travellers.enumerated() where passengers.indices.contains(index) {
            let passenger = passengers[index]
            let who = "Passenger \(index + 1)"
            for (key, quantity) in traveller.bags.sorted(by: { $0.key < $1.key }) {
                let legs = key == "*" ? offer.slices : offer.slices.filter {
                    Self.normalised("\($0.origin.iataCode)-\($0.destination.iataCode)") == Self.normalised(key)
                }
                guard !legs.isEmpty else {
                    let names = offer.slices.map { "\($0.origin.iataCode)-\($0.destination.iataCode)" }.joined(separator: ", ")
                    problems.append("\(who): no leg \(String(key.prefix(20))) in this offer (its legs: \(names)).")
                    continue
                }
                guard quantity >= 0 else {
                    problems.append("\(who): a number of bags is 0 or more, not \(quantity).")
                    continue
                }
                guard quantity > 0 else { continue }
                for leg in legs {
                    let route = "\(leg.origin.iataCode)-\(leg.destination.iataCode)"
                    let ids = Set(leg.segments.map(\.id))
                    let service = bagServices.first {
                        $0.passengerIds.contains(passenger.id) && !$0.segmentIds.isEmpty && Set($0.segmentIds).isSubset(of: ids)
                            && ($0.metadata?.baggageType ?? .checked) == .checked
                    }
                    guard let service else {
                        problems.append("\(who): the airline sells no extra checked bag on \(route).")
                        continue
                    }
                    guard quantity <= service.maximumQuantity else {
                        problems.append("\(who): at most \(TravelFormat.count(service.maximumQuantity, "extra bag")) on \(route), not \(quantity).")
                        continue
                    }
                    bags.append(SelectedService(id: service.id, quantity: quantity))
                }
            }
        }
        return (bags, problems)
    }
}
