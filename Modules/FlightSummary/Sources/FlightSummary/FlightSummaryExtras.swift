import Entities
import Foundation
import TerminalUI

/// Seats and bags chosen to go with the booking: booked as the order's `services`, paid with the fare.
struct FlightSummaryExtras: Codable, Equatable, Sendable {
    /// One seat at most per passenger per flight, as the seats screen handed them back.
    var seats: [SeatChoice] = []
    /// The extra bags: an available service and how many (only quantities above zero are kept).
    var bags: [SelectedService] = []

    /// What the order books: the seats, then the bags.
    var services: [SelectedService] { SeatChoice.services(seats) + bags }

    /// How many of bag service `id` are chosen.
    func quantity(of id: String) -> Int { bags.first { $0.id == id }?.quantity ?? 0 }

    /// Sets how many of bag service `id` go with the booking.
    mutating func set(_ quantity: Int, of id: String) {
        bags.removeAll { $0.id == id }
        if quantity > 0 { bags.append(SelectedService(id: id, quantity: quantity)) }
    }
}

extension FlightSummaryState {
    /// The extra bags the offer sells, each for one passenger on one leg.
    var bagServices: [AvailableService] {
        (offer?.availableServices ?? []).filter { $0.type == .baggage && !$0.passengerIds.isEmpty && $0.maximumQuantity > 0 }
    }

    /// What the chosen seats and bags cost, in the offer's currency.
    var extrasTotal: Money {
        let prices = extras.seats.map(\.price) + extras.bags.compactMap { chosen in
            bagServices.first { $0.id == chosen.id }?.totalAmount.multiplied(by: chosen.quantity)
        }
        let zero = Money.zero(offer?.totalAmount.currency ?? "")
        return prices.reduce(zero) { $0.adding($1) ?? $0 }
    }

    /// The fare and the extras: what is paid when booking.
    var totalToPay: Money? {
        offer.map { $0.totalAmount.adding(extrasTotal) ?? $0.totalAmount }
    }

    /// `Passenger 1 (Adult) · London → New York: checked bag up to 23 kg, £20.00 each (1 included), how many to add (0–2)?`
    func bagQuestion(_ index: Int) -> String {
        guard bagServices.indices.contains(index), let offer else { return "" }
        let service = bagServices[index]
        let bag = describe(service, in: offer)
        let person = bag.who.map { "Passenger \($0.index + 1) (\(SummaryFormat.label($0)))" } ?? "A passenger"
        let weight = service.metadata?.maximumWeightKg.map { " up to " + TravelFormat.kilograms($0) } ?? ""
        let included = bag.legs.first?.segments.first?.passengers.first { $0.passengerId == bag.who?.id }?.baggages
            .filter { $0.type == (service.metadata?.baggageType ?? .checked) }.reduce(0) { $0 + $1.quantity } ?? 0
        return "\(person) · \(bag.route): \(bag.kind)\(weight), \(service.totalAmount.formatted) each (\(included) included). "
            + "How many to add (0–\(service.maximumQuantity))?"
    }

    /// Who a bag service is for, the legs it covers (and their route, `LHR → JFK`) and its kind (`checked bag`).
    private func describe(
        _ service: AvailableService, in offer: Offer
    ) -> (who: PassengerSlot?, legs: [Slice], route: String, kind: String) {
        let legs = offer.slices.filter { slice in slice.segments.contains { service.segmentIds.contains($0.id) } }
        let route = TravelFormat.route(legs.map { ($0.origin.iataCode, $0.destination.iataCode) }, roundTrip: false)
        return (slots.first { service.passengerIds.contains($0.id) }, legs, route,
                service.metadata?.baggageType?.displayName ?? "bag")
    }

    /// The review's lines for the extras: each seat and bag with its price, and the total with them.
    var extrasRows: [KeyValueList.Row] {
        guard let offer else { return [] }
        var rows: [KeyValueList.Row] = []
        let segments = offer.slices.flatMap(\.segments)
        for seat in extras.seats {
            let segment = segments.first { $0.id == seat.segmentId }
            let flight = segment.map { "\($0.flightNumber) \($0.origin.iataCode) → \($0.destination.iataCode)" } ?? "a flight"
            let who = slots.first { $0.id == seat.passengerId }.map { "passenger \($0.index + 1)" } ?? "a passenger"
            rows.append(KeyValueList.Row("Seat", "\(seat.designator) for \(who) on \(flight), \(TravelFormat.price(seat.price))"))
        }
        for chosen in extras.bags {
            guard let service = bagServices.first(where: { $0.id == chosen.id }) else { continue }
            let bag = describe(service, in: offer)
            let who = bag.who.map { "passenger \($0.index + 1)" } ?? "a passenger"
            let cost = service.totalAmount.multiplied(by: chosen.quantity)
            rows.append(KeyValueList.Row("Bags", "\(chosen.quantity) × \(bag.kind) for \(who) on \(bag.route), \(cost.formatted)"))
        }
        guard !rows.isEmpty, let total = totalToPay else { return rows }
        return rows + [KeyValueList.Row("Total with extras", total.formatted)]
    }
}
