import Entities
import Services
import FixtureServices
import ModuleCore
import TerminalUI
import Testing
@testable import FlightSeats

@MainActor
@Suite("FlightSeats through its Builder")
struct FlightSeatsModuleTests {
    @Test("off a TTY: the map is drawn, a typed seat is taken and confirmed, and leaves through the router")
    func choosesByLines() async throws {
        let terminal = VirtualTerminal(columns: 100, isInteractive: false)
        let router = SpyFlightSeatsRouter()
        let extras = FixtureExtrasService()
        let offer = try Recorded.offer()
        let screen = FlightSeatsBuilder(extras: extras).build(input: FlightSeatsInput(offer: offer), router: router, terminal: terminal)
        let running = Task { await screen.run() }
        try await terminal.waitForOutput(containing: "Choosing for passenger 1 of 1: Adult")
        #expect(terminal.text.contains("ZZ117 · LHR → JFK · Boeing 787-9 · Economy"))
        #expect(terminal.text.contains("  30   $  $  x    $  $  $    $  $  $"))
        terminal.enter("31A")
        try await terminal.waitForOutput(containing: "31A is taken")
        terminal.enter("36B")
        try await terminal.waitForOutput(containing: "Take these seats?")
        terminal.enter("")
        _ = await running.value
        #expect(extras.seatMapReads == [offer.id])
        #expect(router.chosen.map { $0.map(\.designator) } == [["36B"]])
        #expect(router.backs == 0)
    }

    @Test("on a TTY: arrows and Enter take the seat under the cursor; Enter confirms")
    func choosesByKeys() async throws {
        let terminal = VirtualTerminal(columns: 100, isInteractive: true)
        let router = SpyFlightSeatsRouter()
        let screen = FlightSeatsBuilder(extras: FixtureExtrasService())
            .build(input: FlightSeatsInput(offer: try Recorded.offer()), router: router, terminal: terminal)
        let running = Task { await screen.run() }
        try await terminal.waitForOutput(containing: "30A · Extra legroom exit row seat · £45.00")
        terminal.press(.down, .down, .right)
        try await terminal.waitForOutput(containing: "32B · £18.00")
        terminal.press(.enter)
        try await terminal.waitForOutput(containing: "Take these seats?")
        terminal.press(.enter)
        _ = await running.value
        #expect(router.chosen.map { $0.map(\.designator) } == [["32B"]])
    }

    @Test("flights seats: every map printed with its legend (TravelText's SeatMapsText, the screen's own grid)")
    func showsMaps() async throws {
        let terminal = VirtualTerminal(columns: 100, isInteractive: false)
        try printMaps(on: terminal)
        #expect(terminal.text.components(separatedBy: " A  B  C    D  E  F ").count - 1 == 4)
        #expect(terminal.text.contains(". free  $ extra cost  x taken"))
    }

    @Test("an airline's odd text is shown, never obeyed")
    func untrustedText() async throws {
        var maps = try Recorded.maps()
        maps[0].cabins[0].rows[1].sections[0].elements[0].name = "Exit\u{1B}]0;owned\u{07}"
        let terminal = VirtualTerminal(columns: 100, isInteractive: true)
        let router = SpyFlightSeatsRouter()
        let offer = try Recorded.offer()
        let screen = FlightSeatsBuilder(extras: StaticExtras(maps: maps, offer: offer))
            .build(input: FlightSeatsInput(offer: offer), router: router, terminal: terminal)
        let running = Task { await screen.run() }
        try await terminal.waitForOutput(containing: "30A · Exit^[]0;owned^G")
        #expect(!terminal.output.contains("\u{1B}]0;"))
        terminal.press(.escape)
        _ = await running.value
        #expect(router.backs == 1)
    }

    @Test("a row with seats missing is drawn under its letters; 28B is refused, 28K taken")
    func seatsUnderTheirLetters() async throws {
        let (state, map) = try FlightSeatsState.sketched { passenger in
            [SeatSketch.cabin(passengerId: passenger, [(27, "A B C | D E F | H J K"), (28, "A Cx | D E F | J K$")])]
        }
        let offer = try require(state.offer)
        let terminal = VirtualTerminal(columns: 100, isInteractive: false)
        let router = SpyFlightSeatsRouter()
        let screen = FlightSeatsBuilder(extras: StaticExtras(maps: [map], offer: offer))
            .build(input: FlightSeatsInput(offer: offer), router: router, terminal: terminal)
        let running = Task { await screen.run() }
        try await terminal.waitForOutput(containing: "Choosing for passenger 1 of 1")
        let grid = ReadGrid(terminal.text.components(separatedBy: "\n"))
        #expect(grid.headers == ["A B C | D E F | H J K"])
        #expect(grid.rows["28"] == ["A": ".", "C": "x", "D": ".", "E": ".", "F": ".", "J": ".", "K": "$"])
        terminal.enter("28B")
        try await terminal.waitForOutput(containing: "There is no seat 28B on this flight (rows 27–28).")
        terminal.enter("28K")
        try await terminal.waitForOutput(containing: "Take these seats?")
        terminal.enter("")
        _ = await running.value
        #expect(router.chosen.map { $0.map(\.designator) } == [["28K"]])
    }

    @Test("every role is freed with the screen")
    func lifetime() async throws {
        let terminal = VirtualTerminal(columns: 80, isInteractive: false, endsWhenEmpty: true)
        let router = SpyFlightSeatsRouter()
        weak var weakScreen: ScreenRunner<FlightSeatsReducer>?
        do {
            let screen = FlightSeatsBuilder(extras: FixtureExtrasService())
                .build(input: FlightSeatsInput(offer: try Recorded.offer()), router: router, terminal: terminal)
            let runner = try #require(screen as? ScreenRunner<FlightSeatsReducer>)
            weakScreen = runner
            await screen.run()
            await runner.settled()
        }
        #expect(router.backs == 1)
        #expect(weakScreen == nil)
    }
}

/// Answers with the given maps.
struct StaticExtras: ExtrasService {
    let maps: [SeatMap]
    let offer: Offer
    func seatMaps(offerID: String) async throws(ServiceError) -> [SeatMap] { maps }
    func offerWithServices(id: String) async throws(ServiceError) -> Offer { offer }
}
