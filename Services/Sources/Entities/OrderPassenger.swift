import Foundation

/// A passenger on an order.
public struct OrderPassenger: Sendable, Hashable, Codable, Identifiable {
    /// `pas_…`.
    public var id: String
    /// `adult`, `child`, `infant_without_seat`.
    public var type: PassengerType?
    /// `mr`, `ms`, …
    public var title: PassengerTitle?
    /// Given name.
    public var givenName: String
    /// Family name.
    public var familyName: String
    /// Birth date.
    public var bornOn: CalendarDate?
    /// `m` or `f`.
    public var gender: Gender?

    /// Creates an order passenger.
    public init(
        id: String, type: PassengerType?, title: PassengerTitle?, givenName: String, familyName: String,
        bornOn: CalendarDate?, gender: Gender?
    ) {
        self.id = id
        self.type = type
        self.title = title
        self.givenName = givenName
        self.familyName = familyName
        self.bornOn = bornOn
        self.gender = gender
    }

    /// `Ada Lovelace`.
    public var fullName: String {
        let name = [givenName, familyName].filter { !$0.isEmpty }.joined(separator: " ")
        return name.isEmpty ? "Name unknown" : name
    }

    private enum CodingKeys: String, CodingKey {
        case id, type, title, gender
        case givenName = "given_name", familyName = "family_name", bornOn = "born_on"
    }

    public init(from decoder: any Decoder) throws {
        // Essential: the id. A title or gender we do not know reads as unknown, a missing name as empty.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        type = container.lenient(PassengerType.self, forKey: .type)
        title = container.lenient(String.self, forKey: .title).flatMap { PassengerTitle(rawValue: $0.lowercased()) }
        givenName = container.lenient(String.self, forKey: .givenName) ?? ""
        familyName = container.lenient(String.self, forKey: .familyName) ?? ""
        bornOn = container.lenient(CalendarDate.self, forKey: .bornOn)
        gender = container.lenient(String.self, forKey: .gender).flatMap { Gender(rawValue: $0.lowercased()) }
    }
}
