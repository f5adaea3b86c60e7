import Entities
import FixtureServices
import Foundation
import ModuleCore
import Services
import TerminalUI
import Testing
@testable import Trips
@testable import FlightSummary

/// The whole module through its builder, on a virtual terminal, typed at as a person would.
@MainActor
@Suite("FlightSummary module")
struct FlightSummaryModuleTests {
    private let orders = FixtureOrderService()
    private let store = FixtureBookingStore()
    private let router = SpyRouter()

    private func screen(
        _ input: FlightSummaryInput, on terminal: VirtualTerminal, offers: any OfferService = FixtureOfferService(),
        now: Date = searchTime
    ) -> any Screen {
        let builder = FlightSummaryBuilder(
            offers: offers, orders: orders, bookings: store, backend: "fixtures", now: { now }, timeZone: utc,
            makeBookingKey: { "key-1" })
        return builder.build(input: input, router: router, terminal: terminal)
    }

    private func interactiveInput() throws -> FlightSummaryInput {
        let offer = try recordedOffer()
        return FlightSummaryInput(offerID: offer.id, offer: offer, search: oneWaySearch, afterBooking: "see your bookings")
    }

    @Test func textFromTheServerIsShownVisiblyNeverAsControlSequences() async throws {
        var hostile = try recordedOffer()
        hostile.owner.name = "Duffel\u{1B}]0;PWNED\u{07}\u{1B}[2J Airways"
        hostile.slices[0].segments[0].origin.name = "Heathrow\u{9B}31m\u{202E}"
        let input = FlightSummaryInput(offerID: hostile.id, offer: hostile, search: oneWaySearch)
        let terminal = VirtualTerminal(columns: 100, style: .ansi)
        let screen = screen(input, on: terminal, offers: ScriptedOfferService([.success(hostile)]))
        let running = Task { await screen.run() }
        try await terminal.waitForOutput(containing: "Book this offer?")
        terminal.endInput()
        _ = await running.value
        for raw in ["\u{1B}]", "\u{07}", "\u{1B}[2J", "\u{9B}", "\u{202E}"] {
            #expect(!terminal.output.contains(raw), "\(raw.debugDescription) reached the terminal")
        }
        #expect(terminal.text.contains("Duffel^[]0;PWNED^G^[[2J Airways"))
        #expect(terminal.text.contains("Heathrow<U+009B>31m<U+202E>"))
        #expect(terminal.output.contains("\u{1B}[1m"), "our own styling is kept")
    }

    @Test func aTravellerBooksByTypingLines() async throws {
        let terminal = VirtualTerminal(columns: 100)
        let screen = screen(try interactiveInput(), on: terminal)
        let running = Task { await screen.run() }
        try await terminal.waitForOutput(containing: "Book this offer?")
        #expect(terminal.text.contains("ZZ117 · Duffel Airways · Boeing 787-9 · 8h 05m"))
        #expect(terminal.text.contains("Fri 18 Dec 11:30 GMT-5 · John F Kennedy International Airport (JFK), terminal 4"))
        #expect(terminal.text.contains("Refund before departure"))
        #expect(terminal.text.contains("✓ Price checked with the airline: £412.50 in total."))
        terminal.enter("y")
        try await terminal.waitForOutput(containing: "Passenger 1 of 1 · Adult")
        // A wrong name is asked again; the fields before it stay as typed.
        terminal.enter("ms")
        terminal.enter("Imogen7")
        try await terminal.waitForOutput(containing: "✗ Use Latin letters")
        for answer in imogenAnswers.dropFirst() { terminal.enter(answer) }
        try await terminal.waitForOutput(containing: "What next?")
        #expect(terminal.text.contains("Ms Imogen Fairweather"))
        terminal.enter("1")
        try await terminal.waitForOutput(containing: "Book for 1 passenger and pay £412.50 now?")
        terminal.enter("y")
        try await terminal.waitForOutput(containing: "Press Enter to see your bookings.")
        #expect(terminal.text.contains("✓ Booked: booking reference ERDAH6"))
        #expect(terminal.text.contains("ord_0000BEw6DxwlZVHgf2ScDB"))
        #expect(terminal.text.contains("Kept in"))
        #expect(store.saves.map(\.state) == [.pending, .confirmed])
        terminal.enter("")
        _ = await running.value
        #expect(router.exits == [.booked("ERDAH6"), .finished("ERDAH6")])
        #expect(orders.created.first?.passengers.first?.givenName == "Imogen")
    }

    /// A kiosk's input ends the moment the booking is confirmed: the router has the order already, though nothing
    /// after "y" was read, and the screen ends without a way out it did not take.
    @Test func theRouterHearsOfTheBookingTheMomentItIsMadeThoughTheInputEndsThere() async throws {
        let offer = try recordedOffer()
        let answers = ["y"] + imogenAnswers + ["1", "y"]
        let terminal = VirtualTerminal(columns: 120, input: answers.map { .line($0) }, endsWhenEmpty: true)
        let exit = await screen(FlightSummaryInput(offerID: offer.id, offer: offer, search: oneWaySearch), on: terminal).run()
        #expect(exit == .ended)
        #expect(router.exits == [.booked("ERDAH6")])
        #expect(store.saves.map(\.state) == [.pending, .confirmed])
        #expect(terminal.text.contains("Press Enter to continue."))
    }

    /// Another team's test scripts the screen by its questions' kinds, never by their words: the same script books on
    /// a TTY (keys, a menu) and on a line terminal (typed lines, a numbered list).
    @Test(arguments: [false, true])
    func aScriptAnswersTheQuestionsByKindOnEitherTerminal(interactive: Bool) async throws {
        let terminal = VirtualTerminal(columns: 120, isInteractive: interactive)
        let screen = screen(try interactiveInput(), on: terminal)
        let running = Task { await screen.run() }
        var lines = imogenAnswers[...]
        var kinds: [String] = []
        // Book this offer? · the seven details · What next? · Book and pay? · Press Enter.
        for _ in 0..<11 {
            let question = try await terminal.waitForQuestion()
            switch question.kind {
            case .keys:
                kinds.append("key")
                terminal.answer("y")
            case .line:
                kinds.append("line")
                terminal.answer(lines.popFirst() ?? "")
            case .choice(let options, _):
                kinds.append("choice of \(options)")
                terminal.answer(choosing: 0)
            }
        }
        #expect(await running.value == .done)
        #expect(kinds == ["key"] + Array(repeating: "line", count: 7) + ["choice of 5", "key", "line"], "\(kinds)")
        #expect(router.exits == [.booked("ERDAH6"), .finished("ERDAH6")])
        #expect(orders.created.first?.passengers.first?.givenName == "Imogen")
    }

    @Test func aTravellerHoldsABookingWithKeys() async throws {
        let terminal = VirtualTerminal(columns: 100, isInteractive: true)
        let screen = screen(try interactiveInput(), on: terminal)
        let running = Task { await screen.run() }
        try await terminal.waitForOutput(containing: "Book this offer?")
        terminal.enter("")
        try await terminal.waitForOutput(containing: "Title")
        terminal.enter("mr")
        try await terminal.waitForOutput(containing: "Given names")
        // Esc goes back one field, offering what was typed there.
        terminal.press(.escape)
        try await terminal.waitForOutput(containing: "[mr]")
        terminal.enter("ms")
        for answer in imogenAnswers.dropFirst() { terminal.enter(answer) }
        try await terminal.waitForOutput(containing: "What next?")
        terminal.press(.down, .enter)
        try await terminal.waitForOutput(containing: "Hold the booking for 1 passenger, £412.50 to pay later?")
        // The question acts at the key: an Enter typed after it would be left for "Press Enter to see your bookings",
        // and answer it whenever the screen reads it before the cancellation below lands.
        terminal.type("y")
        try await terminal.waitForOutput(containing: "Held: booking reference ERDAH6")
        #expect(orders.created.first?.type == .hold)
        #expect(orders.created.first?.passengers.first?.title == .ms)
        running.cancel()
        _ = await running.value
        // Told of the hold at once; covered before Enter, the screen took no way out of its own.
        #expect(router.exits == [.booked("ERDAH6")])
    }

    @Test func anExpiredOfferTheAPICannotConfirmGoesBackToTheOffers() async throws {
        let terminal = VirtualTerminal()
        let offers = FixtureOfferService()
        offers.replyOfferReads(with: .failure(.timedOut))
        let screen = screen(try interactiveInput(), on: terminal, offers: offers, now: afterExpiry)
        let running = Task { await screen.run() }
        try await terminal.waitForOutput(containing: "Press Enter to choose another offer.")
        #expect(terminal.text.contains("✗ This offer expired at Sun 22 Nov 2026 10:45 GMT"))
        terminal.enter("")
        _ = await running.value
        #expect(router.exits == [.availability])
    }

    @Test func aDeepLinkFetchesTheOffer() async throws {
        let terminal = VirtualTerminal()
        let offers = FixtureOfferService()
        let screen = screen(FlightSummaryInput(offerID: "off_0000Bf7EUcGQ22QJSC5NYu"), on: terminal, offers: offers)
        let running = Task { await screen.run() }
        try await terminal.waitForOutput(containing: "Book this offer?")
        #expect(offers.offerReads == ["off_0000Bf7EUcGQ22QJSC5NYu"])
        #expect(terminal.text.contains("Duffel Airways · £412.50"))
        terminal.enter("n")
        _ = await running.value
        #expect(router.exits == [.availability])
    }

    @Test func seatsHandedBackByTheRouterAreBookedWithTheOffer() async throws {
        let offer = try recordedOffer()
        let seat = SeatChoice(
            segmentId: offer.slices[0].segments[0].id, passengerId: offer.passengers[0].id, designator: "32A",
            serviceId: "ase_seat", price: Money(amount: 18, currency: "GBP"))
        router.seatsToHandBack = [seat]
        let terminal = VirtualTerminal(columns: 100)
        let screen = FlightSummaryBuilder(
            offers: FixtureOfferService(), orders: orders, bookings: store, backend: "fixtures", now: { searchTime },
            timeZone: utc, makeBookingKey: { "key-1" }, extras: FixtureExtrasService()
        ).build(input: try interactiveInput(), router: router, terminal: terminal)
        let running = Task { await screen.run() }
        try await terminal.waitForOutput(containing: "s seats first · Enter yes")
        terminal.enter("s")
        // The router answers with the seats: the question is asked again, and the details go on from there.
        try await terminal.wait(for: "the question asked again") {
            $0.text.components(separatedBy: "s seats first · Enter yes").count == 3
        }
        terminal.enter("y")
        for answer in imogenAnswers { terminal.enter(answer) }
        try await terminal.waitForOutput(containing: "What next?")
        #expect(terminal.text.contains("Change seats (1 seat chosen, £18.00)"))
        #expect(terminal.text.contains("32A for passenger 1 on ZZ117 LHR → JFK, £18.00"))
        terminal.enter("1")
        terminal.enter("y")
        try await terminal.waitForOutput(containing: "Press Enter to see your bookings.")
        terminal.enter("")
        _ = await running.value
        #expect(router.exits == [.seats(chosen: 0), .booked("ERDAH6"), .finished("ERDAH6")])
        #expect(orders.created.first?.services.contains(SelectedService(id: "ase_seat")) == true)
    }

    @Test func everyRoleIsFreedWhenTheScreenIsDropped() async throws {
        weak var weakRunner: ScreenRunner<FlightSummaryReducer>?
        weak var weakServices: FlightSummaryServices?
        let terminal = VirtualTerminal()
        do {
            let builder = FlightSummaryBuilder(
                offers: FixtureOfferService(), orders: orders, bookings: store, backend: "fixtures", now: { searchTime },
                timeZone: utc, makeBookingKey: { "key-1" })
            let services = builder.services()
            let screen = builder.runner(input: try interactiveInput(), router: router, terminal: terminal, services: services)
            weakRunner = screen
            weakServices = services
            let running = Task { await screen.run() }
            try await terminal.waitForOutput(containing: "Book this offer?")
            terminal.enter("y")
            for answer in imogenAnswers { terminal.enter(answer) }
            terminal.enter("1")
            terminal.enter("y")
            try await terminal.waitForOutput(containing: "Press Enter to see your bookings.")
            // The navigator covers or drops the screen: its run must end, and nothing it started may keep it alive.
            running.cancel()
            _ = await running.value
        }
        #expect(weakRunner == nil)
        #expect(weakServices == nil)
        #expect(orders.created.count == 1)
    }

    @Test func aScreenDroppedWhileWaitingForInputIsFreed() async throws {
        weak var weakRunner: ScreenRunner<FlightSummaryReducer>?
        let terminal = VirtualTerminal()
        do {
            let screen = screen(try interactiveInput(), on: terminal)
            weakRunner = screen as? ScreenRunner<FlightSummaryReducer>
            #expect(weakRunner != nil)
            let running = Task { await screen.run() }
            try await terminal.waitForOutput(containing: "Book this offer?")
            terminal.endInput()
            _ = await running.value
        }
        #expect(weakRunner == nil)
    }
}
