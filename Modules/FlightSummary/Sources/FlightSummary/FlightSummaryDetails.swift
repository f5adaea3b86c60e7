import Entities
import Trips
import Foundation
import ModuleCore
import TerminalUI
import TravelText

// The traveller's details and bags, asked step by step: each passenger's fields, then their extra bags.

/// The extra bags of one kind one passenger may add: one service per flight, in the order of the flights. Asked
/// once for every flight; flight by flight only when the traveller answers that they differ.
struct FlightSummaryBagGroup: Equatable, Sendable {
    /// Who the bags are for (`nil`: a passenger the offer does not list).
    var passenger: PassengerSlot?
    var services: [AvailableService]

    /// `checked bag`.
    var kind: String { services.first?.metadata?.baggageType?.displayName ?? "bag" }

    /// The most that can be added on every flight.
    var maximumOnEveryFlight: Int { services.map(\.maximumQuantity).min() ?? 0 }
}

extension FlightSummaryState {
    /// The extra bags the offer sells, each for one passenger on one leg.
    var bagServices: [AvailableService] {
        offer?.extraBags ?? []
    }

    /// The bags asked about, passenger by passenger and kind by kind; a passenger sold none is not asked.
    var bagGroups: [FlightSummaryBagGroup] {
        let services = bagServices
        let flightOf = Dictionary(uniqueKeysWithValues: services.map { ($0.id, flightIndex(of: $0)) })
        var groups: [FlightSummaryBagGroup] = []
        for passenger in slots.map(Optional.some) + [nil] {
            let theirs = services.filter { service in
                passenger.map { service.passengerIds.contains($0.id) }
                    ?? !slots.contains { service.passengerIds.contains($0.id) }
            }
            var kinds: [FlightSummaryBagGroup] = []
            for service in theirs {
                if let same = kinds.firstIndex(where: { Self.sameKind($0.services[0], service) }) {
                    kinds[same].services.append(service)
                } else {
                    kinds.append(FlightSummaryBagGroup(passenger: passenger, services: [service]))
                }
            }
            for var group in kinds {
                group.services = group.services.enumerated()
                    .sorted { (flightOf[$0.element.id] ?? 0, $0.offset) < (flightOf[$1.element.id] ?? 0, $1.offset) }
                    .map(\.element)
                groups.append(group)
            }
        }
        return groups
    }

    /// Whether two services sell the same bag (kind and weight), on different flights.
    private static func sameKind(_ one: AvailableService, _ other: AvailableService) -> Bool {
        (one.metadata?.baggageType ?? .checked) == (other.metadata?.baggageType ?? .checked)
            && one.metadata?.maximumWeightKg == other.metadata?.maximumWeightKg
    }

    /// The position of the first leg `service` covers.
    private func flightIndex(of service: AvailableService) -> Int {
        offer?.slices.firstIndex { slice in slice.segments.contains { service.segmentIds.contains($0.id) } } ?? Int.max
    }

    /// The routes `service` covers, leg by leg (`LHR → JFK`).
    func routes(of service: AvailableService) -> [String] {
        guard let offer else { return [] }
        return offer.slices.filter { slice in slice.segments.contains { service.segmentIds.contains($0.id) } }
            .map { "\($0.origin.iataCode) → \($0.destination.iataCode)" }
    }

    /// What a bag question asks: the explanation on a line of its own, then a question short enough to leave room
    /// for the answer on its line at 60 columns. `flight` is `nil` for the question for every flight.
    ///
    /// `Passenger 1 (Adult) · LHR → JFK and JFK → LHR: checked bag up to 23 kg, £20.00 each per flight (1 included).`
    /// then `How many on every flight (0–2), or n? `.
    func bagQuestion(group index: Int, flight: Int?) -> String {
        let groups = bagGroups
        guard groups.indices.contains(index), let offer else { return "" }
        let group = groups[index]
        let asked = flight.map { group.services.indices.contains($0) ? [group.services[$0]] : [] } ?? group.services
        guard let first = asked.first else { return "" }
        let person = group.passenger.map { "Passenger \($0.index + 1) (\(SummaryFormat.label($0)))" } ?? "A passenger"
        let route = listed(asked.flatMap(routes(of:)))
        let weight = first.metadata?.maximumWeightKg.map { " up to " + TravelFormat.kilograms($0) } ?? ""
        let prices = asked.map(\.totalAmount).sorted { $0.amount < $1.amount }
        var price = (prices.first?.formatted ?? "") + " each"
        if let top = prices.last, let bottom = prices.first, top != bottom { price = "\(bottom.formatted) to \(top.formatted) each" }
        let everyFlight = asked.count > 1
        if everyFlight { price += " per flight" }
        let includedCounts = asked.map { included(in: offer, by: $0, for: group.passenger) }
        var inclusion = "(\(includedCounts.first ?? 0) included)"
        if Set(includedCounts).count > 1 {
            inclusion = "(included: " + zip(asked, includedCounts).map { service, count in
                "\(count) on " + listed(routes(of: service))
            }.joined(separator: ", ") + ")"
        }
        let explanation = "\(person) · \(route): \(group.kind)\(weight), \(price) \(inclusion)."
        guard everyFlight else { return explanation + "\nHow many to add (0–\(first.maximumQuantity))?" }
        return explanation + " Answer n to choose flight by flight.\n"
            + "How many on every flight (0–\(group.maximumOnEveryFlight)), or n?"
    }

    /// How many bags of `service`'s kind the fare includes for `passenger` on the first flight it covers.
    private func included(in offer: Offer, by service: AvailableService, for passenger: PassengerSlot?) -> Int {
        let segment = offer.slices.flatMap(\.segments).first { service.segmentIds.contains($0.id) }
        return segment?.passengers.first { $0.passengerId == passenger?.id }?.baggages
            .filter { $0.type == (service.metadata?.baggageType ?? .checked) }.reduce(0) { $0 + $1.quantity } ?? 0
    }

    /// What Enter answers: the number chosen on every flight, or `n` when the flights differ.
    func bagDefault(group index: Int, flight: Int?) -> String {
        let groups = bagGroups
        guard groups.indices.contains(index) else { return "0" }
        let services = groups[index].services
        if let flight {
            return services.indices.contains(flight) ? String(extras.quantity(of: services[flight].id)) : "0"
        }
        let chosen = Set(services.map { extras.quantity(of: $0.id) })
        return chosen.count == 1 ? String(chosen.first ?? 0) : "n"
    }

    /// The review's lines for the bags: one per passenger, kind and number, naming every flight it is on.
    var bagRows: [KeyValueList.Row] {
        var rows: [KeyValueList.Row] = []
        for group in bagGroups {
            let who = group.passenger.map { "passenger \($0.index + 1)" } ?? "a passenger"
            let chosen = group.services.map { ($0, extras.quantity(of: $0.id)) }.filter { $0.1 > 0 }
            for quantity in chosen.map(\.1).reduce(into: [Int](), { if !$0.contains($1) { $0.append($1) } }) {
                let services = chosen.filter { $0.1 == quantity }.map(\.0)
                let zero = Money.zero(offer?.totalAmount.currency ?? "")
                let cost = services.reduce(zero) { $0.adding($1.totalAmount.multiplied(by: quantity)) ?? $0 }
                let route = listed(services.flatMap(routes(of:)))
                rows.append(KeyValueList.Row(
                    "Bags", "\(TravelFormat.count(quantity, group.kind)) for \(who) on \(route), \(cost.formatted)"))
            }
        }
        return rows
    }
}

/// `A`, `A and B`, `A, B and C`.
private func listed(_ items: [String]) -> String {
    guard items.count > 1, let last = items.last else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + last
}

extension FlightSummaryReducer {
    /// Adds bags from the review: the first passenger's, for every flight.
    static func beginBags(_ state: inout State) -> [Effect] {
        state.bagGroups.isEmpty ? [] : go(&state, .bag(group: 0, flight: nil))
    }

    /// How many bags to add: a whole number from 0 to the most the airline sells, for every flight or for the one
    /// asked; `n` for every flight asks flight by flight. Then the next flight, the next passenger, or the review.
    static func acceptBags(_ state: inout State, _ text: String, group index: Int, flight: Int?) -> [Effect] {
        let groups = state.bagGroups
        guard groups.indices.contains(index) else { return showReview(&state) }
        let group = groups[index]
        let byFlight = flight == nil && group.services.count > 1
        var typed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if typed.isEmpty { typed = state.bagDefault(group: index, flight: flight) }
        if byFlight, typed == "n" || typed == "no" { return go(&state, .bag(group: index, flight: 0)) }
        let services = flight.map { group.services.indices.contains($0) ? [group.services[$0]] : [] } ?? group.services
        let most = flight.map { _ in services.first?.maximumQuantity ?? 0 } ?? group.maximumOnEveryFlight
        let orPerFlight = byFlight ? ", or n to choose flight by flight" : ""
        guard let quantity = Int(typed), quantity >= 0 else {
            return [error("Give a number of bags, from 0 to \(most)\(orPerFlight).", suggestion: nil)]
        }
        guard quantity <= most else {
            return [error("At most \(TravelFormat.count(most, "bag")) of this kind can be added\(byFlight ? " on every flight" : "").",
                          suggestion: "Give a number from 0 to \(most)\(orPerFlight).")]
        }
        for service in services { state.extras.set(quantity, of: service.id) }
        // The order's services in the offer's order, however they were answered.
        let order = state.bagServices.map(\.id)
        state.extras.bags.sort { (order.firstIndex(of: $0.id) ?? .max) < (order.firstIndex(of: $1.id) ?? .max) }
        if let flight, flight + 1 < group.services.count { return go(&state, .bag(group: index, flight: flight + 1)) }
        return index + 1 < groups.count ? go(&state, .bag(group: index + 1, flight: nil)) : showReview(&state)
    }

    /// Esc at a bag question: the flight before, the question for every flight, the passenger before, or the review.
    static func backFromBags(_ state: inout State, group index: Int, flight: Int?) -> [Effect] {
        if let flight { return go(&state, .bag(group: index, flight: flight > 0 ? flight - 1 : nil)) }
        return index > 0 ? go(&state, .bag(group: index - 1, flight: nil)) : showReview(&state)
    }
}

/// The passengers' details, one field at a time, and the review that follows them.
extension FlightSummaryReducer {
    /// Starts the first passenger's details.
    static func beginDetails(_ state: inout State) -> [Effect] {
        guard !state.slots.isEmpty else {
            return [error("This offer lists no passengers, so it cannot be booked.", suggestion: "Choose another offer.")]
                + go(&state, .leaving)
        }
        state.editing = nil
        return heading(state, 0) + go(&state, .field(passenger: 0, field: .title))
    }

    /// Checks `text` for `field` of `passenger`: a wrong answer is asked again, the others are kept; a right one
    /// moves on to the next field, the next passenger or the review.
    static func accept(_ state: inout State, _ text: String, passenger: Int, field: PassengerField) -> [Effect] {
        guard let offer = state.offer, state.slots.indices.contains(passenger) else { return [] }
        let rules = state.rules
        if let problem = rules.accept(text, for: field, slot: state.slots[passenger], offer: offer, into: &state.drafts[passenger]) {
            return [error(problem, suggestion: nil)]
        }
        if state.editing == .field(passenger, field) {
            state.editing = nil
            return showReview(&state)
        }
        if let next = state.askedField(after: field) {
            return go(&state, .field(passenger: passenger, field: next))
        }
        if state.editing == .passenger(passenger) || passenger + 1 >= state.slots.count {
            state.editing = nil
            return showReview(&state)
        }
        return heading(state, passenger + 1) + go(&state, .field(passenger: passenger + 1, field: .title))
    }

    /// The review's option at `index`.
    static func choose(_ state: inout State, _ index: Int) -> [Effect] {
        let options = state.reviewOptions
        guard options.indices.contains(index) else { return [] }
        switch options[index] {
        case .book(let type):
            if type == .hold, !state.extras.services.isEmpty { return refuseHeldExtras(&state) }
            return go(&state, .confirmBooking(type))
        case .change(let passenger):
            state.editing = .passenger(passenger)
            return heading(state, passenger) + go(&state, .field(passenger: passenger, field: .title))
        case .seats:
            guard let offer = state.offer else { return [] }
            return leave(&state, .seats(offer, chosen: state.extras.seats))
        case .bags:
            return beginBags(&state)
        case .backToOffers:
            return leaveToOffers(&state)
        }
    }

    /// `Book this offer?` where seats can be chosen: yes goes on to the details, no back to the offers, `s` to the
    /// seat maps first (the question is asked again when the seats screen hands them back).
    static func continueOrSeats(_ state: inout State, _ text: String) -> [Effect] {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "", "y", "yes": return beginDetails(&state)
        case "n", "no": return leaveToOffers(&state)
        case "s", "seats":
            guard let offer = state.offer else { return [] }
            return leave(&state, .seats(offer, chosen: state.extras.seats))
        default: return [error("Answer y to go on, n to go back to the offers, or s to choose seats first.", suggestion: nil)]
        }
    }

    /// The passenger and field a validation error points at (`/data/passengers/0/phone_number`), if any.
    static func refusedField(_ error: APIError, passengers: Int) -> (Int, PassengerField)? {
        for detail in error.errors {
            guard let source = detail.source else { continue }
            let parts = (source.pointer ?? "").split(separator: "/").map(String.init)
            if let at = parts.firstIndex(of: "passengers"), at + 2 < parts.count, let index = Int(parts[at + 1]),
               let field = PassengerField(wireName: parts[at + 2]) {
                return (index, field)
            }
            if let name = source.field, let field = PassengerField(wireName: name), passengers == 1 {
                return (0, field)
            }
        }
        return nil
    }
}
