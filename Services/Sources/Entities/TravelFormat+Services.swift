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
    /// `("Bags", "2 × checked bag up to 23 kg (Ada Lovelace)")`. Other services are named by their type. Empty when
    /// the order holds none.
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
        var bags: [String] = []
        var others: [String] = []
        for service in order.services {
            switch service.type {
            case .seat:
                let seat = service.metadata?.designator ?? "a seat"
                seats.append(seat + flight(service.segmentIds) + who(service.passengerIds))
            case .baggage:
                let kind = service.metadata?.baggageType?.displayName ?? "bag"
                let weight = service.metadata?.maximumWeightKg.map { " up to " + kilograms($0) } ?? ""
                bags.append("\(service.quantity) × \(kind)\(weight)\(who(service.passengerIds))")
            default:
                others.append("\(service.quantity) × \(service.type.rawValue.replacingOccurrences(of: "_", with: " "))")
            }
        }
        var rows: [(label: String, value: String)] = []
        if !seats.isEmpty { rows.append(("Seats", seats.joined(separator: ", "))) }
        if !bags.isEmpty { rows.append(("Bags", bags.joined(separator: ", "))) }
        if !others.isEmpty { rows.append(("Extras", others.joined(separator: ", "))) }
        return rows
    }
}
