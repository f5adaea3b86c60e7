import Entities
import FixtureServices
import Foundation
import ModuleCore
import Services
import TerminalUI
import Testing
import TravelText
@testable import Trips
@testable import FlightBookings

/// How the bookings screen words what happened: the booking just made, a hold's deadline off a terminal, a booking
/// already cancelled, and a cancellation that refunds nothing.
@MainActor
@Suite("FlightBookings wording")
struct FlightBookingsWordingTests {
    private typealias Reducer = FlightBookingsReducer

    private func state(_ input: FlightBookingsInput = FlightBookingsInput()) -> FlightBookingsState {
        FlightBookingsState(
            input: input, canAsk: false, backend: "fixtures", storeLocation: "memory", timeZone: utc, now: quoteTime)
    }

    /// The messages among `effects`.
    private func messages(_ effects: [FlightBookingsEffect]) -> [String] {
        effects.compactMap { effect in
            if case .note(.message(let notice)) = effect { return notice.message }
            return nil
        }
    }

    /// A quote refunding `amount` (zero, or nothing said) to the balance.
    private func quote(_ booked: Booked, refund amount: Money?) async throws -> OrderCancellation {
        var quote = try await booked.orders.quoteCancellation(orderID: booked.order.id)
        quote.refundAmount = amount
        return quote
    }

    // MARK: (new)

    @Test func theBookingJustMadeIsNewUntilItIsCancelled() async throws {
        let booked = try await Booked()
        var state = state(FlightBookingsInput(highlight: "erdah6"))
        state.records = [booked.record]
        #expect(state.listViewModel().rows.map(\.reference) == ["ERDAH6 (new)"])
        var cancelled = booked.record
        cancelled.state = .cancelled
        state.records = [cancelled]
        #expect(state.listViewModel().rows.map(\.reference) == ["ERDAH6"])
        #expect(state.listViewModel().rows.map(\.status) == ["Cancelled"])
    }

    @Test("cancelled on the screen, the list it goes back to no longer says new", arguments: [60, 80, 120])
    func cancelledOnTheScreenIsNotNew(columns: Int) async throws {
        let booked = try await Booked()
        let terminal = VirtualTerminal(columns: columns)
        let screen = FlightBookingsBuilder(
            orders: booked.orders, bookings: booked.store, backend: "fixtures", now: { quoteTime }, timeZone: utc)
            .build(input: FlightBookingsInput(highlight: "ERDAH6"), router: SpyRouter(), terminal: terminal)
        let running = Task { await screen.run() }
        try await terminal.waitForOutput(containing: "Open a booking (1–1)")
        #expect(terminal.text.contains("ERDAH6 (new)"))
        terminal.enter("1")
        try await terminal.waitForOutput(containing: "What next?")
        terminal.enter("c")
        try await terminal.waitForOutput(containing: "y yes · n no · Enter no")
        terminal.enter("y")
        try await terminal.waitForOutput(containing: "is cancelled")
        terminal.clearOutput()
        terminal.enter("b")
        try await terminal.waitForOutput(containing: "Open a booking (1–1)")
        #expect(terminal.text.contains("Cancelled"))
        #expect(terminal.text.contains("ERDAH6"))
        #expect(!terminal.text.contains("(new)"))
        terminal.enter("n")
        _ = await running.value
    }

    // MARK: A hold's deadline off a terminal

    @Test("piped, the list shows a hold's deadline whole, at any width", arguments: [60, 80, 120])
    func pipedDeadlineIsWhole(columns: Int) async throws {
        let booked = try await Booked(type: .hold)
        var held = booked.record
        held.state = .awaitingPayment
        let deadline = quoteTime.addingTimeInterval(2 * 24 * 3600)
        held.paymentRequiredBy = deadline
        let store = FixtureBookingStore(records: [held])
        let terminal = VirtualTerminal(columns: columns, isInteractive: false)
        // As `flights bookings` prints it: TravelText's list, written whole.
        let list = BookingListViewModel(
            records: try store.records(), pendingNotFoundKeys: [], changesWaiting: [], highlight: nil, now: quoteTime,
            timeZone: utc, location: store.location, notes: [])
        ScreenPainter(terminal: terminal, outputIsForPrograms: false).show(list.blocks(fitted: false))
        let payBy = "Pay by \(TravelFormat.dayAndTime(LocalDateTime(deadline, in: utc)))"
        let row = try #require(terminal.screen.first { $0.hasPrefix("1.") }, "\(terminal.screen)")
        #expect(row.hasSuffix(payBy), "\(row)")
        #expect(row.contains("Imogen Fairweather"), "\(row)")
        #expect(!row.contains("…"), "\(row)")
    }

    // MARK: Already cancelled

    @Test func aBookingAlreadyCancelledSaysSoOnce() async throws {
        let booked = try await Booked()
        let quote = try await booked.orders.quoteCancellation(orderID: booked.order.id)
        _ = try await booked.orders.confirmCancellation(id: quote.id)
        let order = try #require(booked.orders.orders.first)
        let cancelledAt = try #require(order.cancelledAt)
        var state = state(FlightBookingsInput(request: .show(reference: "ERDAH6")))
        state.current = Booking(record: booked.record, order: order)
        let said = messages(Reducer.startCancel(&state))
        #expect(said == ["Booking ERDAH6 was already cancelled on \(TravelFormat.instant(cancelledAt, in: utc))."])
        #expect(said.first?.components(separatedBy: "cancelled").count == 2)
        #expect(said.first?.components(separatedBy: "already").count == 2)
    }

    // MARK: No refund

    @Test func aQuoteOfNothingSaysThereIsNoRefund() async throws {
        let booked = try await Booked()
        let booking = Booking(record: booked.record, order: booked.order)
        for amount in [Money.zero("GBP"), nil] {
            let quote = try await quote(booked, refund: amount)
            var state = state()
            state.current = booking
            state.step = .confirmCancel(quote)
            let shown = state.text.quote(quote, booking: booking)
            #expect(shown.headline == "There is no refund for cancelling booking ERDAH6.")
            #expect(shown.rows.first == KeyValueList.Row("Refund", "None"))
            #expect(!shown.rows.contains { $0.value.contains("£0.00") })
            #expect(state.prompt == .confirm(question: "Cancel booking ERDAH6 with no refund?", default: false))
        }
    }

    @Test func aCancellationThatRefundsNothingSaysThereIsNoRefund() async throws {
        let booked = try await Booked()
        let booking = Booking(record: booked.record, order: booked.order)
        var done = try await quote(booked, refund: .zero("GBP"))
        done.confirmedAt = quoteTime
        var after = booking
        after.order?.cancelledAt = quoteTime
        var state = state()
        state.step = .confirmCancel(done)
        state.current = booking
        let effects = Reducer.reduce(
            &state, .cancellationConfirmed(.cancelled(CancellationDone(cancellation: done, booking: after), recovered: false), now: quoteTime))
        #expect(messages(effects) == ["Booking ERDAH6 is cancelled. There is no refund."])
    }

    @Test func aRefundIsStillWordedWithItsAmount() async throws {
        let booked = try await Booked()
        let booking = Booking(record: booked.record, order: booked.order)
        let quote = try await quote(booked, refund: Money(amount: 372.5, currency: "GBP"))
        var state = state()
        state.current = booking
        state.step = .confirmCancel(quote)
        #expect(state.text.quote(quote, booking: booking).headline == "Cancelling booking ERDAH6 refunds £372.50.")
        #expect(state.prompt == .confirm(question: "Cancel booking ERDAH6 for a refund of £372.50?", default: false))
    }
}
