public import Entities
import Foundation
public import ModuleCore

/// What the maps shown mean and cost: the legend of the symbols drawn, laid out whole entry by whole entry, and the
/// price of each `$` seat. Pure functions of the maps.
public enum SeatGridLegend {
    /// `$ extra cost`: a symbol, drawn as on the map, and what it means.
    public struct Entry: Codable, Sendable, Equatable {
        /// The symbol, as drawn: `$`.
        public var symbol: String
        /// What it means: `extra cost`.
        public var meaning: String
        /// How the symbol looks on the map.
        public var kind: SeatGrid.Cell.Kind
    }

    /// The legend of `grids`: the seat symbols, then every feature drawn in them (and only those). `choosing` adds
    /// whose seat is whose; `passengers` over one adds other passengers' numbers.
    public static func entries(for grids: [SeatGrid], choosing: Bool, passengers: Int) -> [Entry] {
        var entries = [Entry(symbol: ".", meaning: "free", kind: .free),
                       Entry(symbol: "$", meaning: "extra cost", kind: .priced),
                       Entry(symbol: "x", meaning: "taken", kind: .taken)]
        if choosing {
            entries += [Entry(symbol: "-", meaning: "not for this passenger", kind: .notOffered),
                        Entry(symbol: "*", meaning: "this passenger", kind: .mine)]
            if passengers > 1 { entries.append(Entry(symbol: "1-9", meaning: "other passengers", kind: .others)) }
        }
        let rows = grids.flatMap(\.rows)
        if rows.contains(where: \.overWing) { entries.append(Entry(symbol: "=", meaning: "wing", kind: .blank)) }
        let drawn = Set(rows.flatMap { $0.sections.joined() }.filter { $0.kind == .feature }.map(\.symbol))
        return entries + features.filter { drawn.contains($0.symbol) }
    }

    /// Every feature a map may draw, in the order the legend names them.
    private static let features = [("EX", "exit"), ("WC", "lavatory"), ("GA", "galley"), ("CL", "closet"),
                                   ("ST", "stairs"), ("BB", "bassinet"), ("#", "restricted"), ("?", "other")]
        .map { Entry(symbol: $0.0, meaning: $0.1, kind: .feature) }

    /// The legend drawn in lines no wider than `width`, each `indent` in: as few lines as fit, as even as they can
    /// be, broken between entries only and never leaving one entry alone on a line.
    public static func drawing(_ entries: [Entry], width: Int, indent: Int) -> [StyledLine] {
        let gap = 2
        let lines = layout(entries.map { $0.symbol.count + 1 + $0.meaning.count }, width: width - indent, gap: gap)
        return lines.map { line in
            var runs = [StyledRun(String(repeating: " ", count: indent))]
            for (place, index) in line.enumerated() {
                let entry = entries[index]
                if place > 0 { runs.append(StyledRun(String(repeating: " ", count: gap))) }
                runs += [StyledRun(entry.symbol, SeatGrid.look(.init(symbol: entry.symbol, kind: entry.kind))),
                         StyledRun(" " + entry.meaning)]
            }
            return StyledLine(runs)
        }
    }

    /// Entries of `widths`, `gap` apart, in lines no wider than `width` (one too wide stands on its own): the fewest
    /// lines with two entries at least on each, the squares of their widths summed as small as can be, so the lines
    /// are even. With no such lines, as many as fit on each.
    public static func layout(_ widths: [Int], width: Int, gap: Int) -> [[Int]] {
        guard widths.count > 1 else { return widths.isEmpty ? [] : [[0]] }
        func span(_ range: Range<Int>) -> Int { widths[range].reduce(0, +) + gap * (range.count - 1) }
        for count in 1...(widths.count / 2) {
            // best[end]: the least cost of `lines` lines holding the first `end` entries, and where the last begins.
            var best: [(cost: Int, start: Int)?] = Array(repeating: nil, count: widths.count + 1)
            best[0] = (0, 0)
            var starts: [[Int]] = []
            for _ in 0..<count {
                var next: [(cost: Int, start: Int)?] = Array(repeating: nil, count: widths.count + 1)
                for start in best.indices {
                    guard let before = best[start] else { continue }
                    for end in stride(from: start + 2, through: widths.count, by: 1) {
                        let line = span(start..<end)
                        guard line <= width else { break }
                        let cost = before.cost + line * line
                        if next[end].map({ cost < $0.cost }) ?? true { next[end] = (cost, start) }
                    }
                }
                starts.append(next.map { $0?.start ?? -1 })
                best = next
            }
            guard best[widths.count] != nil else { continue }
            var lines: [[Int]] = []
            var end = widths.count
            for line in starts.reversed() {
                lines.insert(Array(line[end]..<end), at: 0)
                end = line[end]
            }
            return lines
        }
        return widths.indices.reduce(into: [[Int]]()) { lines, index in
            if let last = lines.last, span(last[0]..<(index + 1)) <= width {
                lines[lines.count - 1].append(index)
            } else {
                lines.append([index])
            }
        }
    }

    /// `["30A, 30B, 30D–30K £45.00", "31C–31K £18.00"]`: the `$` seats of `map` grouped by price, in map order;
    /// seats side by side in a row at one price as a span. What `passengerId` pays, or with none, what any
    /// passenger pays. Empty when no seat costs extra.
    public static func extraCost(_ map: SeatMap, passengerId: String?) -> [String] {
        var groups: [(price: String, seats: [String])] = []
        for row in map.cabins.flatMap(\.rows) {
            let seats = row.sections.flatMap(\.elements).filter(\.isSeat)
                .sorted { SeatGridLayout.inColumnOrder($0.column ?? "", $1.column ?? "") }
            var run: (price: String, seats: [String])?
            func close() {
                guard let done = run else { return }
                let text = done.seats.count > 2 ? ["\(done.seats[0])–\(done.seats[done.seats.count - 1])"] : done.seats
                if let index = groups.firstIndex(where: { $0.price == done.price }) {
                    groups[index].seats += text
                } else {
                    groups.append((done.price, text))
                }
                run = nil
            }
            for seat in seats {
                let price = extra(seat, passengerId: passengerId)
                if let current = run, current.price == price {
                    run?.seats.append(seat.designator ?? "")
                    continue
                }
                close()
                if let price { run = (price, [seat.designator ?? ""]) }
            }
            close()
        }
        return groups.map { "\($0.seats.joined(separator: ", ")) \($0.price)" }
    }

    /// `Extra cost: 30A–30K £45.00 · 31C–31K £18.00`, broken between prices to fit `width` (a line that goes on ends
    /// in `·`), so seats never stand apart from their price unless one price's seats are wider than a line.
    public static func extraCostText(_ groups: [String], width: Int) -> String {
        var lines = ["Extra cost:"]
        for (index, group) in groups.enumerated() {
            let last = lines[lines.count - 1]
            let piece = index == groups.count - 1 ? group : group + " ·"
            if last.count + 1 + piece.count <= width || index == 0 {
                lines[lines.count - 1] = last + " " + piece
            } else {
                lines.append(piece)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// What a `$` seat costs (`£45.00`, or `£15.00–£19.00` when passengers pay differently); `nil` for any other.
    private static func extra(_ seat: SeatElement, passengerId: String?) -> String? {
        guard !seat.isTaken else { return nil }
        let services = passengerId.map { seat.service(for: $0).map { [$0] } ?? [] } ?? seat.availableServices
        let amounts = services.map(\.totalAmount)
        guard let currency = amounts.first?.currency, amounts.contains(where: { $0.amount > 0 }) else { return nil }
        let values = amounts.map(\.amount)
        guard let low = values.min(), let high = values.max() else { return nil }
        let lowest = Money(amount: low, currency: currency).formatted
        return low == high ? lowest : lowest + "–" + Money(amount: high, currency: currency).formatted
    }
}

/// Every flight's seat map as read, not chosen from (`flights seats`): each map with what its `$` seats cost, then
/// the legend of them all.
public enum SeatMapsText {
    /// The blocks of `flights`' maps for `passengers`, laid out for `width` columns.
    public static func blocks(
        _ flights: [(segment: Segment, map: SeatMap)], passengers: [OfferPassenger], width: Int
    ) -> [ScreenBlock] {
        let grids = flights.map {
            SeatGrid(segment: $0.segment, map: $0.map, choices: [], passengers: passengers, passengerId: nil, cursor: nil)
        }
        let maps = zip(grids, flights).flatMap { grid, flight -> [ScreenBlock] in
            let prices = SeatGridLegend.extraCost(flight.map, passengerId: nil)
            return [.header(grid.title), .drawing(grid.drawing(indent: 2))]
                + (prices.isEmpty ? [] : [extraCost(prices, width: width)])
        }
        let entries = SeatGridLegend.entries(for: grids, choosing: false, passengers: passengers.count)
        return maps + [legend(entries, width: width)]
    }

    /// The legend, its last column left free.
    public static func legend(_ entries: [SeatGridLegend.Entry], width: Int) -> ScreenBlock {
        .drawing(SeatGridLegend.drawing(entries, width: width - 1, indent: 2))
    }

    /// What the `$` seats cost, its last column left free.
    public static func extraCost(_ groups: [String], width: Int) -> ScreenBlock {
        .text(SeatGridLegend.extraCostText(groups, width: width - 3), indent: 2)
    }
}
