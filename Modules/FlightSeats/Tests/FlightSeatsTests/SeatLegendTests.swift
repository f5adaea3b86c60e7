import Entities
import FixtureServices
import ModuleCore
import ModuleTesting
import TerminalUI
import Testing
import TravelText
@testable import FlightSeats

/// The map explained (issue 23, item 9): a legend of what is drawn, laid out whole entry by whole entry at 60, 80 and
/// 120 columns; what a `$` seat costs; and the keys shown only with the question they answer.
@MainActor
@Suite("Seat map legend, prices and keys")
struct SeatLegendTests {
    /// The recorded map's symbols, for one passenger choosing.
    static let choosing = [". free", "$ extra cost", "x taken", "- not for this passenger", "* this passenger",
                           "= wing", "EX exit", "WC lavatory", "GA galley", "# restricted"]

    @Test("on the seats screen the legend wraps between entries, never one alone", arguments: [60, 80, 120])
    func legendOnScreen(columns: Int) async throws {
        let terminal = VirtualTerminal(columns: columns, isInteractive: true)
        let router = SpyFlightSeatsRouter()
        let screen = FlightSeatsBuilder(extras: FixtureExtrasService())
            .build(input: FlightSeatsInput(offer: try Recorded.offer()), router: router, terminal: terminal)
        let running = Task { await screen.run() }
        try await terminal.waitForOutput(containing: "30A · Extra legroom exit row seat · £45.00")
        try await terminal.waitUntilAwaitingInput()
        let legend = ReadLegend(terminal.screen, entries: Self.choosing)
        #expect(legend.problems(columns: columns) == [])
        #expect(!terminal.text.contains("1-9 other passengers"))
        terminal.press(.escape)
        _ = await running.value
    }

    @Test("flights seats: one legend under the maps, whole entries; each flight's extra-cost seats and prices",
          arguments: [60, 80, 120])
    func legendAndPricesShown(columns: Int) async throws {
        let terminal = VirtualTerminal(columns: columns, isInteractive: false)
        try printMaps(on: terminal)
        let lines = terminal.text.components(separatedBy: "\n")
        let shown = [". free", "$ extra cost", "x taken", "= wing", "EX exit", "WC lavatory", "GA galley", "# restricted"]
        #expect(ReadLegend(lines, entries: shown).problems(columns: columns) == [])
        // No passenger's turn: nothing is anyone's, nothing is refused to someone.
        for absent in ["this passenger", "other passengers"] { #expect(!terminal.text.contains(absent)) }
        let words = lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        let prices = "Extra cost: 30A, 30B, 30D–30K £45.00 · 31C–31K, 32A–32D, 32F–32K £18.00"
        #expect(words.components(separatedBy: prices).count - 1 == 4, "one price list per flight:\n\(terminal.text)")
        // A line breaks between prices, never between seats and their price.
        for group in ["30A, 30B, 30D–30K £45.00", "31C–31K, 32A–32D, 32F–32K £18.00"] {
            #expect(lines.filter { $0.contains(group) }.count == 4, "\(group) split:\n\(terminal.text)")
        }
        #expect(lines.allSatisfy { $0.count <= columns })
    }

    @Test("the legend names the features this map has (a closet, stairs, a bassinet), and only those")
    func onlyWhatIsDrawn() async throws {
        let (state, map) = try FlightSeatsState.sketched { passenger in
            [SeatSketch.cabin(passengerId: passenger, [(nil, "CL | ST | BB"), (27, "A B C | D E F | H J K"),
                                                        (28, "A B$ Cx | D E F | H J # ")])]
        }
        let offer = try require(state.offer)
        let terminal = VirtualTerminal(columns: 80, isInteractive: false)
        let router = SpyFlightSeatsRouter()
        let screen = FlightSeatsBuilder(extras: StaticExtras(maps: [map], offer: offer))
            .build(input: FlightSeatsInput(offer: offer), router: router, terminal: terminal)
        let running = Task { await screen.run() }
        try await terminal.waitForOutput(containing: "Choosing for passenger 1 of 1")
        let entries = [". free", "$ extra cost", "x taken", "- not for this passenger", "* this passenger",
                       "CL closet", "ST stairs", "BB bassinet", "# restricted"]
        let lines = terminal.text.components(separatedBy: "\n")
        #expect(ReadLegend(lines, entries: entries).problems(columns: 80) == [])
        for absent in ["EX exit", "WC lavatory", "GA galley", "= wing", "other passengers"] {
            #expect(!terminal.text.contains(absent))
        }
        // Off a TTY there is no cursor to say a seat's price: the map's extra-cost seats are listed.
        #expect(terminal.text.contains("  Extra cost: 28B £25.00\n"))
        terminal.enter("b")
        _ = await running.value
        #expect(router.backs == 1)
    }

    @Test("entries go on the fewest even lines, two at least on each; when no such lines exist, as many as fit")
    func layout() {
        // Greedy would leave the fourth alone.
        #expect(SeatGridLegend.layout([10, 10, 10, 10], width: 34, gap: 2) == [[0, 1], [2, 3]])
        #expect(SeatGridLegend.layout([10, 10, 10, 10, 10], width: 34, gap: 2) == [[0, 1], [2, 3, 4]])
        #expect(SeatGridLegend.layout([10, 10, 10], width: 60, gap: 2) == [[0, 1, 2]])
        // An entry wider than the line: no even lines, so each goes where it fits.
        #expect(SeatGridLegend.layout([10, 50, 10], width: 40, gap: 2) == [[0], [1], [2]])
    }

    @Test("on a TTY the cursor's seat says its price", arguments: [60, 80, 120])
    func cursorPrice(columns: Int) async throws {
        let terminal = VirtualTerminal(columns: columns, isInteractive: true)
        let router = SpyFlightSeatsRouter()
        let screen = FlightSeatsBuilder(extras: FixtureExtrasService())
            .build(input: FlightSeatsInput(offer: try Recorded.offer()), router: router, terminal: terminal)
        let running = Task { await screen.run() }
        try await terminal.waitForOutput(containing: "30A · Extra legroom exit row seat · £45.00")
        terminal.press(.down, .down, .right)
        try await terminal.waitForOutput(containing: "32B · £18.00")
        try await terminal.waitUntilAwaitingInput()
        #expect(terminal.screen.contains("  32B · £18.00"))
        terminal.press(.escape)
        _ = await running.value
    }

    @Test("the keys listed by ? go with the seat question: not on the review, nor its wrong-key message")
    func keysGoWithTheQuestion() async throws {
        let terminal = VirtualTerminal(columns: 80, isInteractive: true)
        let router = SpyFlightSeatsRouter()
        let screen = FlightSeatsBuilder(extras: FixtureExtrasService())
            .build(input: FlightSeatsInput(offer: try Recorded.offer()), router: router, terminal: terminal)
        let running = Task { await screen.run() }
        try await terminal.waitForOutput(containing: "30A · Extra legroom exit row seat")
        terminal.type("?")
        try await terminal.waitForOutput(containing: "arrows move")
        terminal.type("d")
        try await terminal.waitForOutput(containing: "Take these seats?")
        try await terminal.waitUntilAwaitingInput()
        #expect(!terminal.screen.joined(separator: "\n").contains("arrows move"), "\(terminal.screen)")
        terminal.type("q")
        try await terminal.waitForOutput(containing: "“q” is not a key here.")
        try await terminal.waitUntilAwaitingInput()
        #expect(!terminal.screen.joined(separator: "\n").contains("Type a seat"), "\(terminal.screen)")
        terminal.press(.escape)
        _ = await running.value
        #expect(router.backs == 1)
    }

    @Test("? shows the keys while choosing; leaving the question hides them, and coming back does not bring them")
    func keysState() throws {
        var store = TestStore<FlightSeatsReducer>(.loaded(try Recorded.offer(), try Recorded.maps()))
        let cursor = store.state.cursor
        store.send(.entered("?"), effects: []) { $0.showsKeys = true }
        #expect(FlightSeatsViewModel(store.state).keys == FlightSeatsViewModel.keys(interactive: false))
        store.send(.entered("d"), effects: []) {
            $0.phase = .review
            $0.showsKeys = false
        }
        #expect(FlightSeatsViewModel(store.state).keys.isEmpty)
        // The review's prompt says its keys; ? changes nothing there.
        store.send(.entered("?"), effects: [])
        store.send(.entered("c"), effects: []) {
            $0.phase = .choosing
            $0.cursor = cursor
        }
        #expect(FlightSeatsViewModel(store.state).keys.isEmpty)
    }
}

/// A legend as a person reads it off the screen: the lines holding its entries.
struct ReadLegend {
    let lines: [String]
    let entries: [String]

    init(_ screen: [String], entries: [String]) {
        self.entries = entries
        lines = screen.filter { line in entries.contains { line.contains($0) } }
    }

    /// What is wrong with it: an entry missing or on two lines, a line holding one entry alone or part of one, a line
    /// wider than the terminal.
    func problems(columns: Int) -> [String] {
        var problems: [String] = []
        for entry in entries {
            let count = lines.filter { $0.contains(entry) }.count
            if count != 1 { problems.append("“\(entry)” is on \(count) lines") }
        }
        for line in lines {
            var rest = line
            var count = 0
            for entry in entries.sorted(by: { $0.count > $1.count }) where rest.contains(entry) {
                rest = rest.replacingOccurrences(of: entry, with: "")
                count += 1
            }
            if count < 2 { problems.append("one entry alone: “\(line)”") }
            if !rest.allSatisfy({ $0 == " " }) { problems.append("part of an entry: “\(line)”") }
            if line.count > columns { problems.append("wider than \(columns): “\(line)”") }
        }
        return problems
    }
}
