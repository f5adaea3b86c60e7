import Entities
import FixtureServices
import Foundation
import ModuleCore
import ModuleTesting
import Services
import Testing
import TravelText
@testable import Trips
@testable import FlightBookings

/// The screen through its runner, as the Builder builds it: what it shows and asks after each thing the traveller
/// does, once the work it started has answered.
@MainActor
@Suite("FlightBookings runner")
struct FlightBookingsRunnerTests {
    private func harness(
        _ input: FlightBookingsInput, orders: any OrderService, store: any BookingStore, now: Date = quoteTime,
        canAsk: Bool = false
    ) -> Harness {
        Harness(input, orders: orders, store: store, now: now, canAsk: canAsk)
    }

    // MARK: The list

    @Test func theListShowsEachBookingNewestFirstWithTheNewOnePointedOut() async throws {
        let booked = try await Booked()
        _ = try await booked.orders.createOrder(orderBody(key: "key-2"))
        try booked.store.save(pendingRecord(key: "key-2", at: orderTime.addingTimeInterval(600)))
        try booked.store.save(pendingRecord(key: "key-3", at: orderTime.addingTimeInterval(1200)))
        let h = harness(FlightBookingsInput(highlight: "erdah6"), orders: booked.orders, store: booked.store)
        await h.appear()
        let list = h.list
        #expect(list.rows.map(\.reference) == ["–", "ERDAH1", "ERDAH6 (new)"])
        #expect(list.rows.map(\.status) == ["Pending: not booked", "Confirmed", "Confirmed"])
        #expect(list.rows.last == BookingListViewModel.Row(
            reference: "ERDAH6 (new)", route: "LHR → JFK", departs: "Fri 18 Dec 08:25", passengers: "Imogen Fairweather",
            total: "£412.50", status: "Confirmed"))
        #expect(list.notes.map(\.kind) == [.warning, .success])
        #expect(list.notes[1].text.contains("went through after all: reference ERDAH1"))
        #expect(list.notes[0].text.contains("did not go through"))
        #expect(h.prompt == .text(question: "Open a booking (1–3), n for a new search, b to go back:"))
    }

    @Test func theListLeadsToABookingAndBack() async throws {
        let booked = try await Booked()
        let h = harness(FlightBookingsInput(), orders: booked.orders, store: booked.store)
        await h.appear()
        await h.answer("7")
        #expect(h.text.contains("✗ Enter a booking's number (1–1), n for a new search, or b to go back."))
        await h.answer("1")
        let detail = try #require(h.detail)
        #expect(detail.title == "Booking ERDAH6 · Confirmed")
        #expect(detail.rows.contains(BookingsRow("Payment", "Paid on Sun 22 Nov 2026 10:24 GMT")))
        #expect(detail.rows.contains(BookingsRow("Total", "£412.50 (base £223.88 + taxes £188.62)")))
        #expect(detail.itinerary.first?.title == "Flight · LHR → JFK · Fri 18 Dec 2026 · 8h 05m")
        #expect(detail.itinerary.first?.flights.first?.hasPrefix("ZZ117 · Fri 18 Dec 08:25 GMT London Heathrow Airport (LHR) T3 → Fri 18 Dec 11:30 GMT-5") == true)
        #expect(detail.passengers == ["Ms Imogen Fairweather · adult · born Thu 12 Apr 1990 · e-ticket 0387010675893"])
        #expect(detail.conditions.first == BookingsRow("Refund before departure", "Allowed, fee £40.00"))
        #expect(h.prompt == .text(question: "What next? c to cancel, r to refresh, b for the list, n for a new search:"))
        await h.answer("b")
        #expect(h.state.step == .list)
        #expect(FlightBookingsReducer.screen(h.state).page == h.state.listBlocks())
        #expect(h.count("Reading your bookings…") == 2)
        await h.goBack()
        #expect(h.router.exits == [.back])
    }

    @Test func aHeldBookingSaysWhatIsStillToPay() async throws {
        let booked = try await Booked(type: .hold)
        let h = harness(
            FlightBookingsInput(request: .show(reference: "ERDAH6")), orders: booked.orders, store: booked.store)
        await h.appear()
        let detail = try #require(h.detail)
        #expect(detail.title == "Booking ERDAH6 · Awaiting payment")
        #expect(detail.rows.contains(BookingsRow("Status", "Held, awaiting payment")))
        #expect(detail.rows.contains(BookingsRow("Payment", "£412.50 to pay")))
        #expect(booked.record.state == .awaitingPayment)
    }

    @Test func nStartsANewSearch() async throws {
        let booked = try await Booked()
        let h = harness(FlightBookingsInput(), orders: booked.orders, store: booked.store)
        await h.appear()
        await h.answer("N")
        #expect(h.router.exits == [.search])
        #expect(h.prompt == nil)
    }

    @Test func anEmptyListSaysWhatCanBeDone() async throws {
        let h = harness(FlightBookingsInput(), orders: FixtureOrderService(), store: FixtureBookingStore())
        await h.appear()
        #expect(h.list.rows.isEmpty)
        #expect(h.prompt == .text(question: "n for a new search, b to go back:"))
    }

    @Test func openingABookingUpdatesTheLocalRecordFromTheAPI() async throws {
        let booked = try await Booked()
        let quote = try await booked.orders.quoteCancellation(orderID: booked.order.id)
        _ = try await booked.orders.confirmCancellation(id: quote.id)
        let h = harness(FlightBookingsInput(), orders: booked.orders, store: booked.store)
        await h.appear()
        await h.answer("1")
        #expect(h.detail?.title == "Booking ERDAH6 · Cancelled")
        #expect(booked.store.saves.map(\.state) == [.cancelled])
        // The status says it is cancelled; no line then says it "cannot be cancelled".
        #expect(h.detail?.actions.contains { $0.hasPrefix("Cannot be cancelled") } == false)
        await h.answer("c")
        #expect(h.text.contains("Booking ERDAH6 was already cancelled on"))
        #expect(!h.text.contains("✗"))
        await h.answer("b")
        #expect(h.list.rows.first?.status == "Cancelled")
    }

    @Test func aBookingWhoseOrderCannotBeReadIsNotSaidToBeUncancellable() async throws {
        let booked = try await Booked()
        booked.orders.failReads(with: .timedOut)
        let h = harness(FlightBookingsInput(), orders: booked.orders, store: booked.store)
        await h.appear()
        await h.answer("1")
        let actions = try #require(h.detail?.actions)
        #expect(actions.contains { $0.hasPrefix("Whether it can be cancelled is not known: its order could not be read") })
        #expect(!actions.contains { $0.hasPrefix("Cannot be cancelled") })
    }

    // MARK: Cancelling

    @Test func aCancellationIsQuotedThenConfirmed() async throws {
        let booked = try await Booked()
        let h = harness(FlightBookingsInput(), orders: booked.orders, store: booked.store)
        await h.appear()
        await h.answer("1")
        await h.answer("c")
        guard case .confirmCancel(let asked) = h.state.step, let current = h.state.current else {
            Issue.record("expected a quote to confirm, got \(h.state.step)")
            return
        }
        #expect(h.text.contains("Cancelling booking ERDAH6 refunds £372.50."))
        let quote = h.state.text.quote(asked, booking: current)
        #expect(quote.headline == "Cancelling booking ERDAH6 refunds £372.50.")
        #expect(quote.rows == [
            BookingsRow("Refund", "£372.50"), BookingsRow("Goes to", "your Duffel balance"),
            BookingsRow("Kept by the airline", "£40.00"),
            BookingsRow("Quote valid until", "Sun 22 Nov 2026 11:32 GMT (in 27 min)"),
        ])
        #expect(h.prompt == .confirm(question: "Cancel booking ERDAH6 for a refund of £372.50?", default: false))
        #expect(booked.orders.orders.first?.cancelledAt == nil)
        await h.answer("y")
        #expect(h.text.contains("✓ Booking ERDAH6 is cancelled. £372.50 goes back to your Duffel balance."))
        #expect(h.detail?.title == "Booking ERDAH6 · Cancelled")
        #expect(try booked.store.record(reference: "ERDAH6")?.state == .cancelled)
        #expect(h.state.step == .detail)
    }

    @Test func aCancellationCanBeDeclined() async throws {
        let booked = try await Booked()
        let h = harness(FlightBookingsInput(), orders: booked.orders, store: booked.store)
        await h.appear()
        await h.answer("1")
        await h.answer("c")
        await h.answer("n")
        #expect(h.text.contains("Not cancelled."))
        #expect(booked.orders.orders.first?.cancelledAt == nil)
        #expect(try booked.store.record(reference: "ERDAH6")?.state == .confirmed)
        #expect(h.state.step == .detail)
    }

    @Test func anExpiredQuoteIsAskedForAgainBeforeAnythingIsCancelled() async throws {
        let booked = try await Booked()
        let h = harness(FlightBookingsInput(), orders: booked.orders, store: booked.store, now: afterQuoteExpiry)
        await h.appear()
        await h.answer("1")
        await h.answer("c")
        await h.answer("y")
        #expect(h.text.contains("The refund quote has expired; asking the airline again."))
        #expect(h.count("Cancelling booking ERDAH6 refunds") == 2)
        #expect(booked.orders.orders.first?.cancelledAt == nil)
    }

    @Test func aRefusedQuoteIsExplained() async throws {
        let booked = try await Booked()
        booked.orders.replyQuotes(with: .file(.errorInvalidState))
        let h = harness(FlightBookingsInput(), orders: booked.orders, store: booked.store)
        await h.appear()
        await h.answer("1")
        await h.answer("c")
        #expect(h.text.contains("✗ The cancellation could not be quoted: This order has already been cancelled, so it cannot be cancelled again."))
        #expect(h.state.step == .detail)
    }

    // MARK: Deep links

    @Test func showingAnUnknownReferenceIsNotFound() async throws {
        let booked = try await Booked()
        let h = harness(
            FlightBookingsInput(request: .show(reference: "zzzzzz")), orders: booked.orders, store: booked.store)
        await h.appear()
        #expect(h.text.contains("✗ There is no booking ZZZZZZ on this machine or at the flight service."))
        // The list, to open another from.
        #expect(h.state.step == .list)
        #expect(h.router.exits.isEmpty)
    }

    @Test func theScreenComesBackWhereItWas() async throws {
        let booked = try await Booked()
        let h = harness(FlightBookingsInput(), orders: booked.orders, store: booked.store)
        await h.appear()
        await h.answer("1")
        let prompt = h.prompt
        let page = FlightBookingsReducer.screen(h.state).page
        #expect(page == h.state.current.map(h.state.detailBlocks))
        var store = TestStore<FlightBookingsReducer>(h.state)
        // Shown again, it starts nothing: the runner draws the same page again and asks the same question.
        store.send(.appeared(now: quoteTime), effects: []) { _ in }
        await h.appear()
        #expect(FlightBookingsReducer.screen(h.state).page == page)
        #expect(h.prompt == prompt)
    }
}
