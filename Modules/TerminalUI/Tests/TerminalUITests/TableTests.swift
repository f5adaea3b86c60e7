import Testing
@testable import TerminalUI

@Suite("Table: fitting columns to the terminal width")
struct TableTests {
    private let offers = Table(
        columns: [
            .init("Departs", priority: 3),
            .init("Airline", priority: 1, flexible: true, minimumWidth: 6),
            .init("Stops", priority: 0),
            .init("Price", alignment: .right, priority: 4),
        ],
        rows: [
            ["08:15", "British Airways", "Direct", "£420.00"],
            ["13:40", "Virgin Atlantic", "1 stop", "£1,015.50"],
        ]
    )

    private func titles(_ table: Table, width: Int) -> [String] {
        table.layout(width: width).columnIndexes.map { table.columns[$0].title }
    }

    @Test("at a generous width every column shows at its natural width, in order")
    func naturalWidth() {
        let lines = offers.render(width: 80, style: .plain)
        #expect(lines == [
            "Departs  Airline          Stops       Price",
            "08:15    British Airways  Direct    £420.00",
            "13:40    Virgin Atlantic  1 stop  £1,015.50",
        ])
    }

    @Test("right-aligned cells end in the same column; left-aligned ones start in the same column")
    func alignment() {
        let lines = offers.render(width: 80, style: .plain)
        let ends = Set(lines.map { TerminalText.displayWidth(of: $0) })
        #expect(ends.count == 1)
        let airlineStarts = Set(lines.map { line in
            line.firstIndex(where: { $0 == "A" || $0 == "B" || $0 == "V" }).map { line.distance(from: line.startIndex, to: $0) }
        })
        #expect(airlineStarts == [9])
    }

    @Test("when short of space the flexible column shrinks first, cut with an ellipsis")
    func shrinksFlexible() {
        let lines = offers.render(width: 40, style: .plain)
        #expect(titles(offers, width: 40) == ["Departs", "Airline", "Stops", "Price"])
        #expect(lines[1].contains("British Air…"))
        #expect(lines.allSatisfy { TerminalText.displayWidth(of: $0) <= 40 })
    }

    @Test("a column is dropped, lowest priority first, only when shrinking is not enough")
    func dropsByPriority() {
        #expect(titles(offers, width: 35) == ["Departs", "Airline", "Stops", "Price"])
        #expect(titles(offers, width: 30) == ["Departs", "Airline", "Price"])
        let lines = offers.render(width: 30, style: .plain)
        #expect(!lines.joined().contains("Direct"))
        #expect(lines[2].hasSuffix("£1,015.50"))
        #expect(titles(offers, width: 20) == ["Departs", "Price"])
        #expect(titles(offers, width: 8) == ["Price"])
        #expect(offers.render(width: 8, style: .plain).allSatisfy { TerminalText.displayWidth(of: $0) <= 8 })
    }

    @Test("among columns of equal priority the rightmost is dropped first")
    func dropsRightmostOnTie() {
        let table = Table(
            columns: [.init("First"), .init("Second"), .init("Third")],
            rows: [["aaaaaaaa", "bbbbbbbb", "cccccccc"]]
        )
        #expect(titles(table, width: 24) == ["First", "Second"])
    }

    @Test("no line is ever wider than the width", arguments: Array(1...90))
    func neverTooWide(width: Int) {
        var table = offers
        table.firstRowNumber = 9
        table.addRow(["23:05", "日本航空 Japan Airlines", "2 stops", "¥182,000"])
        for line in table.render(width: width, style: .ansi) {
            #expect(TerminalText.displayWidth(of: line) <= width)
        }
    }

    @Test("row numbers start where asked and are right-aligned")
    func rowNumbers() {
        var table = offers
        table.firstRowNumber = 9
        let lines = table.render(width: 80, style: .plain)
        #expect(lines[0].hasPrefix("     Departs"))
        #expect(lines[1].hasPrefix(" 9.  08:15"))
        #expect(lines[2].hasPrefix("10.  13:40"))
    }

    @Test("missing cells are empty, newlines in cells become spaces, the header can be left out")
    func oddRows() {
        let table = Table(
            columns: [.init("A"), .init("B"), .init("C")],
            rows: [["1"], ["x\ny", "2", "3", "ignored"]],
            showsHeader: false
        )
        #expect(table.render(width: 80, style: .plain) == ["1", "x y  2  3"])
    }

    @Test("the header is bold when styled, and styled cells are measured without their escapes")
    func styled() {
        let style = Style.ansi
        let table = Table(columns: [.init("Status"), .init("Ref")], rows: [[style.success("Confirmed"), "RZPNX8"]])
        let lines = table.render(width: 80, style: style)
        #expect(lines[0].contains("\u{1B}[1mStatus"))
        #expect(TerminalText.stripANSI(lines[1]) == "Confirmed  RZPNX8")
    }
}
