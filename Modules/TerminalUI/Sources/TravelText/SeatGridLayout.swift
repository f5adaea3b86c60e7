import Entities
import Foundation

/// Where each element of a cabin stands on the grid: pure functions of the cabin. A seat stands under its own
/// column letter (`28C` under `C`), whatever its place in its row's list; a seat a row lacks leaves a gap in its
/// column. Exits, galleys and the like stand in the section the airline puts them in.
enum SeatGridLayout {
    /// The cabin's column letters, section by section (a section is the seats between two aisles): every letter its
    /// rows use, in the section its seats stand in, alphabetical within a section.
    static func columns(of cabin: SeatMapCabin) -> [[String]] {
        let seated = cabin.rows.filter { row in row.sections.contains { !letters(in: $0).isEmpty } }
        let count = seated.map(\.sections.count).max() ?? 0
        var sectionOf: [String: Int] = [:]
        // Rows with every section say where the aisles are; the first row to use a letter places it.
        for row in seated where row.sections.count == count {
            for (index, section) in row.sections.enumerated() {
                for letter in letters(in: section) where sectionOf[letter] == nil { sectionOf[letter] = index }
            }
        }
        // A row with fewer sections (an aisle's worth of seats missing): a letter goes where the letters beside it are.
        for row in seated where row.sections.count < count {
            for section in row.sections {
                let here = letters(in: section)
                guard let first = here.first else { continue }
                let index = here.lazy.compactMap { sectionOf[$0] }.first ?? neighbour(of: first, in: sectionOf)
                for letter in here where sectionOf[letter] == nil { sectionOf[letter] = index }
            }
        }
        return (0..<count).map { index in
            sectionOf.filter { $0.value == index }.keys.sorted(by: inColumnOrder)
        }
    }

    /// One row's elements on the cabin's `columns`, section by section, one slot per letter; `nil` is a gap. More
    /// elements than a section has slots (an airline's odd row) are kept at the section's end.
    static func place(_ row: SeatRow, on columns: [[String]]) -> [[SeatElement?]] {
        guard !columns.isEmpty else { return row.sections.map { $0.elements.map { $0 } } }
        var slots: [[SeatElement?]] = columns.map { Array(repeating: nil, count: $0.count) }
        var slotOf: [String: (section: Int, index: Int)] = [:]
        for (section, letters) in columns.enumerated() {
            for (index, letter) in letters.enumerated() { slotOf[letter] = (section, index) }
        }
        // Seats first, each under its letter; a row section is drawn in the section its seats stand in.
        var target: [Int?] = Array(repeating: nil, count: row.sections.count)
        // The rest, each with the slot of the seat before it in its section.
        var unplaced: [[(element: SeatElement, after: Int?)]] = Array(repeating: [], count: row.sections.count)
        for (sectionIndex, section) in row.sections.enumerated() {
            var after: Int?
            for element in section.elements {
                if element.isSeat, let letter = element.column, let slot = slotOf[letter],
                   slots[slot.section][slot.index] == nil {
                    slots[slot.section][slot.index] = element
                    target[sectionIndex] = target[sectionIndex] ?? slot.section
                    after = slot.index
                } else if element.type != .empty || !section.elements.contains(where: \.isSeat) {
                    // Floor beside seats is the gap already drawn; floor in a section without seats keeps its place.
                    unplaced[sectionIndex].append((element, after))
                }
            }
        }
        // Then what is not a seat, left to right in its section's free slots.
        for sectionIndex in row.sections.indices where !unplaced[sectionIndex].isEmpty {
            let section = min(target[sectionIndex] ?? fallback(sectionIndex, target, row.sections.count, columns.count),
                              columns.count - 1)
            for (element, after) in unplaced[sectionIndex] {
                let start = after.map { $0 + 1 } ?? 0
                let free = slots[section].indices.first { $0 >= start && slots[section][$0] == nil }
                    ?? slots[section].firstIndex { $0 == nil }
                if let free {
                    slots[section][free] = element
                } else if element.type != .empty {
                    slots[section].append(element)
                }
            }
        }
        return slots
    }

    /// The letters of a section's seats, left to right.
    private static func letters(in section: SeatSection) -> [String] {
        section.elements.filter(\.isSeat).compactMap(\.column)
    }

    /// `B` before `C`, `Z` before `AA`.
    static func inColumnOrder(_ left: String, _ right: String) -> Bool {
        left.count == right.count ? left < right : left.count < right.count
    }

    /// The section of the nearest letter placed before `letter`, else the first.
    private static func neighbour(of letter: String, in sectionOf: [String: Int]) -> Int {
        sectionOf.filter { inColumnOrder($0.key, letter) }.max { inColumnOrder($0.key, $1.key) }?.value ?? 0
    }

    /// Where a row section without seats is drawn: as far from the last section with seats as it is in the row, or
    /// at its own place when the row has as many sections as the cabin.
    private static func fallback(_ index: Int, _ target: [Int?], _ rowSections: Int, _ cabinSections: Int) -> Int {
        if let before = (0..<index).last(where: { target[$0] != nil }), let anchor = target[before] {
            return anchor + index - before
        }
        if let after = (index..<rowSections).first(where: { target[$0] != nil }), let anchor = target[after] {
            return max(anchor - (after - index), 0)
        }
        return rowSections == cabinSections ? index : min(index, cabinSections - 1)
    }
}
