public import Entities
public import Foundation
import TerminalUI

/// A watch's price history drawn in text: days across, price up, in block characters that read without colour.
/// Each check's lowest holds until the next check (a step line), so a column between two checks shows the price then
/// known; a check that found nothing leaves its columns empty. `flights watches` draws the one-line form
/// (``sparkline(_:width:)``), `flights watch show` and the watches screen the full one (``lines(_:width:height:timeZone:)``).
public enum PriceChart {
    /// Eighths of a cell, from empty to full.
    static let eighths: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The history in one line of at most `width` cells (one per check while they fit, else each cell the last
    /// check of its stretch of time): `▃▃▅▇▆▂`; a check without offers is a space. Empty without a priced check.
    public static func sparkline(_ history: [PriceCheck], width: Int) -> String {
        let points = inOneCurrency(history).map { $0.lowest?.amount }
        let values = points.compactMap { $0 }
        guard width > 0, let low = values.min(), let high = values.max() else { return "" }
        let cells = points.count <= width ? points : (0..<width).map { points[($0 + 1) * points.count / width - 1] }
        return String(cells.map { value -> Character in
            guard let value else { return " " }
            // One level above empty at the lowest, so every priced check shows.
            return eighths[1 + Int((fraction(value, low, high) * 7).rounded())]
        })
    }

    /// The history as lines at most `width` wide: `height` rows of bars under price labels (the highest and lowest
    /// totals, and the middle), an axis, and the first and last days under it. Empty without a priced check, or when
    /// `width` leaves no room to draw.
    public static func lines(_ history: [PriceCheck], width: Int, height: Int = 8, timeZone: TimeZone = .current) -> [String] {
        let checks = inOneCurrency(history)
        let priced = checks.compactMap(\.lowest)
        guard let first = checks.first, let last = checks.last, let currency = priced.first?.currency,
              let low = priced.map(\.amount).min(), let high = priced.map(\.amount).max(), height > 1 else { return [] }
        let labels = [high, (high + low) / 2, low].map { Money(amount: $0, currency: currency).roundedFormatted }
        let labelWidth = labels.map { TerminalText.displayWidth(of: $0) }.max() ?? 0
        let plotWidth = width - labelWidth - 2
        guard plotWidth >= 8 else { return [] }
        let columns = Self.columns(checks, width: plotWidth, from: first.checkedAt, to: last.checkedAt)
        // Bars start below the lowest total, so the lowest is a sliver rather than nothing and a flat history is a band.
        let heights = columns.map { value -> Int? in
            value.map { Int((Double(height * 8 - 4) * fraction($0, low, high)).rounded()) + 4 }
        }
        var lines: [String] = []
        for row in (0..<height).reversed() {
            let label: String
            switch row {
            case height - 1: label = labels[0]
            case height / 2 where high != low: label = labels[1]
            case 0 where high != low: label = labels[2]
            default: label = ""
            }
            let bars = String(heights.map { eighths[max(0, min(8, ($0 ?? 0) - row * 8))] })
            lines.append(TerminalText.pad(label, toWidth: labelWidth, alignment: .right) + " ┤" + bars)
        }
        lines.append(String(repeating: " ", count: labelWidth) + " └" + String(repeating: "─", count: plotWidth))
        let start = TravelFormat.day(CalendarDate(first.checkedAt, in: timeZone), withYear: false)
        let end = TravelFormat.day(CalendarDate(last.checkedAt, in: timeZone), withYear: false)
        let gap = plotWidth - start.count - end.count
        let axis = gap > 0 && start != end ? start + String(repeating: " ", count: gap) + end : start
        lines.append(String(repeating: " ", count: labelWidth + 2) + axis)
        return lines
    }

    /// The total each of `width` columns shows, from `start` to `end`: the last check at or before the column's time
    /// (a step line); `nil` where that check found nothing.
    static func columns(_ checks: [PriceCheck], width: Int, from start: Date, to end: Date) -> [Decimal?] {
        let span = end.timeIntervalSince(start)
        // Checks all at one moment: the last one's total across.
        guard span > 0 else { return Array(repeating: checks.last?.lowest?.amount, count: width) }
        var index = 0
        return (0..<width).map { column in
            let time = start.addingTimeInterval(span * Double(column) / Double(max(width - 1, 1)))
            while index + 1 < checks.count, checks[index + 1].checkedAt <= time { index += 1 }
            return checks[index].lowest?.amount
        }
    }

    /// The checks in time order, a total in another currency than the latest's drawn as none (amounts in two
    /// currencies are not on one scale).
    static func inOneCurrency(_ history: [PriceCheck]) -> [PriceCheck] {
        let sorted = history.sorted { $0.checkedAt < $1.checkedAt }
        guard let currency = sorted.last(where: { $0.lowest != nil })?.lowest?.currency else { return sorted }
        return sorted.map { check in
            check.lowest?.currency == currency ? check : PriceCheck(checkedAt: check.checkedAt, lowest: nil, offer: nil)
        }
    }

    /// Where `value` sits from `low` (0) to `high` (1); the middle when they are equal.
    static func fraction(_ value: Decimal, _ low: Decimal, _ high: Decimal) -> Double {
        guard high > low else { return 0.5 }
        return NSDecimalNumber(decimal: (value - low) / (high - low)).doubleValue
    }
}
