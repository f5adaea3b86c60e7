import Entities
import Foundation
@testable import FlightSeats

/// Seat maps written the way they look: `row(28, "A C | D E F | J K")`. A letter is a free seat (`A$` extra cost,
/// `Ax` taken); `EX`, `WC`, `GA`, `CL`, `ST`, `BB`, `#` are an exit, a lavatory, a galley, a closet, stairs, a bassinet,
/// a restricted seat; `_` is floor.
enum SeatSketch {
    static func row(_ number: Int?, _ sketch: String, passengerId: String) -> SeatRow {
        let sections = sketch.split(separator: "|", omittingEmptySubsequences: false).map { section in
            SeatSection(elements: section.split(separator: " ").map { token in
                element(String(token), row: number, passengerId: passengerId)
            })
        }
        return SeatRow(sections: sections)
    }

    static func cabin(
        deck: Int = 0, _ cabinClass: CabinClass? = .economy, aisles: Int? = 2, wings: SeatMapCabin.Wings? = nil,
        passengerId: String, _ rows: [(Int?, String)]
    ) -> SeatMapCabin {
        SeatMapCabin(deck: deck, cabinClass: cabinClass, aisles: aisles, wings: wings,
                     rows: rows.map { row($0.0, $0.1, passengerId: passengerId) })
    }

    private static func element(_ token: String, row: Int?, passengerId: String) -> SeatElement {
        switch token {
        case "EX": return SeatElement(type: .exitRow)
        case "WC": return SeatElement(type: .lavatory)
        case "GA": return SeatElement(type: .galley)
        case "CL": return SeatElement(type: .closet)
        case "ST": return SeatElement(type: .stairs)
        case "BB": return SeatElement(type: .bassinet)
        case "#": return SeatElement(type: .restrictedSeat)
        case "_": return SeatElement(type: .empty)
        default:
            let letter = String(token.prefix { $0.isUppercase })
            let designator = "\(row.map(String.init) ?? "")\(letter)"
            let price: Decimal = token.hasSuffix("$") ? 25 : 0
            let services = token.hasSuffix("x") ? [] : [SeatService(
                id: "ase_\(designator)", passengerId: passengerId, totalAmount: Money(amount: price, currency: "GBP"))]
            return SeatElement(type: .seat, designator: designator, availableServices: services)
        }
    }
}

/// The grid as a person reads it: for each row, the letter printed above each thing drawn in it.
struct ReadGrid {
    /// Each cabin's header, as its letters with `|` for an aisle: `A B C | D E F | H J K`.
    var headers: [String] = []
    /// Row label → letter above → what is drawn under it (`.`, `$`, `x`, `*`, `EX`…).
    var rows: [String: [String: String]] = [:]
    /// Row label → things drawn in a row under no letter at all.
    var stray: [String: [String]] = [:]

    init(_ lines: [String]) {
        var header: [Int: Character] = [:]
        for line in lines {
            let characters = Array(line)
            if Self.isHeader(line) {
                header = [:]
                for (index, character) in characters.enumerated() where character != " " { header[index] = character }
                headers.append(Self.describeHeader(characters))
                continue
            }
            let label = line.prefix { $0 == " " }.count
            let name = String(line.dropFirst(label).prefix { $0 != " " })
            // A row is labelled by its number or a word (`exit`); a cabin's own title (`Upper deck · Business`) is not.
            guard !name.isEmpty, name.first?.isUppercase == false, !header.isEmpty else { continue }
            // The row's cells start after the label, a space and the wing's edge.
            let start = label + name.count + 2
            var cells: [String: String] = [:]
            var index = start
            while index < characters.count {
                let character = characters[index]
                if character == " " || character == "[" || character == "]" || character == "=" {
                    index += 1
                    continue
                }
                var symbol = String(character)
                while index + symbol.count < characters.count, characters[index + symbol.count].isLetter,
                      character.isLetter {
                    symbol.append(characters[index + symbol.count])
                }
                if let letter = header[index] {
                    cells[String(letter)] = symbol
                } else {
                    stray[name, default: []].append(symbol)
                }
                index += symbol.count
            }
            rows[name] = cells
        }
    }

    /// A line of single capital letters, indented past the row labels.
    private static func isHeader(_ line: String) -> Bool {
        let words = line.split(separator: " ")
        return line.hasPrefix("   ") && !words.isEmpty
            && words.allSatisfy { $0.count == 1 && $0.first?.isUppercase == true }
    }

    /// `A B C | D E F`: a gap wider than one slot is an aisle.
    private static func describeHeader(_ characters: [Character]) -> String {
        var out = ""
        var last: Int?
        for (index, character) in characters.enumerated() where character != " " {
            if let last { out += index - last > 3 ? " | " : " " }
            out.append(character)
            last = index
        }
        return out
    }
}

extension FlightSeatsState {
    /// The recorded offer with `cabins` as its first flight's map, read and ready to choose.
    static func sketched(_ cabins: (String) -> [SeatMapCabin], interactive: Bool = false) throws
        -> (FlightSeatsState, SeatMap) {
        let offer = try Recorded.offer()
        let segment = try require(offer.slices.first?.segments.first)
        let map = SeatMap(id: "sea_sketch", segmentId: segment.id, cabins: cabins(offer.passengers[0].id))
        return (FlightSeatsState.loaded(offer, [map], interactive: interactive), map)
    }
}
