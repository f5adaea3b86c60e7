import Entities
import Foundation

/// A search reduced to what decides its offers, plus the moment it was made. It is written into every offer
/// request id and offer id, so any process (a restart, another process on another data directory) can read
/// an id back and regenerate exactly the same offers without a shared store.
struct SearchKey: Sendable, Hashable {
    struct Leg: Sendable, Hashable {
        var origin: String
        var destination: String
        var date: CalendarDate
        var departureWindow: TimeWindow?
        var arrivalWindow: TimeWindow?
    }

    var legs: [Leg]
    var passengers: [PassengerSpec]
    var cabin: CabinClass
    /// 0, 1 or 2 (Duffel's default when the search does not say is 1).
    var maxConnections: Int
    /// Asked for through `x-sandbox-offer-count`; 0 means the route's natural count.
    var offerCount: Int
    /// When the search was made, to the second: offers expire 30 minutes later, and prices depend on how many
    /// days ahead the flight is.
    var createdAt: Date
    /// The search's `supplier_timeout`, kept only on a route whose airlines take time to answer
    /// (``AirlineBatches/areSlow(_:)``): there it decides which airlines' offers exist.
    var supplierTimeout: Duration?

    static let defaultMaxConnections = 1

    init(
        legs: [Leg], passengers: [PassengerSpec], cabin: CabinClass, maxConnections: Int, offerCount: Int,
        createdAt: Date, supplierTimeout: Duration? = nil
    ) {
        self.supplierTimeout = supplierTimeout
        self.legs = legs
        self.passengers = passengers
        self.cabin = cabin
        self.maxConnections = maxConnections
        self.offerCount = offerCount
        self.createdAt = Date(timeIntervalSince1970: createdAt.timeIntervalSince1970.rounded(.down))
    }

    /// The key of `request`; `supplierTimeout` is kept where the route's airlines are slow.
    init(request: SearchRequest, offerCount: Int, createdAt: Date, supplierTimeout: Duration?) {
        self.init(request: request, offerCount: offerCount, createdAt: createdAt)
        if AirlineBatches.areSlow(Scenario.forSearch(self)) {
            self.supplierTimeout = supplierTimeout.map { min(max($0, .seconds(2)), .seconds(60)) }
        }
    }

    init(request: SearchRequest, offerCount: Int, createdAt: Date) {
        self.init(
            legs: request.slices.map {
                Leg(
                    origin: $0.origin, destination: $0.destination, date: $0.departureDate,
                    departureWindow: $0.departureTime, arrivalWindow: $0.arrivalTime)
            },
            passengers: request.passengers, cabin: request.cabinClass ?? .economy,
            maxConnections: request.maxConnections ?? SearchKey.defaultMaxConnections, offerCount: offerCount,
            createdAt: createdAt)
    }

    /// The part of the key that decides which flights and fares exist: everything but the moment of search,
    /// except its calendar day (prices move with the days left before departure).
    var generationSeed: UInt64 {
        var hash = StableHash()
        for leg in legs {
            hash.combine("\(leg.origin)\(leg.destination)\(leg.date)")
            hash.combine(leg.departureWindow?.description ?? "-")
            hash.combine(leg.arrivalWindow?.description ?? "-")
        }
        hash.combine(passengers.map(\.description).joined(separator: ","))
        hash.combine(cabin.rawValue)
        hash.combine(maxConnections)
        hash.combine(offerCount)
        hash.combine(searchDay.description)
        return SplitMix64.mix(hash.value)
    }

    /// The calendar day of the search, in UTC.
    var searchDay: CalendarDate { CalendarDate(createdAt, in: SearchKey.utc) }

    var expiresAt: Date { createdAt.addingTimeInterval(30 * 60) }

    static let utc = TimeZone(secondsFromGMT: 0) ?? TimeZone.current
}

// MARK: - The id codec

/// Offer request ids (`orq_…`), offer ids (`off_…`) and list cursors, as compact, versioned, checksummed bytes
/// in base 32. The checksum turns a mistyped or foreign id into a clean 404 instead of someone else's offers.
enum SandboxID {
    private static let version: UInt8 = 1
    private static let timedVersion: UInt8 = 2

    static func offerRequestID(for key: SearchKey) -> String {
        "orq_" + Base32.encode(sealed(payload(key)))
    }

    static func offerID(for key: SearchKey, index: Int) -> String {
        var bytes = payload(key)
        append16(&bytes, index)
        return "off_" + Base32.encode(sealed(bytes))
    }

    static func searchKey(fromOfferRequestID id: String) -> SearchKey? {
        guard id.hasPrefix("orq_"), let bytes = opened(id.dropFirst(4)) else { return nil }
        var reader = ByteReader(bytes: bytes)
        guard let key = readPayload(&reader), reader.isAtEnd else { return nil }
        return key
    }

    static func offerReference(fromOfferID id: String) -> (key: SearchKey, index: Int)? {
        guard id.hasPrefix("off_"), let bytes = opened(id.dropFirst(4)) else { return nil }
        var reader = ByteReader(bytes: bytes)
        guard let key = readPayload(&reader), let index = reader.read16(), reader.isAtEnd else { return nil }
        return (key, index)
    }

    /// A cursor for position `offset` of one particular listing; `scope` names the listing, so a cursor of one
    /// search (or one sort order) is refused by another.
    static func cursor(offset: Int, scope: String) -> String {
        var bytes: [UInt8] = []
        append32(&bytes, UInt32(clamping: offset))
        append32(&bytes, UInt32(truncatingIfNeeded: StableHash.of(scope)))
        return "g" + Base32.encode(sealed(bytes))
    }

    static func offset(fromCursor cursor: String, scope: String) -> Int? {
        guard cursor.hasPrefix("g"), let bytes = opened(cursor.dropFirst()) else { return nil }
        var reader = ByteReader(bytes: bytes)
        guard let offset = reader.read32(), let check = reader.read32(), reader.isAtEnd,
              check == UInt32(truncatingIfNeeded: StableHash.of(scope)) else { return nil }
        return Int(offset)
    }

    /// A stable short token derived from `parts`, for the ids of things inside an offer (passengers, slices,
    /// segments) that must come out the same every time the offer is regenerated.
    static func derived(_ prefix: String, _ parts: String...) -> String {
        var hash = StableHash()
        for part in parts { hash.combine(part) }
        let value = SplitMix64.mix(hash.value)
        var bytes: [UInt8] = []
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
        return prefix + Base32.encode(bytes)
    }

    /// Ten digits derived from `parts`, for ticket numbers that stay the same when an order is read again.
    static func ticketDigits(_ parts: String..., index: Int) -> String {
        var hash = StableHash()
        for part in parts { hash.combine(part) }
        hash.combine(index)
        return String(format: "%010llu", SplitMix64.mix(hash.value) % 10_000_000_000)
    }

    /// A random id for things that are made once and stored (orders, cancellations).
    static func random(_ prefix: String, length: Int = 26) -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<((length * 5 + 7) / 8)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return prefix + String(Base32.encode(bytes).prefix(length))
    }

    // MARK: Payload

    private static let epochDay = CalendarDate(year: 2000, month: 1, day: 1)?.dayNumber ?? 10_957

    private static func payload(_ key: SearchKey) -> [UInt8] {
        // Version 2 adds the supplier timeout (milliseconds) after the version byte; keys without one keep version 1.
        var bytes: [UInt8] = [key.supplierTimeout == nil ? version : timedVersion]
        if let timeout = key.supplierTimeout {
            append32(&bytes, UInt32(clamping: timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000))
        }
        append32(&bytes, UInt32(clamping: Int(key.createdAt.timeIntervalSince1970)))
        bytes.append(cabinCode(key.cabin))
        bytes.append(UInt8(clamping: key.maxConnections))
        append16(&bytes, key.offerCount)
        bytes.append(UInt8(clamping: key.passengers.count))
        for passenger in key.passengers {
            switch passenger {
            case .adult: bytes.append(18)
            case .child(let age): bytes.append(UInt8(clamping: age))
            case .infantOnLap: bytes.append(19)
            }
        }
        bytes.append(UInt8(clamping: key.legs.count))
        for leg in key.legs {
            append16(&bytes, codeNumber(leg.origin))
            append16(&bytes, codeNumber(leg.destination))
            append16(&bytes, leg.date.dayNumber - epochDay)
            var flags: UInt8 = 0
            if leg.departureWindow != nil { flags |= 1 }
            if leg.arrivalWindow != nil { flags |= 2 }
            bytes.append(flags)
            for window in [leg.departureWindow, leg.arrivalWindow].compactMap({ $0 }) {
                append16(&bytes, window.from.minutesSinceMidnight)
                append16(&bytes, window.to.minutesSinceMidnight)
            }
        }
        return bytes
    }

    private static func readPayload(_ reader: inout ByteReader) -> SearchKey? {
        var supplierTimeout: Duration?
        switch reader.read8() {
        case version: break
        case timedVersion:
            guard let milliseconds = reader.read32() else { return nil }
            supplierTimeout = .milliseconds(Int(milliseconds))
        default: return nil
        }
        guard let created = reader.read32(), let cabinByte = reader.read8(),
              let cabin = cabin(cabinByte), let maxConnections = reader.read8(), maxConnections <= 2,
              let offerCount = reader.read16(), let passengerCount = reader.read8() else { return nil }
        var passengers: [PassengerSpec] = []
        for _ in 0..<passengerCount {
            guard let byte = reader.read8() else { return nil }
            switch byte {
            case 0...17: passengers.append(.child(age: Int(byte)))
            case 18: passengers.append(.adult)
            case 19: passengers.append(.infantOnLap)
            default: return nil
            }
        }
        guard let legCount = reader.read8() else { return nil }
        var legs: [SearchKey.Leg] = []
        for _ in 0..<legCount {
            guard let origin = reader.read16().flatMap(code), let destination = reader.read16().flatMap(code),
                  let day = reader.read16(), let flags = reader.read8() else { return nil }
            var windows: [TimeWindow?] = [nil, nil]
            for slot in 0..<2 where flags & (1 << slot) != 0 {
                guard let from = reader.read16(), let to = reader.read16(), from < 1440, to < 1440 else { return nil }
                windows[slot] = TimeWindow(
                    from: LocalTime(minutesSinceMidnight: from), to: LocalTime(minutesSinceMidnight: to))
            }
            legs.append(SearchKey.Leg(
                origin: origin, destination: destination, date: CalendarDate(dayNumber: epochDay + day),
                departureWindow: windows[0], arrivalWindow: windows[1]))
        }
        return SearchKey(
            legs: legs, passengers: passengers, cabin: cabin, maxConnections: Int(maxConnections),
            offerCount: offerCount, createdAt: Date(timeIntervalSince1970: Double(created)), supplierTimeout: supplierTimeout)
    }

    private static func cabinCode(_ cabin: CabinClass) -> UInt8 {
        UInt8(CabinClass.allCases.firstIndex(of: cabin) ?? 0)
    }

    private static func cabin(_ code: UInt8) -> CabinClass? {
        Int(code) < CabinClass.allCases.count ? CabinClass.allCases[Int(code)] : nil
    }

    /// Three letters A–Z as a number below 26³.
    private static func codeNumber(_ code: String) -> Int {
        code.unicodeScalars.reduce(0) { $0 * 26 + Int(min(max($1.value, 65), 90) - 65) }
    }

    private static func code(_ number: Int) -> String? {
        guard number < 26 * 26 * 26 else { return nil }
        let scalars = [number / 676, (number / 26) % 26, number % 26].compactMap { Unicode.Scalar(UInt32(65 + $0)) }
        return String(String.UnicodeScalarView(scalars))
    }

    // MARK: Sealing

    private static func sealed(_ bytes: [UInt8]) -> [UInt8] {
        var hash = StableHash()
        hash.combine("flights-sandbox-id")
        hash.combine(bytes)
        let check = UInt32(truncatingIfNeeded: SplitMix64.mix(hash.value))
        var output = bytes
        append32(&output, check)
        return output
    }

    private static func opened(_ text: Substring) -> [UInt8]? {
        guard text.count <= 512, let bytes = Base32.decode(text), bytes.count > 4 else { return nil }
        let body = Array(bytes.dropLast(4))
        return sealed(body) == bytes ? body : nil
    }

    private static func append16(_ bytes: inout [UInt8], _ value: Int) {
        let clamped = UInt16(clamping: value)
        bytes.append(UInt8(clamped >> 8))
        bytes.append(UInt8(clamped & 0xff))
    }

    private static func append32(_ bytes: inout [UInt8], _ value: UInt32) {
        for shift in [24, 16, 8, 0] { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }
}

/// Reads big-endian numbers off a byte array, answering `nil` past the end.
private struct ByteReader {
    let bytes: [UInt8]
    var position = 0

    var isAtEnd: Bool { position == bytes.count }

    mutating func read8() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func read16() -> Int? {
        guard let high = read8(), let low = read8() else { return nil }
        return Int(high) << 8 | Int(low)
    }

    mutating func read32() -> UInt32? {
        guard let a = read8(), let b = read8(), let c = read8(), let d = read8() else { return nil }
        return UInt32(a) << 24 | UInt32(b) << 16 | UInt32(c) << 8 | UInt32(d)
    }
}
