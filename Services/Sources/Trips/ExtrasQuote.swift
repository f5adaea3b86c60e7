public import Entities
import Foundation
public import Services

/// Checked bags or seats added to a booking after it was made, as the airline prices them before anything is paid:
/// one line per passenger and flight, the services to send and their total. A paid order pays the total now; a held
/// order adds it to what the hold costs, paid with it.
public struct ExtrasQuote: Sendable, Hashable, Codable {
    /// What is added.
    public enum Kind: String, Sendable, Hashable, Codable {
        case bags, seats

        /// The service type added.
        public var serviceType: ServiceType { self == .bags ? .baggage : .seat }
    }

    /// Bags or seats.
    public var kind: Kind
    /// `Imogen Fairweather · LHR → BCN · 1 checked bag up to 23 kg · £30.00`, `Imogen Fairweather · IB3612 LHR →
    /// MAD · seat 4A · free`.
    public var lines: [String]
    /// The services to add, `{id, quantity}` each.
    public var services: [SelectedService]
    /// What they cost together.
    public var total: Money
    /// Whether the order is paid, so the bags are paid now; `false` for a hold, which pays them with the order.
    public var paysNow: Bool
    /// What the hold will cost with them, for a held order.
    public var holdTotal: Money?
    /// Passengers and flights the airline sells no more bags for.
    public var unavailable: [String]
    /// How many of the kind the order holds before the addition (every passenger and flight), to tell after a lost
    /// answer whether they were added.
    public var countBefore: Int
    /// How many it adds, counted the same way.
    public var countAdded: Int
    /// The seats it adds (none for bags): after a lost answer, the order holds each or not.
    public var seats: [SeatChoice] = []

    /// Creates a quote.
    public init(
        kind: Kind, lines: [String], services: [SelectedService], total: Money, paysNow: Bool, holdTotal: Money?,
        unavailable: [String], countBefore: Int, countAdded: Int, seats: [SeatChoice] = []
    ) {
        self.kind = kind
        self.lines = lines
        self.services = services
        self.total = total
        self.paysNow = paysNow
        self.holdTotal = holdTotal
        self.unavailable = unavailable
        self.countBefore = countBefore
        self.countAdded = countAdded
        self.seats = seats
    }
}

extension ExtrasQuote {
    /// `quantity` checked bags for each passenger on each flight of `order`, the cheapest of `available` that sells
    /// that many; `nil` when the airline sells none.
    public init?(bags available: [AvailableService], order: Order, quantity: Int) {
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
            guard let sum = total.map({ $0.adding(cost) }) ?? cost else {
                // One total in one currency: a bag priced in another is not added behind it.
                unavailable.append("\(whom) (priced in \(cost.currency))")
                continue
            }
            total = sum
            services.append(SelectedService(id: cheapest.id, quantity: quantity))
            added += quantity * max(1, cheapest.passengerIds.count) * max(1, cheapest.segmentIds.count)
            let weight = cheapest.metadata?.maximumWeightKg.map { " up to " + TravelFormat.kilograms($0) } ?? ""
            lines.append("\(whom) · \(TravelFormat.count(quantity, "checked bag"))\(weight) · \(cost.formatted)")
        }
        guard let total, !services.isEmpty else { return nil }
        let paysNow = !order.paymentStatus.awaitingPayment
        self.init(
            kind: .bags, lines: lines, services: services, total: total, paysNow: paysNow,
            holdTotal: paysNow ? nil : order.totalAmount.flatMap { $0.adding(total) }, unavailable: unavailable,
            countBefore: Self.count(.bags, in: order), countAdded: added)
    }

    /// `seats` chosen on the booked offer's maps, for `order`; `nil` when none were, or when they are priced in
    /// more than one currency (one total is paid).
    public init?(seats: [SeatChoice], order: Order) {
        guard let first = seats.first else { return nil }
        let segments = order.slices.flatMap(\.segments)
        var total = Money.zero(first.price.currency)
        var lines: [String] = []
        for seat in seats {
            guard let sum = total.adding(seat.price) else { return nil }
            total = sum
            let name = order.passengers.first { $0.id == seat.passengerId }?.fullName ?? "A passenger"
            let flight = segments.first { $0.id == seat.segmentId }
                .map { "\($0.flightNumber) \($0.origin.iataCode) → \($0.destination.iataCode)" } ?? "a flight"
            lines.append("\(name) · \(flight) · seat \(seat.designator) · \(seat.price.amount > 0 ? seat.price.formatted : "free")")
        }
        let paysNow = !order.paymentStatus.awaitingPayment
        self.init(
            kind: .seats, lines: lines, services: SeatChoice.services(seats), total: total, paysNow: paysNow,
            holdTotal: paysNow ? nil : order.totalAmount.flatMap { $0.adding(total) }, unavailable: [],
            countBefore: Self.count(.seats, in: order), countAdded: seats.count, seats: seats)
    }

    /// Whether `order` holds what the quote adds: each of its seats (a seat that replaced another leaves the count
    /// as it was), or as many bags more.
    public func isHeld(by order: Order) -> Bool {
        guard kind == .seats else { return Self.count(.bags, in: order) >= countBefore + countAdded }
        let held = order.services.filter { $0.type == .seat }
        return seats.allSatisfy { seat in
            held.contains { service in
                service.segmentIds.contains(seat.segmentId) && service.passengerIds.contains(seat.passengerId)
                    && service.metadata?.designator?.uppercased() == seat.designator.uppercased()
            }
        }
    }

    /// `Imogen Fairweather · LHR → BCN`: whom a service is for, and on which flights.
    private static func whom(_ service: AvailableService, in order: Order) -> String {
        let names = order.passengers.filter { service.passengerIds.contains($0.id) }.map(\.fullName)
        let slices = order.slices.filter { slice in slice.segments.contains { service.segmentIds.contains($0.id) } }
        let route = slices.map { "\($0.origin.iataCode) → \($0.destination.iataCode)" }.joined(separator: ", ")
        return ([names.isEmpty ? "Every passenger" : names.joined(separator: ", ")] + (route.isEmpty ? [] : [route]))
            .joined(separator: " · ")
    }

    /// How many bags (or seats) `order` holds as services, counted once per passenger and segment.
    public static func count(_ kind: Kind, in order: Order) -> Int {
        order.services.filter { $0.type == kind.serviceType }
            .reduce(0) { $0 + $1.quantity * max(1, $1.passengerIds.count) * max(1, $1.segmentIds.count) }
    }
}

/// How adding bags or seats ended.
public enum ExtrasOutcome: Sendable, Hashable, Codable {
    /// Added; the booking as it stands after it. `recovered` when the answer was lost and the order, read again,
    /// holds them.
    case added(Booking, recovered: Bool)
    /// Refused, or the answer was lost and the order, read again, does not hold them: nothing was added or paid.
    case notAdded(ServiceError)
    /// Their total is not the one agreed to: nothing was sent. The total now.
    case priceChanged(Money)
    /// The answer was lost and the order could not be read again: they may or may not have been added.
    case unknown(ServiceError)
}
