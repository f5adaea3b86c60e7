/// The body of `POST /air/orders/{id}/services`: extras for an order already booked, from its
/// `available_services`, with the payment for them.
///
/// A paid order pays for the services now: `payment` is their total. An order on hold pays nothing now (Duffel:
/// services and payments are omitted when an order's type is `hold`): `payment` is `nil` and the services are added
/// to what the order costs, paid with it through `POST /air/payments`.
public struct ServicesAddition: Sendable, Hashable, Codable {
    /// The services, `{"id": "ase_…", "quantity": 1}` each.
    public var addServices: [SelectedService]
    /// The payment for them; `nil` for an order on hold.
    public var payment: Payment?

    /// Creates an addition.
    public init(addServices: [SelectedService], payment: Payment?) {
        self.addServices = addServices
        self.payment = payment
    }

    private enum CodingKeys: String, CodingKey { case addServices = "add_services", payment }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(addServices, forKey: .addServices)
        // Left out for a hold, as Duffel asks: no payments key, not even `null`.
        try container.encodeIfPresent(payment, forKey: .payment)
    }
}
