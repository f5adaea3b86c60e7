import Entities
import Foundation

extension SandboxAPI {
    // MARK: - Services chosen with an order

    /// A service an order asks for, as its offer sells it, and how many.
    struct ChosenService: Sendable {
        var service: AvailableService
        var quantity: Int

        var total: Money { service.totalAmount.multiplied(by: quantity) }
    }

    /// The order's `services`, each found among what `offer` sells (its bags, the free and priced seats of its
    /// seat maps), by the rules of ``chosenServices(_:from:offerID:passengerIDs:field:booked:)``.
    func chosenServices(
        _ selected: [SelectedService], offer: Offer, passengers: [PassengerDetails]
    ) throws(APIFailure) -> [ChosenService] {
        guard !selected.isEmpty else { return [] }
        return try chosenServices(
            selected, from: serviceCatalog(for: offer), offerID: offer.id, passengerIDs: Set(passengers.map(\.id)),
            field: "services", booked: [])
    }

    /// `selected` (the list under `field`), each found in `catalog`: a seat once, a bag 1 to its maximum (less what
    /// `booked` already holds of it), one seat per passenger per flight, one passenger per seat (`booked`'s seats
    /// counting), each for one of `passengerIDs`. Every broken rule is a 422 naming `<field>[N].id` or `.quantity`.
    func chosenServices(
        _ selected: [SelectedService], from catalog: ServiceCatalog, offerID: String, passengerIDs: Set<String>,
        field list: String, booked: [BookedService]
    ) throws(APIFailure) -> [ChosenService] {
        var issues: [ValidationIssue] = []
        var chosen: [ChosenService] = []
        var firstChoice: [String: Int] = [:]
        // Seats so far, by passenger and segment and by segment and designator, each with where it was chosen.
        var seatOfPassenger: [String: (place: String, designator: String)] = [:]
        var passengerInSeat: [String: (place: String, passenger: String)] = [:]
        var bagsHeld: [String: Int] = [:]
        for service in booked {
            if service.type == .baggage { bagsHeld[SandboxAPI.bagKey(service.passengerIds, service.segmentIds), default: 0] += service.quantity }
            guard service.type == .seat, let designator = service.metadata?.designator else { continue }
            for passenger in service.passengerIds {
                for segment in service.segmentIds {
                    seatOfPassenger["\(passenger)|\(segment)"] = ("the order", designator)
                    passengerInSeat["\(segment)|\(designator)"] = ("the order", passenger)
                }
            }
        }
        for (index, selection) in selected.enumerated() {
            let field = "\(list)[\(index)]"
            guard let service = catalog[selection.id] else {
                issues.append(ValidationIssue(
                    field: "\(field).id",
                    message: "\(selection.id) is not a service of offer \(offerID): take the id of a bag from the offer read with return_available_services=true, or of a free seat from its seat maps."))
                continue
            }
            if let earlier = firstChoice[selection.id] {
                issues.append(ValidationIssue(
                    field: "\(field).id",
                    message: "\(selection.id) is already chosen as \(list)[\(earlier)]; give it once, with a quantity."))
                continue
            }
            firstChoice[selection.id] = index
            let held = service.type == .baggage ? bagsHeld[SandboxAPI.bagKey(service.passengerIds, service.segmentIds)] ?? 0 : 0
            let most = max(service.maximumQuantity, 1) - held
            if service.type == .seat, selection.quantity != 1 {
                issues.append(ValidationIssue(
                    field: "\(field).quantity", message: "A seat is booked with quantity 1, not \(selection.quantity)."))
            } else if selection.quantity < 1 || selection.quantity > most {
                issues.append(ValidationIssue(
                    field: "\(field).quantity",
                    message: held == 0
                        ? "The quantity of \(selection.id) must be 1 to \(service.maximumQuantity), not \(selection.quantity)."
                        : "The order already holds \(held) of \(selection.id), which sells at most \(service.maximumQuantity): add 1 to \(max(most, 0)), not \(selection.quantity)."))
            }
            if let stranger = service.passengerIds.first(where: { !passengerIDs.contains($0) }) {
                issues.append(ValidationIssue(
                    field: "\(field).id",
                    message: "\(selection.id) is for passenger \(stranger), who is not among this order's passengers."))
                continue
            }
            if service.type == .seat, let passenger = service.passengerIds.first, let segment = service.segmentIds.first,
               let designator = service.metadata?.designator {
                if let other = seatOfPassenger["\(passenger)|\(segment)"] {
                    issues.append(ValidationIssue(
                        field: "\(field).id",
                        message: "Passenger \(passenger) already has seat \(other.designator) on this flight (\(other.place)); choose one seat per passenger on each flight."))
                    continue
                }
                if let other = passengerInSeat["\(segment)|\(designator)"] {
                    issues.append(ValidationIssue(
                        field: "\(field).id",
                        message: "Seat \(designator) on this flight is already taken by passenger \(other.passenger) (\(other.place)); a seat holds one passenger."))
                    continue
                }
                seatOfPassenger["\(passenger)|\(segment)"] = (field, designator)
                passengerInSeat["\(segment)|\(designator)"] = (field, passenger)
            }
            chosen.append(ChosenService(service: service, quantity: selection.quantity))
        }
        if !issues.isEmpty { throw .validation(issues) }
        return chosen
    }

    /// Which bag a service is: the same passengers on the same segments.
    static func bagKey(_ passengerIDs: [String], _ segmentIDs: [String]) -> String {
        passengerIDs.joined(separator: ",") + "|" + segmentIDs.joined(separator: ",")
    }

    /// What the chosen services cost together, in `currency`.
    static func total(of chosen: [ChosenService], currency: String) -> Money {
        chosen.reduce(Money.zero(currency)) { sum, choice in sum.adding(choice.total) ?? sum }
    }

    /// The services as order `orderID` holds them (`ser_…`), with their price times the quantity. `round` tells one
    /// addition to an order from another (the number of services it held before), so the same bag added twice has
    /// two ids.
    static func booked(_ chosen: [ChosenService], orderID: String, round: Int = 0) -> [BookedService] {
        chosen.map { choice in
            BookedService(
                id: round == 0
                    ? SandboxID.derived("ser_", orderID, choice.service.id)
                    : SandboxID.derived("ser_", orderID, choice.service.id, String(round)),
                type: choice.service.type,
                quantity: choice.quantity, passengerIds: choice.service.passengerIds,
                segmentIds: choice.service.segmentIds, totalAmount: choice.total, metadata: choice.service.metadata)
        }
    }
}
