import Entities
import FixtureServices
import Foundation
import ModuleCore
import ModuleTesting
import Services
import Testing
@testable import Trips
@testable import FlightBookings

/// A cancellation at the refund a script agreed beforehand (`acceptedTotal`, `flights cancel --refund`): the quote's
/// refund must be it, no refund counting as zero, or nothing is cancelled and the run ends declined.
@MainActor
@Suite("Cancelling at an agreed refund")
struct FlightBookingsRefundTests {
    private typealias Reducer = FlightBookingsReducer

    /// A printed cancel of `booking` waiting for its quote, as the run is once the booking was read.
    private func quoting(_ booking: Booking, refund: Decimal?, assumeYes: Bool = true) -> FlightBookingsState {
        var state = FlightBookingsState(
            input: FlightBookingsInput(
                request: .cancel(reference: "ERDAH6"), presentation: .text, assumeYes: assumeYes, acceptedTotal: refund),
            canAsk: false, backend: "fixtures", storeLocation: "memory", timeZone: utc, now: quoteTime)
        state.current = booking
        state.waiting = true
        return state
    }

    /// The fixtures' quote: £372.50 back.
    private func quote(_ booked: Booked) async throws -> OrderCancellation {
        try await booked.orders.quoteCancellation(orderID: booked.order.id)
    }

    @Test func theAgreedRefundIsCancelled() async throws {
        let booked = try await Booked()
        let booking = Booking(record: booked.record, order: booked.order)
        let quote = try await quote(booked)
        var store = TestStore<Reducer>(quoting(booking, refund: 372.5))
        store.send(.quoted(.success(quote), now: quoteTime), effects: [
            .note(.progressEnded), .print(store.state.quoteBlocks(quote, booking: booking)),
            Reducer.changing("Cancelling…", reference: "ERDAH6", what: "cancelled"),
            .run(.confirmCancellation(quote, booking)),
        ]) { _ in }
    }

    @Test func anotherRefundCancelsNothingAndSaysTheRefundNow() async throws {
        let booked = try await Booked()
        let booking = Booking(record: booked.record, order: booked.order)
        let quote = try await quote(booked)
        var store = TestStore<Reducer>(quoting(booking, refund: 400))
        store.send(.quoted(.success(quote), now: quoteTime), effects: [
            .note(.progressEnded), .print(store.state.quoteBlocks(quote, booking: booking)),
            .note(.error(
                "Nothing was cancelled: cancelling now refunds £372.50, not the £400.00 agreed to.",
                suggestion: "Run the command again with --refund 372.50 to cancel for that refund.")),
            .leave(.finished(.declined)),
        ]) {
            $0.waiting = false
            $0.step = .finished
        }
    }

    @Test func noRefundIsARefundOfNothing() async throws {
        let booked = try await Booked()
        let booking = Booking(record: booked.record, order: booked.order)
        var none = try await quote(booked)
        none.refundAmount = nil
        var agreed = TestStore<Reducer>(quoting(booking, refund: 0))
        agreed.send(.quoted(.success(none), now: quoteTime), effects: [
            .note(.progressEnded), .print(agreed.state.quoteBlocks(none, booking: booking)),
            Reducer.changing("Cancelling…", reference: "ERDAH6", what: "cancelled"),
            .run(.confirmCancellation(none, booking)),
        ]) { _ in }
        // In the booking's currency, as the quote names none.
        var other = TestStore<Reducer>(quoting(booking, refund: 5))
        other.send(.quoted(.success(none), now: quoteTime), effects: [
            .note(.progressEnded), .print(other.state.quoteBlocks(none, booking: booking)),
            .note(.error(
                "Nothing was cancelled: cancelling now refunds nothing, not the £5.00 agreed to.",
                suggestion: "Run the command again with --refund 0.00 to cancel for that refund.")),
            .leave(.finished(.declined)),
        ]) {
            $0.waiting = false
            $0.step = .finished
        }
    }

    @Test func anotherRefundIsCheckedBeforeAnythingIsAsked() async throws {
        let booked = try await Booked()
        let booking = Booking(record: booked.record, order: booked.order)
        let quote = try await quote(booked)
        var start = quoting(booking, refund: 1, assumeYes: false)
        start.canAsk = true
        var store = TestStore<Reducer>(start)
        store.send(.quoted(.success(quote), now: quoteTime), effects: [
            .note(.progressEnded), .print(store.state.quoteBlocks(quote, booking: booking)),
            .note(.error(
                "Nothing was cancelled: cancelling now refunds £372.50, not the £1.00 agreed to.",
                suggestion: "Run the command again with --refund 372.50 to cancel for that refund.")),
            .leave(.finished(.declined)),
        ]) {
            $0.waiting = false
            $0.step = .finished
        }
    }

    // MARK: Through the runner

    @Test func asJSONAnotherRefundWritesTheQuoteAndCancelsNothing() async throws {
        let booked = try await Booked()
        let h = Harness(
            FlightBookingsInput(request: .cancel(reference: "ERDAH6"), presentation: .json, assumeYes: true, acceptedTotal: 400),
            orders: booked.orders, store: booked.store)
        await h.appear()
        let quote = try DuffelJSON.decoder().decode(OrderCancellation.self, from: Data(h.terminal.output.utf8))
        #expect(!quote.isConfirmed)
        #expect(quote.refundAmount == Money(amount: 372.5, currency: "GBP"))
        #expect(h.text.contains("✗ Nothing was cancelled: cancelling now refunds £372.50, not the £400.00 agreed to."))
        #expect(h.router.exits == [.finished(.declined)])
        #expect(booked.orders.orders.first?.cancelledAt == nil)
        #expect(try booked.store.record(reference: "ERDAH6")?.state == .confirmed)
    }

    @Test func asJSONTheAgreedRefundCancels() async throws {
        let booked = try await Booked()
        let h = Harness(
            FlightBookingsInput(request: .cancel(reference: "ERDAH6"), presentation: .json, assumeYes: true, acceptedTotal: 372.5),
            orders: booked.orders, store: booked.store)
        await h.appear()
        let cancellation = try DuffelJSON.decoder().decode(OrderCancellation.self, from: Data(h.terminal.output.utf8))
        #expect(cancellation.isConfirmed)
        #expect(h.router.exits == [.finished(.done)])
        #expect(try booked.store.record(reference: "ERDAH6")?.state == .cancelled)
    }
}
