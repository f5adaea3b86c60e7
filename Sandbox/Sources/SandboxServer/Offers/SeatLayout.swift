import Entities

/// How one cabin of an aircraft is laid out, by the aircraft the generator assigned to the flight (`Fleet`) and
/// the cabin sold: its blocks of seats between the aisles, its rows, the rows behind the emergency exits, the rows
/// over the wings, and the rear rows where the fuselage narrows.
struct SeatLayout: Sendable, Hashable {
    /// The kind of aircraft, which decides how many seats fit across.
    enum Kind: Sendable, Hashable {
        case turboprop, regional, narrowBody, wideBody
    }

    var kind: Kind
    /// The column letters of each block, left to right (`[["A", "B", "C"], ["D", "E", "F"]]` for 3-3).
    var blocks: [[String]]
    /// The seat rows' numbers, front to back; 13 is skipped, as many airlines do.
    var rowNumbers: [Int]
    /// Rows just behind an emergency exit: more legroom, not for children.
    var exitRows: Set<Int>
    /// Front rows sold as preferred seats.
    var preferredRows: Set<Int>
    /// The rows over the wings, first and last; `nil` for a cabin ahead of them.
    var wingRows: ClosedRange<Int>?
    /// Columns with no seat in a row (the fuselage narrows at the back): floor, an `empty` element.
    var missingSeats: [Int: Set<String>]
    /// 1 on the upper deck of an A380.
    var deck: Int

    var aisles: Int { blocks.count - 1 }

    static func kind(of aircraftCode: String?) -> Kind {
        switch aircraftCode {
        case "AT7", "DH4": .turboprop
        case "E90", "E75", "221": .regional
        case "789", "788", "359", "77W", "77L", "333", "388": .wideBody
        default: .narrowBody
        }
    }

    /// The layout of `cabin` on the aircraft with IATA code `aircraftCode` (a narrow body when unknown).
    static func of(aircraft aircraftCode: String?, cabin: CabinClass) -> SeatLayout {
        let kind = kind(of: aircraftCode)
        switch (kind, cabin) {
        case (.wideBody, .first):
            return premium(kind, [["A"], ["E"], ["K"]], rows: aircraftCode == "388" ? 3 : 2)
        case (.wideBody, .business):
            var layout = premium(kind, [["A"], ["D", "G"], ["K"]], rows: businessRows[aircraftCode ?? ""] ?? 8)
            if aircraftCode == "388" { layout.deck = 1 }
            return layout
        case (.wideBody, .premiumEconomy):
            let blocks = ["789", "788", "359"].contains(aircraftCode ?? "")
                ? [["A", "C"], ["D", "E", "F"], ["H", "K"]] : [["A", "C"], ["D", "E", "F", "G"], ["H", "K"]]
            var layout = premium(kind, blocks, rows: 6, firstRow: 20)
            layout.exitRows = [20]
            return layout
        case (.wideBody, _):
            return wideBodyEconomy(aircraftCode ?? "")
        case (_, .first), (_, .business):
            let blocks = kind == .regional && aircraftCode != "221" ? [["A"], ["D", "F"]] : [["A", "C"], ["D", "F"]]
            return premium(kind, blocks, rows: kind == .narrowBody ? 4 : 3)
        case (_, .premiumEconomy):
            return premium(kind, economyBlocks(kind, aircraftCode), rows: kind == .narrowBody ? 5 : 3)
        default:
            return shortBodyEconomy(kind, aircraftCode ?? "")
        }
    }

    // MARK: - Cabins

    private static let businessRows = ["788": 6, "789": 8, "359": 9, "333": 7, "77W": 10, "77L": 8, "388": 12]

    /// A cabin ahead of the wings with no exit rows and nothing sold extra: every seat comes with the fare.
    private static func premium(_ kind: Kind, _ blocks: [[String]], rows: Int, firstRow: Int = 1) -> SeatLayout {
        SeatLayout(
            kind: kind, blocks: blocks, rowNumbers: numbers(from: firstRow, count: rows), exitRows: [],
            preferredRows: [], wingRows: nil, missingSeats: [:], deck: 0)
    }

    private static func economyBlocks(_ kind: Kind, _ aircraftCode: String?) -> [[String]] {
        switch kind {
        case .turboprop: [["A", "C"], ["D", "F"]]
        case .regional: aircraftCode == "221" ? [["A", "C"], ["D", "E", "F"]] : [["A", "C"], ["D", "F"]]
        default: [["A", "B", "C"], ["D", "E", "F"]]
        }
    }

    /// Turboprops, regional jets and narrow bodies: one aisle, exits over the wing (a turboprop's are at its doors).
    private static func shortBodyEconomy(_ kind: Kind, _ aircraftCode: String) -> SeatLayout {
        let (count, exits): (Int, [Int]) = switch aircraftCode {
        case "AT7": (17, [])
        case "DH4": (19, [])
        case "E75": (19, [9])
        case "E90": (24, [10])
        case "221": (24, [10])
        case "73H", "7M8": (31, [15, 16])
        case "321", "32Q": (35, [11, 12, 26])
        default: (29, [11, 12])
        }
        let rows = numbers(from: 1, count: count)
        let wings: ClosedRange<Int> = exits.isEmpty
            ? 4...8 : max(1, (exits.min() ?? 10) - 3)...((exits.filter { $0 < 20 }.max() ?? 12) + 3)
        return SeatLayout(
            kind: kind, blocks: economyBlocks(kind, aircraftCode), rowNumbers: rows, exitRows: Set(exits),
            preferredRows: Set(rows.prefix(3)).subtracting(exits), wingRows: wings, missingSeats: [:], deck: 0)
    }

    /// Two aisles; economy behind the premium cabins (from row 30), entered at a door, with a second door
    /// half-way back; the last two rows lose a seat on each side where the fuselage narrows.
    private static func wideBodyEconomy(_ aircraftCode: String) -> SeatLayout {
        let blocks: [[String]]
        switch aircraftCode {
        case "77W", "77L", "388": blocks = [["A", "B", "C"], ["D", "E", "F", "G"], ["H", "J", "K"]]
        case "333": blocks = [["A", "C"], ["D", "E", "F", "G"], ["H", "K"]]
        default: blocks = [["A", "B", "C"], ["D", "E", "F"], ["H", "J", "K"]]
        }
        let count = ["788": 24, "789": 29, "359": 31, "333": 28, "77W": 36, "77L": 30, "388": 40][aircraftCode] ?? 28
        let rows = numbers(from: 30, count: count)
        let middleDoor = rows[count / 2]
        let narrowing: Set<String> = blocks[0].count == 3 ? ["B", "J"] : ["E"]
        var missing: [Int: Set<String>] = [:]
        for row in rows.suffix(2) { missing[row] = narrowing }
        return SeatLayout(
            kind: .wideBody, blocks: blocks, rowNumbers: rows, exitRows: [rows[0], middleDoor],
            preferredRows: Set(rows.dropFirst().prefix(3)), wingRows: rows[2]...rows[min(12, count - 1)],
            missingSeats: missing, deck: 0)
    }

    /// `count` row numbers from `first`, without 13.
    private static func numbers(from first: Int, count: Int) -> [Int] {
        Array((first...(first + count)).filter { $0 != 13 }.prefix(count))
    }
}
