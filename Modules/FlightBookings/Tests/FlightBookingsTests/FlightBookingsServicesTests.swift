import Entities
import FixtureServices
import Foundation
import Services
import Testing
@testable import Trips
@testable import FlightBookings

@Suite("FlightBookings services")
struct FlightBookingsServicesTests {
    private func interactor(
        orders: any OrderService, store: any BookingStore, now: Date = quoteTime
    ) -> FlightBookingsServices {
        FlightBookingsServices(
            orders: orders, bookings: store, backend: "fixtures", now: { now }, timeZone: utc, lookupDelays: [.zero, .zero])
    }

    // MARK: The list

    @Test func pendingBookingsAreCheckedByTheirKeyWhenTheListOpens() async throws {
        let booked = try await Booked()
        // key-2's order was made but its answer was lost; key-3's never reached the airline; key-4 was made through
        // another API and is not this run's to check.
        let lateOrder = try await booked.orders.createOrder(orderBody(key: "key-2"))
        for (key, minutes, backend) in [("key-2", 30.0, "fixtures"), ("key-3", 40.0, "fixtures"), ("key-4", 50.0, "https://api.example.com")] {
            try booked.store.save(pendingRecord(key: key, at: orderTime.addingTimeInterval(minutes * 60), backend: backend))
        }
        let list = try await interactor(orders: booked.orders, store: booked.store).loadBookings().get()
        #expect(list.records.map(\.bookingKey) == ["key-4", "key-3", "key-2", "key-1"])
        #expect(list.records.map(\.state) == [.pending, .pending, .confirmed, .confirmed])
        #expect(list.records[2].bookingReference == lateOrder.bookingReference)
        #expect(list.reconciliations.count == 2)
        guard case .confirmed(let confirmed) = list.reconciliations[1], case .notFound(let missing) = list.reconciliations[0]
        else {
            Issue.record("expected key-3 not found and key-2 confirmed, got \(list.reconciliations)")
            return
        }
        #expect(confirmed.bookingKey == "key-2")
        #expect(missing.bookingKey == "key-3")
        #expect(try booked.store.record(key: "key-2")?.state == .confirmed)
        #expect(try booked.store.record(key: "key-3")?.state == .pending)
        #expect(booked.orders.lookups == [OrderQuery(limit: 50)])
    }

    @Test func nothingIsLookedUpWhenNothingIsPending() async throws {
        let booked = try await Booked()
        let list = try await interactor(orders: booked.orders, store: booked.store).loadBookings().get()
        #expect(list.records == [booked.record])
        #expect(booked.orders.lookups.isEmpty)
    }

    @Test func pendingBookingsStayPendingWhenTheLookupFails() async throws {
        let booked = try await Booked()
        try booked.store.save(pendingRecord(key: "key-2", at: orderTime))
        let flaky = booked.orders
        flaky.failReads(with: .timedOut)
        let list = try await interactor(orders: flaky, store: booked.store).loadBookings().get()
        #expect(list.reconciliations == [.lookupFailed([pendingRecord(key: "key-2", at: orderTime)], .timedOut)])
        #expect(try booked.store.record(key: "key-2")?.state == .pending)
    }

    @Test func aStoreThatCannotBeReadIsReported() async throws {
        let store = FixtureBookingStore()
        let failure = BookingStoreError.corrupt(path: "/home/ada/.local/share/flights/bookings.json", reason: "not JSON")
        store.fail(with: failure)
        let result = await interactor(orders: FixtureOrderService(), store: store).loadBookings()
        #expect(throws: failure) { try result.get() }
    }

    @Test func aPendingBookingStillNotFoundAnHourOnIsMarkedNotBookedNotPendingForEver() async throws {
        let booked = try await Booked()
        try booked.store.save(pendingRecord(key: "key-old", at: orderTime))
        try booked.store.save(pendingRecord(key: "key-new", at: orderTime.addingTimeInterval(3000)))
        let later = orderTime.addingTimeInterval(BookingLedger.pendingLapse + 60)
        let list = try await interactor(orders: booked.orders, store: booked.store, now: later).loadBookings().get()
        #expect(list.reconciliations.count == 2)
        let states = Dictionary(uniqueKeysWithValues: try booked.store.records().map { ($0.bookingKey, $0.state) })
        #expect(states == ["key-1": .confirmed, "key-old": .failed, "key-new": .pending])
        #expect(list.records.first { $0.bookingKey == "key-old" }?.state == .failed)
    }

    // MARK: One booking

    @Test func aBookingIsFoundByReferenceInAnyCaseAndRefreshed() async throws {
        let booked = try await Booked()
        guard case .found(let booking) = await interactor(orders: booked.orders, store: booked.store).booking(reference: " erdah6 ")
        else {
            Issue.record("expected the booking")
            return
        }
        #expect(booking.order == booked.order)
        #expect(booking.record == booked.record)
        #expect(booking.refreshProblem == nil)
        // Nothing changed, so nothing was written.
        #expect(booked.store.saves.isEmpty)
    }

    @Test func theLocalRecordFollowsTheAPI() async throws {
        let booked = try await Booked()
        // Cancelled elsewhere (on the airline's site, say): the API knows, the record does not yet.
        let quote = try await booked.orders.quoteCancellation(orderID: booked.order.id)
        _ = try await booked.orders.confirmCancellation(id: quote.id)
        let booking = await interactor(orders: booked.orders, store: booked.store).refresh(booked.record)
        #expect(booking.order?.status == .cancelled)
        #expect(booking.record?.state == .cancelled)
        #expect(booked.store.saves.map(\.state) == [.cancelled])
    }

    @Test func aPendingRecordIsLookedForByItsKey() async throws {
        let orders = FixtureOrderService()
        let order = try await orders.createOrder(orderBody(key: "key-9"))
        let store = FixtureBookingStore(records: [pendingRecord(key: "key-9", at: orderTime)])
        let booking = await interactor(orders: orders, store: store).refresh(pendingRecord(key: "key-9", at: orderTime))
        #expect(booking.order == order)
        #expect(try store.record(key: "key-9")?.orderID == order.id)
    }

    @Test func aBookingKeptOnlyAtTheFlightServiceIsFound() async throws {
        let orders = FixtureOrderService()
        let order = try await orders.createOrder(orderBody(key: "elsewhere"))
        guard case .found(let booking) = await interactor(orders: orders, store: FixtureBookingStore()).booking(reference: "ERDAH6")
        else {
            Issue.record("expected the booking")
            return
        }
        #expect(booking.record == nil)
        #expect(booking.order == order)
        #expect(orders.lookups == [OrderQuery(bookingReference: "ERDAH6")])
    }

    @Test func anUnknownReferenceIsNotFound() async throws {
        let booked = try await Booked()
        let lookup = await interactor(orders: booked.orders, store: booked.store).booking(reference: "ZZZZZZ")
        #expect(lookup == .notFound)
    }

    @Test func aRefreshThatFailsKeepsTheRecordAndSaysWhy() async throws {
        let booked = try await Booked()
        let flaky = booked.orders
        flaky.failReads(with: .cannotConnect("connection refused"))
        let booking = await interactor(orders: flaky, store: booked.store).refresh(booked.record)
        #expect(booking.record == booked.record)
        #expect(booking.order == nil)
        #expect(booking.refreshProblem == .cannotConnect("connection refused"))
    }

    @Test func aRecordOfAnotherAPIIsNotLookedUp() async throws {
        let booked = try await Booked()
        var other = booked.record
        other.backend = "https://api.example.com"
        let booking = await interactor(orders: booked.orders, store: booked.store).refresh(other)
        #expect(booking.otherBackend == "https://api.example.com")
        #expect(booking.order == nil)
    }

    // MARK: Cancelling

    @Test func whyABookingCannotBeCancelled() async throws {
        let booked = try await Booked()
        #expect(Booking(record: booked.record, order: booked.order).cancellationBlocker == nil)

        var noCancel = booked.order
        noCancel.availableActions = [.change]
        #expect(Booking(order: noCancel).cancellationBlocker == .notAllowed([.change]))

        var cancelled = booked.order
        cancelled.cancelledAt = quoteTime
        cancelled.availableActions = []
        #expect(Booking(order: cancelled).cancellationBlocker == .alreadyCancelled(quoteTime))
        cancelled.availableActions = nil
        #expect(Booking(order: cancelled).cancellationBlocker == .alreadyCancelled(quoteTime))
        // An order that says both (Duffel's own examples do) is asked: the API answers the quote.
        cancelled.availableActions = [.cancel]
        #expect(Booking(order: cancelled).cancellationBlocker == nil)

        var unstated = booked.order
        unstated.availableActions = nil
        #expect(Booking(order: unstated).cancellationBlocker == nil)

        var refused = pendingRecord(key: "key-2", at: orderTime)
        refused.state = .failed
        #expect(Booking(record: refused).cancellationBlocker == .neverBooked)
        #expect(Booking(record: pendingRecord(key: "key-3", at: orderTime)).cancellationBlocker == .neverConfirmed)
        #expect(Booking(record: booked.record, refreshProblem: .timedOut).cancellationBlocker == .unreadable(.timedOut))
        #expect(Booking(record: booked.record, otherBackend: "elsewhere").cancellationBlocker == .otherBackend("elsewhere"))
    }

    @Test func aConfirmedCancellationUpdatesTheRecord() async throws {
        let booked = try await Booked()
        let bookings = interactor(orders: booked.orders, store: booked.store)
        let quote = try await bookings.quoteCancellation(orderID: booked.order.id).get()
        #expect(quote.refundAmount == Money(amount: 372.5, currency: "GBP"))
        #expect(!quote.hasExpired(at: bookings.now))
        let done = try #require(await bookings.confirmCancellation(quote, of: Booking(record: booked.record, order: booked.order)).done)
        #expect(done.cancellation.isConfirmed)
        #expect(done.booking.order?.status == .cancelled)
        #expect(try booked.store.record(reference: "ERDAH6")?.state == .cancelled)
    }

    @Test func aCancellationWhoseOrderCannotBeReadAgainStillMarksTheRecord() async throws {
        let booked = try await Booked()
        let flaky = booked.orders
        let bookings = interactor(orders: flaky, store: booked.store)
        let quote = try await bookings.quoteCancellation(orderID: booked.order.id).get()
        flaky.failReads(with: .timedOut)
        let done = try #require(await bookings.confirmCancellation(quote, of: Booking(record: booked.record, order: booked.order)).done)
        #expect(done.booking.refreshProblem == .timedOut)
        #expect(done.booking.order?.status == .cancelled)
        #expect(try booked.store.record(reference: "ERDAH6")?.state == .cancelled)
    }

    @Test func aQuotePastItsExpiryIsExpired() async throws {
        let booked = try await Booked()
        let bookings = interactor(orders: booked.orders, store: booked.store, now: afterQuoteExpiry)
        let quote = try await bookings.quoteCancellation(orderID: booked.order.id).get()
        #expect(quote.hasExpired(at: bookings.now))
    }

    @Test func aRefusedCancellationIsReported() async throws {
        let booked = try await Booked()
        booked.orders.replyQuotes(with: .file(.errorInvalidState))
        let result = await interactor(orders: booked.orders, store: booked.store).quoteCancellation(orderID: booked.order.id)
        #expect(throws: FixtureFile.errorInvalidState.error) { try result.get() }
    }

    @Test func aLostConfirmationIsResolvedByReadingTheOrderNeverByConfirmingAgain() async throws {
        let booked = try await Booked()
        let bookings = interactor(orders: booked.orders, store: booked.store)
        let quote = try await bookings.quoteCancellation(orderID: booked.order.id).get()
        booked.orders.loseConfirmationAnswers(.malformedResponse("cut off"))
        let outcome = await bookings.confirmCancellation(quote, of: Booking(record: booked.record, order: booked.order))
        guard case .cancelled(let done, recovered: true) = outcome else {
            Issue.record("expected a recovered cancellation, got \(outcome)")
            return
        }
        #expect(done.cancellation.isConfirmed)
        #expect(done.booking.order?.cancelledAt != nil)
        #expect(try booked.store.record(reference: "ERDAH6")?.state == .cancelled)
    }

    @Test func aLostConfirmationOfAnOrderStillBookedIsNotCancelled() async throws {
        let booked = try await Booked()
        let bookings = interactor(orders: booked.orders, store: booked.store)
        let quote = try await bookings.quoteCancellation(orderID: booked.order.id).get()
        booked.orders.replyConfirmations(with: .failure(.timedOut))
        let outcome = await bookings.confirmCancellation(quote, of: Booking(record: booked.record, order: booked.order))
        #expect(outcome == .notCancelled(.timedOut))
        #expect(try booked.store.record(reference: "ERDAH6")?.state == .confirmed)
    }

    @Test func aLostConfirmationWhoseOrderCannotBeReadIsUnknownNotRefused() async throws {
        let booked = try await Booked()
        let bookings = interactor(orders: booked.orders, store: booked.store)
        let quote = try await bookings.quoteCancellation(orderID: booked.order.id).get()
        booked.orders.loseConfirmationAnswers(.timedOut)
        booked.orders.failReads(with: .cannotConnect("refused"))
        let outcome = await bookings.confirmCancellation(quote, of: Booking(record: booked.record, order: booked.order))
        #expect(outcome == .unknown(.timedOut, lookup: .cannotConnect("refused")))
    }

    @Test func aRefusedConfirmationOfAnOrderStillBookedIsNotCancelled() async throws {
        let booked = try await Booked()
        let bookings = interactor(orders: booked.orders, store: booked.store)
        let quote = try await bookings.quoteCancellation(orderID: booked.order.id).get()
        booked.orders.replyConfirmations(with: .file(.errorInvalidState))
        let outcome = await bookings.confirmCancellation(quote, of: Booking(record: booked.record, order: booked.order))
        #expect(outcome == .notCancelled(FixtureFile.errorInvalidState.error))
        #expect(try booked.store.record(reference: "ERDAH6")?.state == .confirmed)
    }

    @Test func aConfirmationAnsweredAlreadyDoneIsTheCancellationWeMade() async throws {
        // The shape of a 429 after the cancellation was confirmed: the client waits it out, sends the confirmation
        // again, and the API answers that it was confirmed already. The order says it is cancelled: that is success.
        let booked = try await Booked()
        let bookings = interactor(orders: booked.orders, store: booked.store)
        let quote = try await bookings.quoteCancellation(orderID: booked.order.id).get()
        booked.orders.loseConfirmationAnswers(FixtureFile.errorInvalidState.error)
        let outcome = await bookings.confirmCancellation(quote, of: Booking(record: booked.record, order: booked.order))
        guard case .cancelled(let done, recovered: true) = outcome else {
            Issue.record("expected the cancellation made to be found, got \(outcome)")
            return
        }
        #expect(done.booking.order?.cancelledAt != nil)
        #expect(try booked.store.record(reference: "ERDAH6")?.state == .cancelled)
    }

    @Test func aRefusedConfirmationWhoseOrderCannotBeReadIsUnknownNotRefused() async throws {
        let booked = try await Booked()
        let bookings = interactor(orders: booked.orders, store: booked.store)
        let quote = try await bookings.quoteCancellation(orderID: booked.order.id).get()
        booked.orders.replyConfirmations(with: .file(.errorInvalidState))
        booked.orders.failReads(with: .timedOut)
        let outcome = await bookings.confirmCancellation(quote, of: Booking(record: booked.record, order: booked.order))
        #expect(outcome == .unknown(FixtureFile.errorInvalidState.error, lookup: .timedOut))
    }
}
