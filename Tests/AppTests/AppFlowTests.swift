import Entities
import FixtureServices
import FlightSearch
import Foundation
import Services
import ModuleCore
import TerminalUI
import Testing
@testable import FlightsApp

/// The recorded offers depart 2026-12-18 and expire on 2026-11-22 around 10:45 UTC.
let fixtureNow: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_795_342_800) }  // 2026-11-22T10:20:00Z

/// The App composed headless: the real navigator, flow and modules over fixture services, on a virtual terminal.
@MainActor
struct Harness {
    let terminal: VirtualTerminal
    let navigator = Navigator()
    let flow: BookingFlow
    let offers = FixtureOfferService()
    let orders = FixtureOrderService()
    let bookings = FixtureBookingStore()
    let extras: FixtureExtrasService?

    let watches = FixtureWatchStore()

    init(interactive: Bool = false, seats: Bool = false) {
        let extras = seats ? FixtureExtrasService(offers: offers) : nil
        self.extras = extras
        terminal = VirtualTerminal(columns: 120, isInteractive: interactive)
        let screens = FlowTerminal(terminal)
        let modules = ModuleFactory(
            terminal: screens, places: FixturePlaceService(), offers: offers, orders: orders, bookings: bookings,
            backendName: "fixtures", extras: extras, now: fixtureNow,
            timeZone: TimeZone(identifier: "Europe/London") ?? .current, watches: watches)
        flow = BookingFlow(navigator: navigator, modules: modules)
    }

    /// Runs the navigator in the background; the returned task ends when the flow does.
    func run() -> Task<Void, Never> {
        let navigator = navigator
        return Task { await navigator.run() }
    }

    /// Types `line` once the screen waits for input.
    func type(_ line: String) async throws {
        try await terminal.waitUntilAwaitingInput()
        terminal.enter(line)
    }

    /// Waits until the navigator holds `count` screens (screens change as the terminal is written to).
    func waitForStack(_ count: Int) async throws {
        let navigator = navigator
        try await terminal.wait(for: "\(count) screens on the stack") { _ in navigator.stack.count == count }
    }

    /// On a TTY, from the start to the offers of the recorded LHR→JFK search, listed and reading keys; the flow's
    /// task.
    func offersOnKeys() async throws -> Task<Void, Never> {
        flow.startSearch()
        let running = run()
        for line in ["LHR", "JFK", "2026-12-18", ""] { try await type(line) }
        try await terminal.waitUntilAwaitingInput()
        terminal.press(.enter)
        try await waitForStack(2)
        // The offers are listed (the search, which also reads keys to be cancellable, is over).
        try await terminal.wait(for: "the offers and the keys") {
            $0.isAwaitingInput && $0.screen.joined(separator: "\n").contains("Enter choose")
        }
        return running
    }

    /// From an empty start to the offers of the recorded LHR→JFK search.
    func searchLondonToNewYork() async throws {
        for line in ["LHR", "JFK", "2026-12-18", "", ""] { try await type(line) }
        try await waitForStack(2)
        try await terminal.waitForOutput(containing: "offers")
    }
}

/// Whether `task` ends within `deadline` (a deadline for a hang, not a stand-in for awaiting: the task normally
/// ends at once and the deadline is cancelled).
func ends(_ task: Task<Void, Never>, within deadline: Duration = .seconds(10)) async -> Bool {
    await withTaskGroup(of: Bool.self) { group in
        group.addTask { await task.value; return true }
        group.addTask { (try? await Task.sleep(for: deadline)) == nil ? false : false }
        let first = await group.next() ?? false
        group.cancelAll()
        return first
    }
}

@MainActor
@Suite("The App's flow, headless")
struct AppFlowTests {
    @Test("search → availability → back: availability is freed and the search keeps its fields")
    func backFromAvailability() async throws {
        let app = Harness()
        app.flow.startSearch()
        let running = app.run()
        try await app.searchLondonToNewYork()
        #expect(app.offers.searches.first?.slices.first?.origin == "LHR")
        let detector = LeakDetector(modules: ["FlightAvailability"])
        detector.watch(try #require(app.navigator.top))
        #expect(detector.count >= 3, "view, presenter and interactor are watched")

        app.terminal.clearOutput()
        try await app.type("back")
        try await app.waitForStack(1)
        try await app.terminal.waitForOutput(containing: "LHR")
        await detector.expectAllFreed("availability after popping it")
        #expect(app.terminal.text.contains("JFK"), "the search comes back with its fields: \(app.terminal.text)")

        app.terminal.endInput()
        await running.value
        #expect(app.navigator.stack.isEmpty)
    }

    @Test("Ctrl-C on the offers ends the app, and every screen is freed", arguments: ["offers", "summary"])
    func interruptQuits(_ where_: String) async throws {
        let app = Harness(interactive: true)
        let running = try await app.offersOnKeys()
        if where_ == "summary" {
            app.terminal.press(.enter)
            try await app.waitForStack(3)
            try await app.terminal.waitUntilAwaitingInput()
        }
        let detector = LeakDetector(modules: ["FlightSearch", "FlightAvailability", "FlightSummary"])
        for screen in app.navigator.stack { detector.watch(screen) }
        app.terminal.press(.interrupt)
        #expect(await ends(running), "Ctrl-C did not end the app: \(app.navigator.stack.count) screens left")
        await detector.expectAllFreed("after Ctrl-C on the \(where_)")
        #expect(app.orders.created.isEmpty)
    }

    @Test("a whole booking: every popped module is freed, and the booking is kept before the bookings list shows it")
    func wholeBooking() async throws {
        let app = Harness()
        app.flow.startSearch()
        let running = app.run()
        try await app.searchLondonToNewYork()
        let availability = LeakDetector(modules: ["FlightAvailability"])
        availability.watch(try #require(app.navigator.top))

        try await app.type("1")
        try await app.waitForStack(3)
        let summary = LeakDetector(modules: ["FlightSummary"])
        summary.watch(try #require(app.navigator.top))
        try await app.terminal.waitForOutput(containing: "Book this offer?")
        for line in ["y", "ms", "Ada", "Lovelace", "1990-12-10", "f", "ada@example.com", "+442080160508", "1", "y"] {
            try await app.type(line)
        }
        try await app.terminal.waitForOutput(containing: "booking reference")
        let booked = try #require(app.orders.orders.first)
        #expect(app.orders.created.count == 1)
        #expect(try app.bookings.record(reference: booked.bookingReference)?.state == .confirmed)
        #expect(app.bookings.saves.map(\.state) == [.pending, .confirmed])

        try await app.type("")
        try await app.waitForStack(2)
        try await app.terminal.waitForOutput(containing: booked.bookingReference)
        await availability.expectAllFreed("availability once booked")
        await summary.expectAllFreed("summary once booked")

        app.terminal.endInput()
        await running.value
    }

    @Test("summary → back → availability, then a different offer: the first summary is freed")
    func backFromSummary() async throws {
        let app = Harness()
        app.flow.startSearch()
        let running = app.run()
        try await app.searchLondonToNewYork()
        try await app.type("2")
        try await app.waitForStack(3)
        let summary = LeakDetector(modules: ["FlightSummary"])
        summary.watch(try #require(app.navigator.top))
        try await app.terminal.waitForOutput(containing: "Book this offer?")
        try await app.type("n")
        try await app.waitForStack(2)
        try await app.type("3")
        try await app.waitForStack(3)
        await summary.expectAllFreed("summary after going back and choosing another offer")
        #expect(app.orders.created.isEmpty)
        app.terminal.endInput()
        await running.value
    }

    @Test("summary → back → the same offer again: the same screen, with the details typed")
    func backAndSameOffer() async throws {
        let app = Harness()
        app.flow.startSearch()
        let running = app.run()
        try await app.searchLondonToNewYork()
        try await app.type("2")
        try await app.waitForStack(3)
        let first = try #require(app.navigator.top)
        try await app.terminal.waitForOutput(containing: "Book this offer?")
        for line in ["y", "ms", "Ada", "Lovelace", "1985-12-10", "f", "ada@example.com", "+442080160508"] {
            try await app.type(line)
        }
        try await app.terminal.waitForOutput(containing: "Back to the offers")
        try await app.type("3")
        try await app.waitForStack(2)
        try await app.terminal.waitUntilAwaitingInput()
        app.terminal.clearOutput()
        try await app.type("2")
        try await app.waitForStack(3)
        #expect(app.navigator.top === first)
        // The review comes back with the passenger as typed, and booking it needs no typing again.
        try await app.terminal.waitForOutput(containing: "Ms Ada Lovelace")
        #expect(app.orders.created.isEmpty)
        app.terminal.endInput()
        await running.value
    }
}
