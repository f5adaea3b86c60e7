import Foundation

/// A seat chosen for one passenger on one segment: what the seat screen hands back and the order books as a service.
public struct SeatChoice: Sendable, Hashable, Codable {
    /// The segment, `seg_…`.
    public var segmentId: String
    /// The passenger, `pas_…`.
    public var passengerId: String
    /// `14C`.
    public var designator: String
    /// The seat's service for this passenger, `ase_…`: booked with quantity 1.
    public var serviceId: String
    /// What it costs; zero for a free seat.
    public var price: Money

    /// Creates a choice.
    public init(segmentId: String, passengerId: String, designator: String, serviceId: String, price: Money) {
        self.segmentId = segmentId
        self.passengerId = passengerId
        self.designator = designator
        self.serviceId = serviceId
        self.price = price
    }

    /// The choices as the order's `services`.
    public static func services(_ choices: [SeatChoice]) -> [SelectedService] {
        choices.map { SelectedService(id: $0.serviceId, quantity: 1) }
    }
}

extension TravelFormat {
    /// `Adult`, `Child, 8`, `Infant on a lap`: a passenger named by type, before names are known.
    public static func passengerLabel(type: PassengerType, age: Int?) -> String {
        switch type {
        case .adult: "Adult"
        case .child: age.map { "Child, \($0)" } ?? "Child"
        case .infantWithoutSeat: "Infant on a lap"
        default: type.displayName
        }
    }
}
