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
    /// seat maps): a seat once, a bag 1 to its maximum, one seat per passenger per flight, one passenger per seat,
    /// each for a passenger of the order. Every broken rule is a 422 naming `services[N].id` or `.quantity`.
    func chosenServices(
        _ selected: [SelectedService], offer: Offer, passengers: [PassengerDetails]
    ) throws(APIFailure) -> [ChosenService] {
        guard !selected.isEmpty else { return [] }
        let catalog = serviceCatalog(for: offer)
        let travelling = Set(passengers.map(\.id))
        var issues: [ValidationIssue] = []
        var chosen: [ChosenService] = []
        var firstChoice: [String: Int] = [:]
        // Seats so far: by passenger and segment, and by segment and designator.
        var seatOfPassenger: [String: (index: Int, designator: String)] = [:]
        var passengerInSeat: [String: (index: Int, passenger: String)] = [:]
        for (index, selection) in selected.enumerated() {
            let field = "services[\(index)]"
            guard let service = catalog[selection.id] else {
                issues.append(ValidationIssue(
                    field: "\(field).id",
                    message: "\(selection.id) is not a service of offer \(offer.id): take the id of a bag from the offer read with return_available_services=true, or of a free seat from its seat maps."))
                continue
            }
            if let earlier = firstChoice[selection.id] {
                issues.append(ValidationIssue(
                    field: "\(field).id",
                    message: "\(selection.id) is already chosen as services[\(earlier)]; give it once, with a quantity."))
                continue
            }
            firstChoice[selection.id] = index
            if service.type == .seat, selection.quantity != 1 {
                issues.append(ValidationIssue(
                    field: "\(field).quantity", message: "A seat is booked with quantity 1, not \(selection.quantity)."))
            } else if !(1...max(service.maximumQuantity, 1)).contains(selection.quantity) {
                issues.append(ValidationIssue(
                    field: "\(field).quantity",
                    message: "The quantity of \(selection.id) must be 1 to \(service.maximumQuantity), not \(selection.quantity)."))
            }
            if let stranger = service.passengerIds.first(where: { !travelling.contains($0) }) {
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
                        message: "Passenger \(passenger) already has seat \(other.designator) on this flight (services[\(other.index)]); choose one seat per passenger on each flight."))
                    continue
                }
                if let other = passengerInSeat["\(segment)|\(designator)"] {
                    issues.append(ValidationIssue(
                        field: "\(field).id",
                        message: "Seat \(designator) on this flight is already chosen for passenger \(other.passenger) (services[\(other.index)]); a seat holds one passenger."))
                    continue
                }
                seatOfPassenger["\(passenger)|\(segment)"] = (index, designator)
                passengerInSeat["\(segment)|\(designator)"] = (index, passenger)
            }
            chosen.append(ChosenService(service: service, quantity: selection.quantity))
        }
        if !issues.isEmpty { throw .validation(issues) }
        return chosen
    }

    /// What the chosen services cost together, in `currency`.
    static func total(of chosen: [ChosenService], currency: String) -> Money {
        chosen.reduce(Money.zero(currency)) { sum, choice in sum.adding(choice.total) ?? sum }
    }

    /// The services as order `orderID` holds them (`ser_…`), with their price times the quantity.
    static func booked(_ chosen: [ChosenService], orderID: String) -> [BookedService] {
        chosen.map { choice in
            BookedService(
                id: SandboxID.derived("ser_", orderID, choice.service.id), type: choice.service.type,
                quantity: choice.quantity, passengerIds: choice.service.passengerIds,
                segmentIds: choice.service.segmentIds, totalAmount: choice.total, metadata: choice.service.metadata)
        }
    }
}
