import Entities
import Foundation
import Services

/// Checked bags added to a booking after it was made, as the airline prices them before anything is paid: one line
/// per passenger and flight, the services to send and their total. A paid order pays the total now; a held order
/// adds it to what the hold costs, paid with it.
struct BagsQuote: Sendable, Hashable, Codable {
    /// `Imogen Fairweather · LHR → BCN · 1 checked bag up to 23 kg · £30.00`.
    var lines: [String]
    /// The services to add, `{id, quantity}` each.
    var services: [SelectedService]
    /// What they cost together.
    var total: Money
    /// Whether the order is paid, so the bags are paid now; `false` for a hold, which pays them with the order.
    var paysNow: Bool
    /// What the hold will cost with them, for a held order.
    var holdTotal: Money?
    /// Passengers and flights the airline sells no more bags for.
    var unavailable: [String]
    /// How many bags the order holds before the addition (every passenger and flight), to tell after a lost answer
    /// whether they were added.
    var bagsBefore: Int
    /// How many it adds, counted the same way.
    var bagsAdded: Int
}

extension BagsQuote {
    /// `quantity` checked bags for each passenger on each flight of `order`, the cheapest of `available` that sells
    /// that many; `nil` when the airline sells none.
    init?(_ available: [AvailableService], order: Order, quantity: Int) {
        let bags = available.filter { $0.type == .baggage && $0.metadata?.baggageType != .carryOn }
        // One choice per passenger and flight: the services covering the same passengers and segments compete.
        let groups = Dictionary(grouping: bags) { "\($0.passengerIds.sorted())|\($0.segmentIds.sorted())" }
        var lines: [String] = []
        var services: [SelectedService] = []
        var unavailable: [String] = []
        var total: Money?
        var added = 0
        for key in groups.keys.sorted() {
            let group = groups[key] ?? []
            guard let first = group.first else { continue }
            let whom = Self.whom(first, in: order)
            guard let cheapest = group.filter({ $0.maximumQuantity >= quantity })
                .min(by: { $0.totalAmount.amount < $1.totalAmount.amount }) else {
                unavailable.append(whom)
                continue
            }
            let cost = Money(amount: cheapest.totalAmount.amount * Decimal(quantity), currency: cheapest.totalAmount.currency)
            guard let sum = total.map({ $0.adding(cost) }) ?? cost else { continue }
            total = sum
            services.append(SelectedService(id: cheapest.id, quantity: quantity))
            added += quantity * max(1, cheapest.passengerIds.count) * max(1, cheapest.segmentIds.count)
            let weight = cheapest.metadata?.maximumWeightKg.map { " up to " + TravelFormat.kilograms($0) } ?? ""
            lines.append("\(whom) · \(TravelFormat.count(quantity, "checked bag"))\(weight) · \(cost.formatted)")
        }
        guard let total, !services.isEmpty else { return nil }
        let paysNow = !order.paymentStatus.awaitingPayment
        self.init(
            lines: lines, services: services, total: total, paysNow: paysNow,
            holdTotal: paysNow ? nil : order.totalAmount.flatMap { $0.adding(total) }, unavailable: unavailable,
            bagsBefore: Self.bags(in: order), bagsAdded: added)
    }

    /// `Imogen Fairweather · LHR → BCN`: whom a service is for, and on which flights.
    private static func whom(_ service: AvailableService, in order: Order) -> String {
        let names = order.passengers.filter { service.passengerIds.contains($0.id) }.map(\.fullName)
        let slices = order.slices.filter { slice in slice.segments.contains { service.segmentIds.contains($0.id) } }
        let route = slices.map { "\($0.origin.iataCode) → \($0.destination.iataCode)" }.joined(separator: ", ")
        return ([names.isEmpty ? "Every passenger" : names.joined(separator: ", ")] + (route.isEmpty ? [] : [route]))
            .joined(separator: " · ")
    }

    /// How many checked bags `order` holds as services, counted once per passenger and segment.
    static func bags(in order: Order) -> Int {
        order.services.filter { $0.type == .baggage }
            .reduce(0) { $0 + $1.quantity * max(1, $1.passengerIds.count) * max(1, $1.segmentIds.count) }
    }
}

/// How adding bags ended.
enum BagsOutcome: Sendable, Hashable, Codable {
    /// Added; the booking as it stands after it. `recovered` when the answer was lost and the order, read again,
    /// holds them.
    case added(Booking, recovered: Bool)
    /// Refused, or the answer was lost and the order, read again, does not hold them: nothing was added or paid.
    case notAdded(ServiceError)
    /// The answer was lost and the order could not be read again: they may or may not have been added.
    case unknown(ServiceError)
}
