import Entities
import FixtureServices
import Foundation
import Services
import Testing
import Trips

/// A call that changes something, acted on by the server but whose answer never came back (a timeout, a 5xx after
/// the work was done): the core reads the result back and reports it done, and never sends the call a second time.
@Suite("Lost answers: read back, never sent twice")
struct LostAnswerTests {
    /// A timeout, the API's own 5xx, and a proxy's 502 page: each may follow a call the server acted on.
    static let lostAnswers: [ServiceError] = [
        .timedOut, FixtureFile.errorAPI.error, .unexpectedStatus(code: 502, body: "<html>Bad gateway</html>"),
    ]

    @Test(arguments: lostAnswers)
    func aBookingWhoseAnswerWasLostIsFoundByItsKey(_ lost: ServiceError) async throws {
        let fixture = FixtureTrip()
        fixture.server.replyCreates(with: .bookThenFail(lost))
        let booking = fixture.bookOffer()
        let attempt = await booking.book(try fixture.request(.instant))
        guard case .booked(let order, recovered: true, storeProblem: nil) = attempt else {
            Issue.record("expected the booking found again, got \(attempt)")
            return
        }
        #expect(fixture.orders.count("createOrder") == 1)
        #expect(fixture.server.orders.map(\.id) == [order.id])
        let key = try #require(booking.bookingKey)
        #expect(order.metadata?[OrderCreation.bookingKeyMetadata] == key)
        // Pending before the order left, then confirmed with what the look-up found.
        #expect(fixture.store.saves.map(\.state) == [.pending, .confirmed])
        let record = try #require(try fixture.store.record(key: key))
        #expect(record.orderID == order.id)
        #expect(record.bookingReference == order.bookingReference)
    }

    @Test(arguments: lostAnswers)
    func aPaymentWhoseAnswerWasLostIsFoundPaid(_ lost: ServiceError) async throws {
        let fixture = FixtureTrip()
        let held = try await fixture.book(.hold)
        let total = try #require(held.order?.totalAmount)
        fixture.server.losePaymentAnswers(lost)
        let outcome = await PayHold(fixture.trip).pay(held, amount: total)
        guard case .paid(let payment, let booking) = outcome else {
            Issue.record("expected the hold found paid, got \(outcome)")
            return
        }
        // No payment came back: the order read again is the proof.
        #expect(payment == nil)
        #expect(booking.order?.paymentStatus.awaitingPayment == false)
        #expect(fixture.orders.count("payOrder") == 1)
        #expect(fixture.server.payments.map(\.payment.amount) == [total])
        let key = try #require(held.record?.bookingKey)
        #expect(try fixture.store.record(key: key)?.state == .confirmed)
    }

    @Test(arguments: lostAnswers)
    func aCancellationWhoseAnswerWasLostIsFoundCancelled(_ lost: ServiceError) async throws {
        let fixture = FixtureTrip()
        let booked = try await fixture.book()
        let orderID = try #require(booked.order?.id)
        let cancel = CancelBooking(fixture.trip)
        let quote = try await cancel.quote(orderID: orderID).get()
        fixture.server.loseConfirmationAnswers(lost)
        let outcome = await cancel.confirm(quote, of: booked, agreedRefund: quote.refundOrZero.amount)
        guard case .cancelled(let done, recovered: true) = outcome else {
            Issue.record("expected the order found cancelled, got \(outcome)")
            return
        }
        #expect(fixture.orders.count("confirmCancellation") == 1)
        #expect(done.booking.order?.cancelledAt != nil)
        #expect(done.cancellation.confirmedAt != nil)
        let key = try #require(booked.record?.bookingKey)
        #expect(try fixture.store.record(key: key)?.state == .cancelled)
    }

    @Test(arguments: lostAnswers)
    func aChangeWhoseAnswerWasLostIsFoundConfirmed(_ lost: ServiceError) async throws {
        let fixture = FixtureTrip()
        let booked = try await fixture.book()
        let orderID = try #require(booked.order?.id)
        let change = try await fixture.pendingChange(of: booked)
        let total = try #require(change.changeTotalAmount)
        fixture.changes.loseConfirmationAnswers(lost)
        let outcome = await ChangeFlights(fixture.trip).confirm(change, orderID: orderID, agreedTotal: total.amount)
        guard case .changed(let confirmed, let order, recovered: true) = outcome else {
            Issue.record("expected the change found confirmed, got \(outcome)")
            return
        }
        #expect(confirmed.id == change.id)
        #expect(confirmed.isConfirmed)
        #expect(fixture.changes.payments == [Payment(amount: total)])
        #expect(order?.slices.map(\.id) == change.slices.add.map(\.id))
    }

    /// The other side of the rule: a call the server refused (a 4xx) is not looked for, and reported as refused.
    @Test func aBookingTheServerRefusedIsNotLookedFor() async throws {
        let fixture = FixtureTrip()
        fixture.server.replyCreates(with: .failure(FixtureFile.errorOfferNoLongerAvailable.error))
        let attempt = await fixture.bookOffer().book(try fixture.request(.instant))
        guard case .refused(let error, storeProblem: nil) = attempt else {
            Issue.record("expected a refusal, got \(attempt)")
            return
        }
        #expect(error.has(.offerNoLongerAvailable))
        #expect(fixture.orders.count("createOrder") == 1)
        #expect(fixture.orders.count("orders") == 0)
        #expect(fixture.store.saves.map(\.state) == [.pending, .failed])
    }
}
