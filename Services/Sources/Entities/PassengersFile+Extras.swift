/// The seats and bags a passengers file asks for (`"seats": {"ZZ117": "14C"}`, `"bags": 1`), checked against the
/// offer and its seat maps, travellers in the offer's passenger order. Each problem names the passenger and what to
/// change, so a file with several mistakes gets all of them at once.
extension PassengersFile {
    /// Whether any traveller asks for a seat.
    public static func asksForSeats(_ travellers: [Traveller]) -> Bool {
        travellers.contains { !$0.seats.isEmpty }
    }

    /// The seats the travellers ask for, each checked on its flight's map: free, offered to that passenger, not
    /// given to another.
    public static func seats(
        for travellers: [Traveller], in offer: Offer, maps: [SeatMap]
    ) -> (seats: [SeatChoice], problems: [String]) {
        SeatRequests.resolve(
            Array(travellers.prefix(offer.passengers.count)).map(\.seats),
            passengers: offer.passengers.map { SeatRequests.Passenger(id: $0.id, onLap: $0.resolvedType == .infantWithoutSeat) },
            segments: offer.slices.flatMap(\.segments), maps: maps, command: "flights seats \(offer.id)")
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
                    SeatRequests.normalised("\($0.origin.iataCode)-\($0.destination.iataCode)") == SeatRequests.normalised(key)
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
