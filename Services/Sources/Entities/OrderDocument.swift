import Foundation

/// A ticket or other document issued for an order.
public struct OrderDocument: Sendable, Hashable, Codable {
    /// `electronic_ticket`; `nil` when the answer did not say.
    public var type: String?
    /// The ticket number.
    public var uniqueIdentifier: String
    /// The passengers it covers.
    public var passengerIds: [String]

    /// Creates a document.
    public init(type: String?, uniqueIdentifier: String, passengerIds: [String] = []) {
        self.type = type
        self.uniqueIdentifier = uniqueIdentifier
        self.passengerIds = passengerIds
    }

    private enum CodingKeys: String, CodingKey {
        case type, uniqueIdentifier = "unique_identifier", passengerIds = "passenger_ids"
    }

    public init(from decoder: any Decoder) throws {
        // Duffel's own examples send documents without `type`.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        uniqueIdentifier = try container.lenientString(forKey: .uniqueIdentifier)
            ?? container.decode(String.self, forKey: .uniqueIdentifier)
        type = container.lenient(String.self, forKey: .type)
        passengerIds = container.lossyList(String.self, forKey: .passengerIds)
    }
}
