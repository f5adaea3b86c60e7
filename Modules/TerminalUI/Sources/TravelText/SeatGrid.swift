public import Entities
import Foundation
public import ModuleCore

/// One flight's seat map laid out for a terminal (the seats screen, and `flights seats`): a pure function of the map, the choices, whose turn it is and the
/// cursor. Each cell is one character wide in a three-character slot; sections are separated by an aisle.
public struct SeatGrid: Codable, Sendable, Equatable {
    /// What one place in a row shows.
    public struct Cell: Codable, Sendable, Equatable {
        /// What a place is, which says how it is drawn.
        public enum Kind: String, Codable, Sendable {
            /// A seat at no extra cost (`.`).
            case free
            /// A seat at extra cost (`$`).
            case priced
            /// A seat someone has (`x`).
            case taken
            /// A seat not offered to the passenger choosing (`-`).
            case notOffered
            /// The seat of the passenger choosing (`*`).
            case mine
            /// Another passenger's seat (their number).
            case others
            /// An exit, a lavatory, a galley… (`EX`, `WC`, `GA`).
            case feature
            /// Nothing stands there.
            case blank
        }

        /// What is drawn: `.`, `$`, `x`, `*`, a passenger's number, `EX`.
        public var symbol: String
        /// What the place is.
        public var kind: Kind
        /// Whether the cursor is on it (drawn in brackets).
        public var isCursor = false

        /// A place drawn as `symbol`.
        public init(symbol: String, kind: Kind, isCursor: Bool = false) {
            self.symbol = symbol
            self.kind = kind
            self.isCursor = isCursor
        }
    }

    /// One row of seats, section by section.
    public struct Row: Codable, Sendable, Equatable {
        /// The row number, or a word for a row without seats.
        public var label: String
        /// The row's places, one list per section between aisles.
        public var sections: [[Cell]]
        /// Whether the row is over the wing (drawn `=` at both ends).
        public var overWing: Bool
    }

    /// One cabin (a deck and a class): its own column letters above its own rows.
    public struct Cabin: Codable, Sendable, Equatable {
        /// `Upper deck · Business` when the map has more than one cabin; empty otherwise.
        public var label: String
        /// The column letters above the seats, section by section: every letter the cabin's rows use.
        public var columns: [[String]]
        /// Each row's cells, one per column letter (a gap where the row has no such seat).
        public var rows: [Row]
    }

    /// `ZZ 117 · LHR → JFK · Boeing 787-9 · Economy`.
    public var title: String
    /// The map's cabins, front to back.
    public var cabins: [Cabin]

    /// Every cabin's rows, front to back.
    public var rows: [Row] { cabins.flatMap(\.rows) }

    /// `segment`'s seat map: `choices` drawn as the passengers' (`*` for `passengerId`'s, the others' numbers), the
    /// seats offered to `passengerId` (or to anyone, with none), `cursor` on the seat it names.
    public init(segment: Segment, map: SeatMap, choices: [SeatChoice], passengers: [OfferPassenger],
         passengerId: String?, cursor: String?) {
        let cabins = map.cabins
        let route = "\(segment.origin.iataCode) → \(segment.destination.iataCode)"
        let cabin = cabins.compactMap(\.cabinClass).first.map { " · \($0.displayName)" } ?? ""
        title = ([segment.flightNumber, route, segment.aircraft?.name].compactMap { $0 }.joined(separator: " · ")) + cabin
        let chosenHere = choices.filter { $0.segmentId == segment.id }
        let decks = Set(cabins.map(\.deck)).count > 1
        self.cabins = cabins.enumerated().map { number, cabin in
            let columns = SeatGridLayout.columns(of: cabin)
            let rows = cabin.rows.enumerated().map { index, row in
                let overWing = cabin.wings.map { index >= $0.firstRowIndex && index <= $0.lastRowIndex } ?? false
                let sections = SeatGridLayout.place(row, on: columns).map { section in
                    section.map { element in
                        element.map {
                            Self.cell($0, chosen: chosenHere, passengers: passengers, passengerId: passengerId,
                                      cursor: cursor)
                        } ?? Cell(symbol: "", kind: .blank)
                    }
                }
                let features = row.sections.flatMap(\.elements).contains { $0.type == .exitRow } ? "exit" : ""
                return Row(label: row.number.map(String.init) ?? features, sections: sections, overWing: overWing)
            }
            let label = cabins.count > 1 ? Self.label(cabin, number: number + 1, decks: decks) : ""
            return Cabin(label: label, columns: columns, rows: rows)
        }
    }

    /// `Upper deck · Business`; the deck only when the map has more than one.
    private static func label(_ cabin: SeatMapCabin, number: Int, decks: Bool) -> String {
        let deck = decks ? (cabin.deck == 0 ? "Main deck" : cabin.deck == 1 ? "Upper deck" : "Deck \(cabin.deck)") : nil
        let parts = [deck, cabin.cabinClass?.displayName].compactMap { $0 }
        return parts.isEmpty ? "Cabin \(number)" : parts.joined(separator: " · ")
    }

    private static func cell(
        _ element: SeatElement, chosen: [SeatChoice], passengers: [OfferPassenger], passengerId: String?,
        cursor: String?
    ) -> Cell {
        guard element.isSeat, let designator = element.designator else {
            return Cell(symbol: feature(element.type), kind: element.type == .empty ? .blank : .feature)
        }
        let isCursor = designator == cursor
        if let choice = chosen.first(where: { $0.designator == designator }) {
            if choice.passengerId == passengerId { return Cell(symbol: "*", kind: .mine, isCursor: isCursor) }
            let number = (passengers.firstIndex { $0.id == choice.passengerId } ?? 0) + 1
            return Cell(symbol: number < 10 ? "\(number)" : "+", kind: .others, isCursor: isCursor)
        }
        if element.isTaken { return Cell(symbol: "x", kind: .taken, isCursor: isCursor) }
        guard let passengerId else {
            let priced = element.availableServices.contains { $0.totalAmount.amount > 0 }
            return Cell(symbol: priced ? "$" : ".", kind: priced ? .priced : .free, isCursor: isCursor)
        }
        guard let service = element.service(for: passengerId) else {
            return Cell(symbol: "-", kind: .notOffered, isCursor: isCursor)
        }
        return service.totalAmount.amount > 0
            ? Cell(symbol: "$", kind: .priced, isCursor: isCursor) : Cell(symbol: ".", kind: .free, isCursor: isCursor)
    }

    private static func feature(_ type: SeatElementType) -> String {
        switch type {
        case .exitRow: "EX"
        case .lavatory: "WC"
        case .galley: "GA"
        case .closet: "CL"
        case .stairs: "ST"
        case .bassinet: "BB"
        case .restrictedSeat: "#"
        case .empty: ""
        default: "?"
        }
    }

    /// The grid as plain text lines: `30 = . $ x   . . .   . . . =`; the cursor in brackets.
    public func lines() -> [String] {
        drawing().map { $0.runs.map(\.text).joined() }
    }

    /// The grid as styled lines, each indented by `indent`: this passenger's seat bold and green, other passengers'
    /// in the accent, seats at extra cost in yellow, what cannot be taken dim, the cursor inverted in brackets.
    public func drawing(indent: Int = 0) -> [StyledLine] {
        let pad = String(repeating: " ", count: indent)
        let labelWidth = max(rows.map(\.label.count).max() ?? 2, 2)
        func slot(_ cell: Cell) -> [StyledRun] {
            let symbol = StyledRun(cell.symbol, Self.look(cell))
            if cell.symbol.count >= 2 { return [StyledRun(" "), symbol] }
            if cell.isCursor { return [StyledRun("["), symbol, StyledRun("]")] }
            return [StyledRun(" "), cell.symbol.isEmpty ? StyledRun(" ") : symbol, StyledRun(" ")]
        }
        return cabins.flatMap { cabin -> [StyledLine] in
            let columns = cabin.columns
            let header = pad + String(repeating: " ", count: labelWidth + 1) + " "
                + columns.map { $0.map { " \($0) " }.joined() }.joined(separator: "  ")
            let title = cabin.label.isEmpty ? [] : [StyledLine(pad + cabin.label)]
            return title + [StyledLine(header)] + cabin.rows.map { row in
                let label = String(repeating: " ", count: labelWidth - row.label.count) + row.label
                let edge = StyledRun(row.overWing ? "=" : " ")
                var runs = [StyledRun(pad + label + " "), edge]
                // A section is as wide as the seats above it, so an exit or a galley stands under its own section.
                for (index, cells) in row.sections.enumerated() {
                    if index > 0 { runs.append(StyledRun("  ")) }
                    runs += cells.flatMap(slot)
                    // Every slot is three columns wide.
                    let width = columns.indices.contains(index) ? columns[index].count * 3 : 0
                    runs.append(StyledRun(String(repeating: " ", count: max(0, width - cells.count * 3))))
                }
                runs.append(edge)
                return StyledLine(runs.filter { !$0.text.isEmpty })
            }
        }
    }

    /// How `cell` looks: this passenger's seat bold and green, others' in the accent, `$` in yellow, the rest dim.
    public static func look(_ cell: Cell) -> StyledRun.Look {
        let look: StyledRun.Look = switch cell.kind {
        case .mine: [.success, .bold]
        case .others: .accent
        case .priced: .warning
        case .taken, .notOffered, .feature: .dim
        case .free, .blank: []
        }
        return cell.isCursor ? look.union(.inverse) : look
    }
}
