import Entities
import Foundation
import TerminalUI
import Testing
import TravelText
import Trips

/// The price history drawn: a sparkline in the list, the full chart in `flights watch show`, at any width.
@Suite struct PriceChartTests {
    static func history(_ totals: [Decimal?], hours: [Double]? = nil) -> [PriceCheck] {
        totals.enumerated().map { index, total in
            PriceCheck(
                checkedAt: Date(timeIntervalSince1970: 1_900_000_000 + (hours?[index] ?? Double(index * 24)) * 3_600),
                lowest: total.map { Money(amount: $0, currency: "GBP") }, offer: nil)
        }
    }

    @Test func theSparklineHasACellPerCheckTheLowestLowAndAGapForNoOffers() {
        #expect(PriceChart.sparkline(Self.history([400, 500, nil, 300]), width: 20) == "▅█ ▁")
        #expect(PriceChart.sparkline(Self.history([400, 400]), width: 20) == "▅▅")
        #expect(PriceChart.sparkline(Self.history([nil]), width: 20) == "")
        // More checks than cells: each cell is the last check of its stretch.
        let long = PriceChart.sparkline(Self.history((0..<100).map { Decimal($0) }), width: 10)
        #expect(long.count == 10)
        #expect(long.last == "█")
    }

    @Test(arguments: [60, 80, 120])
    func theChartFitsItsWidthWithLabelsAxisAndDays(width: Int) throws {
        let lines = PriceChart.lines(Self.history([412, 380, 455, nil, 390]), width: width, timeZone: .gmt)
        #expect(lines.count == 10)
        #expect(lines.allSatisfy { TerminalText.displayWidth(of: $0) <= width }, "\(lines)")
        #expect(lines[0].hasPrefix("£455 ┤"))
        #expect(lines[7].hasPrefix("£380 ┤"))
        #expect(lines[8].contains("└─"))
        let days = try #require(lines.last)
        #expect(days.contains("Sun 17 Mar") && days.contains("Thu 21 Mar"), "\(days)")
        // Days across: the highest check (the third of five) peaks in the middle of the plot.
        let top = Array(lines[0])
        let peak = try #require(top.firstIndex { "▁▂▃▄▅▆▇█".contains($0) })
        let plot = top.count - 6
        #expect((plot * 2 / 5...plot * 3 / 5 + 6).contains(peak - 6), "\(lines.joined(separator: "\n"))")
        // A check without offers leaves its stretch empty down to the axis.
        let bottom = Array(lines[7].dropFirst(6))
        #expect(bottom.contains(" ") && bottom.contains("█"), "\(lines.joined(separator: "\n"))")
    }

    @Test func nothingIsDrawnWithoutAPriceOrRoom() {
        #expect(PriceChart.lines(Self.history([nil, nil]), width: 80).isEmpty)
        #expect(PriceChart.lines(Self.history([400, 300]), width: 12).isEmpty)
    }
}
