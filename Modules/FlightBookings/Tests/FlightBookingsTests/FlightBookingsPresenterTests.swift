import Entities
import FixtureServices
import Foundation
import Services
import Testing
@testable import FlightBookings

@MainActor
@Suite("FlightBookingsPresenter")
struct FlightBookingsPresenterTests {
    struct Harness {
        let view: SpyView
        let router: SpyRouter
        let presenter: FlightBookingsPresenter
    }

    private func harness(
        _ input: FlightBookingsInput, orders: any OrderService, store: any BookingStore, now: Date = quoteTime,
        canAsk: Bool = false
    ) -> Harness {
        let interactor = FlightBookingsInteractor(
            orders: orders, bookings: store, backend: "fixtures", now: { now }, timeZone: utc, lookupDelays: [.zero, .zero])
        let view = SpyView()
        let router = SpyRouter()
        return Harness(
            view: view, router: router,
            presenter: makePresenter(input, interactor: interactor, canAsk: canAsk, view: view, router: router))
    }

    // MARK: The list

    @Test func theListShowsEachBookingNewestFirstWithTheNewOnePointedOut() async throws {
        let booked = try await Booked()
        _ = try await booked.orders.createOrder(orderBody(key: "key-2"))
        try booked.store.save(pendingRecord(key: "key-2", at: orderTime.addingTimeInterval(600)))
        try booked.store.save(pendingRecord(key: "key-3", at: orderTime.addingTimeInterval(1200)))
        let h = harness(FlightBookingsInput(highlight: "erdah6"), orders: booked.orders, store: booked.store)
        await h.presenter.didAppear()
        let list = try #require(h.view.lists.first)
        #expect(list.rows.map(\.reference) == ["–", "ERDAH1", "ERDAH6 (new)"])
        #expect(list.rows.map(\.status) == ["Pending: not booked", "Confirmed", "Confirmed"])
        #expect(list.rows.last == BookingListViewModel.Row(
            reference: "ERDAH6 (new)", route: "LHR → JFK", departs: "Fri 18 Dec 08:25", passengers: "Imogen Fairweather",
            total: "£412.50", status: "Confirmed"))
        #expect(list.notes.map(\.kind) == [.warning, .success])
        #expect(list.notes[1].text.contains("went through after all: reference ERDAH1"))
        #expect(list.notes[0].text.contains("did not go through"))
        #expect(h.view.prompt == .text(question: "Open a booking (1–3), n for a new search, b to go back:"))
    }

    @Test func theListLeadsToABookingAndBack() async throws {
        let booked = try await Booked()
        let h = harness(FlightBookingsInput(), orders: booked.orders, store: booked.store)
        await h.presenter.didAppear()
        await h.presenter.didAnswer(.text("7"))
        #expect(h.view.errors.last == "Enter a booking's number (1–1), n for a new search, or b to go back.")
        await h.presenter.didAnswer(.text("1"))
        let detail = try #require(h.view.details.first)
        #expect(detail.title == "Booking ERDAH6 · Confirmed")
        #expect(detail.rows.contains(BookingsRow("Payment", "Paid on Sun 22 Nov 2026 10:24 GMT")))
        #expect(detail.rows.contains(BookingsRow("Total", "£412.50 (base £223.88 + taxes £188.62)")))
        #expect(detail.itinerary.first?.title == "Flight · LHR → JFK · Fri 18 Dec 2026 · 8h 05m")
        #expect(detail.itinerary.first?.flights.first?.hasPrefix("ZZ117 · Fri 18 Dec 08:25 GMT London Heathrow Airport (LHR) T3 → Fri 18 Dec 11:30 GMT-5") == true)
        #expect(detail.passengers == ["Ms Imogen Fairweather · adult · born Thu 12 Apr 1990 · e-ticket 0387010675893"])
        #expect(detail.conditions.first == BookingsRow("Refund before departure", "Allowed, fee £40.00"))
        #expect(h.view.prompt == .text(question: "What next? c to cancel, r to refresh, b for the list, n for a new search:"))
        await h.presenter.didAnswer(.text("b"))
        #expect(h.view.lists.count == 2)
        await h.presenter.didGoBack()
        #expect(h.router.exits == [.back])
    }

    @Test func aHeldBookingSaysWhatIsStillToPay() async throws {
        let booked = try await Booked(type: .hold)
        let h = harness(
            FlightBookingsInput(request: .show(reference: "ERDAH6"), presentation: .text), orders: booked.orders,
            store: booked.store)
        await h.presenter.didAppear()
        let detail = try #require(h.view.details.first)
        #expect(detail.title == "Booking ERDAH6 · Awaiting payment")
        #expect(detail.rows.contains(BookingsRow("Status", "Held, awaiting payment")))
        #expect(detail.rows.contains(BookingsRow("Payment", "£412.50 to pay")))
        #expect(booked.record.state == .awaitingPayment)
    }

    @Test func nStartsANewSearch() async throws {
        let booked = try await Booked()
        let h = harness(FlightBookingsInput(), orders: booked.orders, store: booked.store)
        await h.presenter.didAppear()
        await h.presenter.didAnswer(.text("N"))
        #expect(h.router.exits == [.search])
        #expect(h.view.prompt == nil)
    }

    @Test func anEmptyListSaysWhatCanBeDone() async throws {
        let h = harness(FlightBookingsInput(), orders: FixtureOrderService(), store: FixtureBookingStore())
        await h.presenter.didAppear()
        #expect(h.view.lists.first?.rows.isEmpty == true)
        #expect(h.view.prompt == .text(question: "n for a new search, b to go back:"))
    }

    @Test func openingABookingUpdatesTheLocalRecordFromTheAPI() async throws {
        let booked = try await Booked()
        let quote = try await booked.orders.quoteCancellation(orderID: booked.order.id)
        _ = try await booked.orders.confirmCancellation(id: quote.id)
        let h = harness(FlightBookingsInput(), orders: booked.orders, store: booked.store)
        await h.presenter.didAppear()
        await h.presenter.didAnswer(.text("1"))
        #expect(h.view.details.first?.title == "Booking ERDAH6 · Cancelled")
        #expect(booked.store.saves.map(\.state) == [.cancelled])
        // The status says it is cancelled; no line then says it "cannot be cancelled".
        #expect(h.view.details.first?.actions.contains { $0.hasPrefix("Cannot be cancelled") } == false)
        await h.presenter.didAnswer(.text("c"))
        #expect(h.view.messages.last?.text.hasPrefix("Booking ERDAH6 was already cancelled on") == true)
        #expect(h.view.errors.isEmpty)
        await h.presenter.didAnswer(.text("b"))
        #expect(h.view.lists.last?.rows.first?.status == "Cancelled")
    }

    @Test func aBookingWhoseOrderCannotBeReadIsNotSaidToBeUncancellable() async throws {
        let booked = try await Booked()
        booked.orders.failReads(with: .timedOut)
        let h = harness(FlightBookingsInput(), orders: booked.orders, store: booked.store)
        await h.presenter.didAppear()
        await h.presenter.didAnswer(.text("1"))
        let actions = try #require(h.view.details.last?.actions)
        #expect(actions.contains { $0.hasPrefix("Whether it can be cancelled is not known: its order could not be read") })
        #expect(!actions.contains { $0.hasPrefix("Cannot be cancelled") })
    }

    // MARK: Cancelling

    @Test func aCancellationIsQuotedThenConfirmed() async throws {
        let booked = try await Booked()
        let h = harness(FlightBookingsInput(), orders: booked.orders, store: booked.store)
        await h.presenter.didAppear()
        await h.presenter.didAnswer(.text("1"))
        await h.presenter.didAnswer(.text("c"))
        let quote = try #require(h.view.quotes.first)
        #expect(quote.headline == "Cancelling booking ERDAH6 refunds £372.50.")
        #expect(quote.rows == [
            BookingsRow("Refund", "£372.50"), BookingsRow("Goes to", "your Duffel balance"),
            BookingsRow("Kept by the airline", "£40.00"),
            BookingsRow("Quote valid until", "Sun 22 Nov 2026 11:32 GMT (in 27 min)"),
        ])
        #expect(h.view.prompt == .confirm(question: "Cancel booking ERDAH6 for a refund of £372.50?", default: false))
        #expect(booked.orders.orders.first?.cancelledAt == nil)
        await h.presenter.didAnswer(.confirmed(true))
        #expect(h.view.messages.last?.text == "Booking ERDAH6 is cancelled. £372.50 goes back to your Duffel balance.")
        #expect(h.view.details.last?.title == "Booking ERDAH6 · Cancelled")
        #expect(try booked.store.record(reference: "ERDAH6")?.state == .cancelled)
        #expect(h.presenter.step == .detail)
    }

    @Test func aCancellationCanBeDeclined() async throws {
        let booked = try await Booked()
        let h = harness(FlightBookingsInput(), orders: booked.orders, store: booked.store)
        await h.presenter.didAppear()
        await h.presenter.didAnswer(.text("1"))
        await h.presenter.didAnswer(.text("c"))
        await h.presenter.didAnswer(.confirmed(false))
        #expect(h.view.messages.last?.text == "Not cancelled.")
        #expect(booked.orders.orders.first?.cancelledAt == nil)
        #expect(try booked.store.record(reference: "ERDAH6")?.state == .confirmed)
        #expect(h.presenter.step == .detail)
    }

    @Test func anExpiredQuoteIsAskedForAgainBeforeAnythingIsCancelled() async throws {
        let booked = try await Booked()
        let h = harness(FlightBookingsInput(), orders: booked.orders, store: booked.store, now: afterQuoteExpiry)
        await h.presenter.didAppear()
        await h.presenter.didAnswer(.text("1"))
        await h.presenter.didAnswer(.text("c"))
        await h.presenter.didAnswer(.confirmed(true))
        #expect(h.view.messages.last?.text == "The refund quote has expired; asking the airline again.")
        #expect(h.view.quotes.count == 2)
        #expect(booked.orders.orders.first?.cancelledAt == nil)
    }

    @Test func aRefusedQuoteIsExplained() async throws {
        let booked = try await Booked()
        booked.orders.replyQuotes(with: .file(.errorInvalidState))
        let h = harness(FlightBookingsInput(), orders: booked.orders, store: booked.store)
        await h.presenter.didAppear()
        await h.presenter.didAnswer(.text("1"))
        await h.presenter.didAnswer(.text("c"))
        #expect(h.view.errors.last == "The cancellation could not be quoted: This order has already been cancelled, so it cannot be cancelled again.")
        #expect(h.presenter.step == .detail)
    }

    // MARK: Deep links

    @Test func showingAnUnknownReferenceIsNotFound() async throws {
        let booked = try await Booked()
        let h = harness(
            FlightBookingsInput(request: .show(reference: "zzzzzz"), presentation: .text), orders: booked.orders,
            store: booked.store)
        await h.presenter.didAppear()
        #expect(h.router.exits == [.finished(.notFound(reference: "ZZZZZZ"))])
        #expect(h.view.errors.first == "There is no booking ZZZZZZ on this machine or at the flight service.")
    }

    @Test func showingABookingAsTextIsDone() async throws {
        let booked = try await Booked()
        let h = harness(
            FlightBookingsInput(request: .show(reference: "ERDAH6"), presentation: .text), orders: booked.orders,
            store: booked.store)
        await h.presenter.didAppear()
        #expect(h.view.details.count == 1)
        #expect(h.view.outputs.isEmpty)
        #expect(h.router.exits == [.finished(.done)])
    }

    @Test func showingABookingThatCannotBeRefreshedFails() async throws {
        let booked = try await Booked()
        let flaky = booked.orders
        flaky.failReads(with: .timedOut)
        let h = harness(
            FlightBookingsInput(request: .show(reference: "ERDAH6"), presentation: .text), orders: flaky,
            store: booked.store)
        await h.presenter.didAppear()
        #expect(h.view.details.first?.warnings.first?.contains("could not be refreshed") == true)
        #expect(h.router.exits == [.finished(.failed("The booking could not be refreshed from the flight service: The flight service did not answer in time."))])
    }

    @Test func theListAsJSONIsTheRecords() async throws {
        let booked = try await Booked()
        let h = harness(FlightBookingsInput(presentation: .json), orders: booked.orders, store: booked.store)
        await h.presenter.didAppear()
        let json = try #require(h.view.outputs.first)
        let records = try DuffelJSON.decoder().decode([BookingRecord].self, from: Data(json.utf8))
        #expect(records == [booked.record])
        #expect(h.router.exits == [.finished(.done)])
    }

    @Test func aBookingAsJSONIsTheOrderFromTheAPI() async throws {
        let booked = try await Booked()
        let h = harness(
            FlightBookingsInput(request: .show(reference: "ERDAH6"), presentation: .json), orders: booked.orders,
            store: booked.store)
        await h.presenter.didAppear()
        let json = try #require(h.view.outputs.first)
        #expect(try DuffelJSON.decoder().decode(Order.self, from: Data(json.utf8)) == booked.order)
        #expect(h.view.outputs.count == 1)
    }

    @Test func cancelWithYesCancelsAndWritesTheCancellationAsJSON() async throws {
        let booked = try await Booked()
        let h = harness(
            FlightBookingsInput(request: .cancel(reference: "ERDAH6"), presentation: .json, assumeYes: true),
            orders: booked.orders, store: booked.store)
        await h.presenter.didAppear()
        let json = try #require(h.view.outputs.first)
        let cancellation = try DuffelJSON.decoder().decode(OrderCancellation.self, from: Data(json.utf8))
        #expect(cancellation.isConfirmed)
        #expect(cancellation.orderId == booked.order.id)
        #expect(try booked.store.record(reference: "ERDAH6")?.state == .cancelled)
        #expect(h.router.exits == [.finished(.done)])
    }

    @Test func cancelWithoutYesOffATerminalShowsTheQuoteAndStops() async throws {
        let booked = try await Booked()
        let h = harness(
            FlightBookingsInput(request: .cancel(reference: "ERDAH6"), presentation: .json), orders: booked.orders,
            store: booked.store)
        await h.presenter.didAppear()
        let json = try #require(h.view.outputs.first)
        let quote = try DuffelJSON.decoder().decode(OrderCancellation.self, from: Data(json.utf8))
        #expect(!quote.isConfirmed)
        #expect(h.view.messages.last?.text.contains("run the command again with --yes") == true)
        #expect(h.router.exits == [.finished(.declined)])
        #expect(booked.orders.orders.first?.cancelledAt == nil)
    }

    @Test func cancelWithoutYesOnATerminalAsks() async throws {
        let booked = try await Booked()
        let h = harness(
            FlightBookingsInput(request: .cancel(reference: "ERDAH6"), presentation: .text), orders: booked.orders,
            store: booked.store, canAsk: true)
        await h.presenter.didAppear()
        #expect(h.view.prompt == .confirm(question: "Cancel booking ERDAH6 for a refund of £372.50?", default: false))
        #expect(h.router.exits.isEmpty)
        await h.presenter.didAnswer(.confirmed(false))
        #expect(h.router.exits == [.finished(.declined)])
        #expect(booked.orders.orders.first?.cancelledAt == nil)
    }

    @Test func cancellingABookingAlreadyCancelledIsDoneNotAFailure() async throws {
        let booked = try await Booked()
        let quote = try await booked.orders.quoteCancellation(orderID: booked.order.id)
        _ = try await booked.orders.confirmCancellation(id: quote.id)
        let h = harness(
            FlightBookingsInput(request: .cancel(reference: "ERDAH6"), presentation: .text, assumeYes: true),
            orders: booked.orders, store: booked.store)
        await h.presenter.didAppear()
        #expect(h.router.exits == [.finished(.done)])
        #expect(h.view.messages.last?.text.hasPrefix("Booking ERDAH6 was already cancelled on") == true)
        #expect(booked.orders.orders.count == 1)
    }

    @Test func theScreenComesBackWhereItWas() async throws {
        let booked = try await Booked()
        let h = harness(FlightBookingsInput(), orders: booked.orders, store: booked.store)
        await h.presenter.didAppear()
        await h.presenter.didAnswer(.text("1"))
        let prompt = h.view.prompt
        await h.presenter.didAppear()
        #expect(h.view.details.count == 2)
        #expect(h.view.prompt == prompt)
    }
}
