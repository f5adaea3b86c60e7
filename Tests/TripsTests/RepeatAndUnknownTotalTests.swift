import Entities
import FixtureServices
import Foundation
import Services
import Testing
import Trips

/// What a review of the core found, each now held: a booking already made under its key is found rather than sent
/// again; a total that is not known is never agreed to.
@Suite("Repeats and totals not known")
struct RepeatAndUnknownTotalTests {
    @Test func aBookingMadeIsFoundWhenTheSameUseCaseIsAskedAgain() async throws {
        let fixture = FixtureTrip()
        let booking = fixture.bookOffer()
        let request = try fixture.request(.instant)
        guard case .booked(let order, recovered: false, _) = await booking.book(request) else {
            Issue.record("expected a booking")
            return
        }
        let again = await booking.book(request)
        #expect(again == .booked(order, recovered: true, storeProblem: nil))
        #expect(fixture.orders.count("createOrder") == 1)
        #expect(fixture.server.orders.count == 1)
    }

    @Test func aBookingMadeUnderAKeyIsFoundByAnotherUseCaseWithThatKey() async throws {
        let fixture = FixtureTrip()
        let request = try fixture.request(.instant)
        let first = BookOffer(fixture.trip, makeBookingKey: { "one-booking" })
        guard case .booked(let order, recovered: false, _) = await first.book(request) else {
            Issue.record("expected a booking")
            return
        }
        let second = BookOffer(fixture.trip, makeBookingKey: { "one-booking" })
        #expect(await second.book(request) == .booked(order, recovered: true, storeProblem: nil))
        #expect(fixture.orders.count("createOrder") == 1)
    }

    @Test func aBookingMadeThatCannotBeReadIsSaidMadeAndNothingIsSent() async throws {
        let fixture = FixtureTrip()
        let request = try fixture.request(.instant)
        let booking = BookOffer(fixture.trip, makeBookingKey: { "made-once" })
        _ = await booking.book(request)
        fixture.server.failReads(with: .timedOut)
        guard case .madeEarlier(let record, readProblem: .timedOut) = await booking.book(request) else {
            Issue.record("expected the booking said made")
            return
        }
        #expect(record.bookingKey == "made-once")
        #expect(record.state == .confirmed)
        #expect(fixture.orders.count("createOrder") == 1)
    }

    @Test func aHoldWhoseTotalIsNotKnownIsNotPaid() async throws {
        let fixture = FixtureTrip()
        var held = try await fixture.book(.hold)
        held.order?.totalAmount = nil
        let outcome = await PayHold(fixture.trip).pay(held, amount: Money(amount: 412.5, currency: "GBP"))
        guard case .failed = outcome else {
            Issue.record("expected nothing paid, got \(outcome)")
            return
        }
        #expect(fixture.orders.count("payOrder") == 0)
    }

    @Test func aChangeThatNamesNoTotalIsJudgedByItsOffer() async throws {
        let fixture = FixtureTrip()
        let booked = try await fixture.book()
        let order = try #require(booked.order)
        var change = try await fixture.pendingChange(of: booked)
        let total = try #require(change.changeTotalAmount)
        change.changeTotalAmount = nil
        let moved = try #require(OrderChangeRequestCreation(firstFlightOf: order, laterBy: 1))
        let offer = try await ChangeFlights(fixture.trip).search(moved).get().first { $0.changeTotalAmount == total }
        let flights = ChangeFlights(fixture.trip)
        // Another total than the offer's: refused, nothing paid.
        #expect(await flights.confirm(change, orderID: order.id, agreedTotal: total.amount - 5, offer: offer) == .priceChanged(change))
        // No total anywhere: an agreed total cannot be checked, so nothing is sent.
        guard case .failed = await flights.confirm(change, orderID: order.id, agreedTotal: total.amount) else {
            Issue.record("expected nothing confirmed without a total to check")
            return
        }
        #expect(fixture.changes.payments.isEmpty)
        #expect(fixture.server.orders.first?.slices == order.slices)
    }
}
