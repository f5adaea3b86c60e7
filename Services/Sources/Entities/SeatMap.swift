import Foundation

/// The seats of one segment of an offer, as the airline lays them out (`GET /air/seat_maps?offer_id=`): one map per
/// segment, each with its cabins, rows, sections (the blocks between aisles) and elements (seats, exits, galleys…).
///
/// Essential: the segment it belongs to (without it the map describes no flight). Everything else is read
/// tolerantly: an element of an unknown type is kept as unknown, a row that cannot be read is left out.
public struct SeatMap: Sendable, Hashable, Codable, Identifiable {
    /// `sea_…`.
    public var id: String
    /// The segment these seats are on, `seg_…`.
    public var segmentId: String
    /// The slice of that segment, `sli_…`.
    public var sliceId: String?
    /// One per deck and cabin class, front first.
    public var cabins: [SeatMapCabin]

    /// Creates a seat map.
    public init(id: String, segmentId: String, sliceId: String? = nil, cabins: [SeatMapCabin]) {
        self.id = id
        self.segmentId = segmentId
        self.sliceId = sliceId
        self.cabins = cabins
    }

    /// Every element that is a seat, with where it stands, front to back and left to right.
    public var seats: [SeatElement] {
        cabins.flatMap { $0.rows.flatMap { $0.sections.flatMap(\.elements) } }.filter(\.isSeat)
    }

    /// The seat with this designator (`14C`, case and spaces ignored), if the map has one.
    public func seat(_ designator: String) -> SeatElement? {
        let wanted = SeatElement.normalised(designator)
        return seats.first { $0.designator.map(SeatElement.normalised) == wanted }
    }

    private enum CodingKeys: String, CodingKey {
        case id, cabins, segmentId = "segment_id", sliceId = "slice_id"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        segmentId = try container.decode(String.self, forKey: .segmentId)
        id = container.lenientString(forKey: .id) ?? segmentId
        sliceId = container.lenientString(forKey: .sliceId)
        cabins = container.lossyList(SeatMapCabin.self, forKey: .cabins)
    }
}

/// One cabin of a seat map: a deck and a class, with its rows.
public struct SeatMapCabin: Sendable, Hashable, Codable {
    /// 0 for the main deck, 1 for the upper.
    public var deck: Int
    /// The class of service sold in this cabin.
    public var cabinClass: CabinClass?
    /// How many aisles (1 for a narrow body, 2 for a wide body).
    public var aisles: Int?
    /// The rows over the wings, as indexes into ``rows``.
    public var wings: Wings?
    /// Front to back.
    public var rows: [SeatRow]

    /// The rows over the wings, as indexes into the cabin's rows (first and last included).
    public struct Wings: Sendable, Hashable, Codable {
        /// The first row over the wing.
        public var firstRowIndex: Int
        /// The last row over the wing.
        public var lastRowIndex: Int

        /// Creates a wing span.
        public init(firstRowIndex: Int, lastRowIndex: Int) {
            self.firstRowIndex = firstRowIndex
            self.lastRowIndex = lastRowIndex
        }

        private enum CodingKeys: String, CodingKey {
            case firstRowIndex = "first_row_index", lastRowIndex = "last_row_index"
        }
    }

    /// Creates a cabin.
    public init(deck: Int = 0, cabinClass: CabinClass? = nil, aisles: Int? = nil, wings: Wings? = nil, rows: [SeatRow]) {
        self.deck = deck
        self.cabinClass = cabinClass
        self.aisles = aisles
        self.wings = wings
        self.rows = rows
    }

    private enum CodingKeys: String, CodingKey {
        case deck, aisles, wings, rows, cabinClass = "cabin_class"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        deck = container.lenient(Int.self, forKey: .deck) ?? 0
        cabinClass = container.lenient(CabinClass.self, forKey: .cabinClass)
        aisles = container.lenient(Int.self, forKey: .aisles)
        wings = container.lenient(Wings.self, forKey: .wings)
        rows = container.lossyList(SeatRow.self, forKey: .rows)
    }
}

/// One row: its sections, left to right, with an aisle between two sections.
public struct SeatRow: Sendable, Hashable, Codable {
    /// Left to right.
    public var sections: [SeatSection]

    /// Creates a row.
    public init(sections: [SeatSection]) {
        self.sections = sections
    }

    /// The row's number, read from its first seat (`14` for `14A`); `nil` for a row without seats.
    public var number: Int? {
        sections.lazy.flatMap(\.elements).compactMap(\.rowNumber).first
    }

    private enum CodingKeys: String, CodingKey { case sections }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sections = container.lossyList(SeatSection.self, forKey: .sections)
    }
}

/// The elements between two aisles (or an aisle and the cabin's wall), left to right.
public struct SeatSection: Sendable, Hashable, Codable {
    /// Left to right.
    public var elements: [SeatElement]

    /// Creates a section.
    public init(elements: [SeatElement]) {
        self.elements = elements
    }

    private enum CodingKeys: String, CodingKey { case elements }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        elements = container.lossyList(SeatElement.self, forKey: .elements)
    }
}

/// One place in a row: a seat, or what stands where a seat could (an exit, a galley, a lavatory, nothing).
public struct SeatElement: Sendable, Hashable, Codable {
    /// What it is.
    public var type: SeatElementType
    /// A seat's designator, `14C`.
    public var designator: String?
    /// A seat's name as the airline gives it (`Exit row seat`).
    public var name: String?
    /// What a traveller must know before taking the seat (`Do not seat children in exit row seats`).
    public var disclosures: [String]
    /// One per passenger who may take the seat, with its price (0 for a free seat). None: the seat is taken.
    public var availableServices: [SeatService]

    /// Creates an element.
    public init(
        type: SeatElementType, designator: String? = nil, name: String? = nil, disclosures: [String] = [],
        availableServices: [SeatService] = []
    ) {
        self.type = type
        self.designator = designator
        self.name = name
        self.disclosures = disclosures
        self.availableServices = availableServices
    }

    /// Whether this element is a seat (a bookable one or a taken one).
    public var isSeat: Bool { type == .seat && designator?.isEmpty == false }

    /// Whether no passenger can take it (Duffel lists no services for a taken seat).
    public var isTaken: Bool { availableServices.isEmpty }

    /// What this passenger would pay for the seat, or `nil` when it is not offered to them.
    public func service(for passengerId: String) -> SeatService? {
        availableServices.first { $0.passengerId == passengerId }
    }

    /// `14` for `14C`.
    public var rowNumber: Int? {
        guard let designator else { return nil }
        return Int(designator.prefix { $0.isASCII && $0.isNumber })
    }

    /// `C` for `14C`.
    public var column: String? {
        guard let designator else { return nil }
        let letters = designator.drop { $0.isNumber }
        return letters.isEmpty ? nil : String(letters)
    }

    /// A designator as compared: upper case, no spaces.
    static func normalised(_ designator: String) -> String {
        designator.filter { !$0.isWhitespace }.uppercased()
    }

    private enum CodingKeys: String, CodingKey {
        case type, designator, name, disclosures, availableServices = "available_services"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = container.lenient(SeatElementType.self, forKey: .type) ?? .unknown
        designator = container.lenientString(forKey: .designator).flatMap { $0.isEmpty ? nil : $0 }
        name = container.lenientString(forKey: .name).flatMap { $0.isEmpty ? nil : $0 }
        disclosures = container.lossyList(String.self, forKey: .disclosures)
        availableServices = container.lossyList(SeatService.self, forKey: .availableServices)
    }
}

/// What an element of a seat map is.
public struct SeatElementType: WireToken {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A seat.
    public static let seat = SeatElementType(rawValue: "seat")
    /// A seat not sold here (crew, blocked).
    public static let restrictedSeat = SeatElementType(rawValue: "restricted_seat_general")
    /// Where a bassinet can be fixed.
    public static let bassinet = SeatElementType(rawValue: "bassinet")
    /// Nothing: floor.
    public static let empty = SeatElementType(rawValue: "empty")
    /// An emergency exit.
    public static let exitRow = SeatElementType(rawValue: "exit_row")
    /// A lavatory.
    public static let lavatory = SeatElementType(rawValue: "lavatory")
    /// A galley.
    public static let galley = SeatElementType(rawValue: "galley")
    /// A closet.
    public static let closet = SeatElementType(rawValue: "closet")
    /// Stairs to another deck.
    public static let stairs = SeatElementType(rawValue: "stairs")
    /// A type this version does not know, or none.
    public static let unknown = SeatElementType(rawValue: "unknown")
}

/// A seat offered to one passenger, at a price.
public struct SeatService: Sendable, Hashable, Codable, Identifiable {
    /// `ase_…`: what the order's `services` names to book the seat.
    public var id: String
    /// Who may take the seat at this price.
    public var passengerId: String
    /// The price; zero for a free seat.
    public var totalAmount: Money

    /// Creates a seat service.
    public init(id: String, passengerId: String, totalAmount: Money) {
        self.id = id
        self.passengerId = passengerId
        self.totalAmount = totalAmount
    }

    private enum CodingKeys: String, CodingKey {
        case id, passengerId = "passenger_id", totalAmount = "total_amount", totalCurrency = "total_currency"
    }

    public init(from decoder: any Decoder) throws {
        // Essential: the id to book with, the passenger and the price. Without one of them it cannot be chosen.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        passengerId = try container.decode(String.self, forKey: .passengerId)
        totalAmount = try container.decodeMoney(amount: .totalAmount, currency: .totalCurrency)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(passengerId, forKey: .passengerId)
        try container.encodeMoney(totalAmount, amount: .totalAmount, currency: .totalCurrency)
    }
}
