public import Foundation

extension TravelFormat {
    /// An extra's price as a traveller reads it: `free` for nothing, else `£18.00`.
    public static func price(_ money: Money) -> String {
        money.amount == 0 ? "free" : money.formatted
    }

    /// A weight in whole kilograms, thousands grouped as prices are: `23 kg`, `2,670 kg`.
    public static func kilograms(_ value: Decimal) -> String {
        "\(Money.format(value, fractionDigits: 0, grouping: true)) kg"
    }

    /// A span of weights: `430–640 kg`.
    public static func kilograms(_ span: ClosedRange<Decimal>) -> String {
        "\(Money.format(span.lowerBound, fractionDigits: 0, grouping: true))–" + kilograms(span.upperBound)
    }

    /// The seats and bags an order holds, in words: `("Seats", "4B on FI1953 (Ada Lovelace), 12C on FI511 (…)")`,
    /// `("Bags", "1 checked bag up to 23 kg for Ada Lovelace on LHR → JFK and JFK → LHR")`: the same bags for the same
    /// passenger on several flights are one entry naming every flight. Other services are named by their type. Empty
    /// when the order holds none.
    public static func bookedServices(_ order: Order) -> [(label: String, value: String)] {
        let segments = order.slices.flatMap(\.segments)
        func flight(_ ids: [String]) -> String {
            let numbers = ids.compactMap { id in segments.first { $0.id == id }?.flightNumber }
            return numbers.isEmpty ? "" : " on " + numbers.joined(separator: ", ")
        }
        func who(_ ids: [String]) -> String {
            let names = ids.compactMap { id in order.passengers.first { $0.id == id }?.fullName }
            return names.isEmpty ? "" : " (" + names.joined(separator: ", ") + ")"
        }
        var seats: [String] = []
        var bags: [(what: String, routes: [String])] = []
        var others: [String] = []
        for service in order.services {
            switch service.type {
            case .seat:
                let seat = service.metadata?.designator ?? "a seat"
                seats.append(seat + flight(service.segmentIds) + who(service.passengerIds))
            case .baggage:
                let kind = service.metadata?.baggageType?.displayName ?? "bag"
                let weight = service.metadata?.maximumWeightKg.map { " up to " + kilograms($0) } ?? ""
                let names = order.passengers.filter { service.passengerIds.contains($0.id) }.map(\.fullName)
                let what = count(service.quantity, kind) + weight + (names.isEmpty ? "" : " for " + names.joined(separator: ", "))
                if let same = bags.firstIndex(where: { $0.what == what }) {
                    bags[same].routes += routes(service.segmentIds, in: order.slices)
                } else {
                    bags.append((what, routes(service.segmentIds, in: order.slices)))
                }
            default:
                others.append("\(service.quantity) × \(service.type.rawValue.replacingOccurrences(of: "_", with: " "))")
            }
        }
        var rows: [(label: String, value: String)] = []
        if !seats.isEmpty { rows.append(("Seats", seats.joined(separator: ", "))) }
        if !bags.isEmpty {
            let entries = bags.map { $0.what + ($0.routes.isEmpty ? "" : " on " + listed($0.routes)) }
            rows.append(("Bags", entries.joined(separator: "; ")))
        }
        if !others.isEmpty { rows.append(("Extras", others.joined(separator: ", "))) }
        return rows
    }

    /// The flights `segmentIds` cover, by route: a slice whose every segment is covered is named whole (`LHR → JFK`),
    /// else each covered segment.
    static func routes(_ segmentIds: [String], in slices: [Slice]) -> [String] {
        slices.flatMap { slice -> [String] in
            let covered = slice.segments.filter { segmentIds.contains($0.id) }
            if !covered.isEmpty, covered.count == slice.segments.count {
                return ["\(slice.origin.iataCode) → \(slice.destination.iataCode)"]
            }
            return covered.map { "\($0.origin.iataCode) → \($0.destination.iataCode)" }
        }
    }

    /// `A`, `A and B`, `A, B and C`.
    static func listed(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }
}
