import Entities
import Foundation
import Services
import Testing
import Trips

/// Lost answers over real HTTP: the sandbox does the work, then answers 500 (or answers too late for the client),
/// as a proxy or a slow airline in front of an API that already acted would. The core reads the result back, reports
/// it done, and the write is on the wire once.
@Suite("Lost answers against the sandbox")
struct SandboxLostAnswerTests {
    /// A 500 after the order was made, and an answer held back until after the client gave up on it (only the
    /// order's request gives up early: the reads around it keep the usual deadline on a loaded machine).
    @Test(arguments: ["after=500,times=1,on=POST:/air/orders", "late=4s,times=1,on=POST:/air/orders"])
    func aBookingWhoseAnswerWasLostIsFoundByItsKey(faults: String) async throws {
        try await SandboxTrip.run(faults: faults, timeouts: ["POST /air/orders": .seconds(2)]) { sandbox in
            let trip = sandbox.process()
            let search = sandbox.search("LHR", "CDG")
            let offer = try #require(try await sandbox.client().offerService.search(search).offers.first)
            let booking = BookOffer(trip)
            let request = sandbox.request(offer, .instant, search: search)
            let attempt = await booking.book(request, agreedTotal: offer.totalAmount.amount)
            guard case .booked(let order, recovered: true, storeProblem: nil) = attempt else {
                Issue.record("expected the booking found again, got \(attempt)")
                return
            }
            let key = try #require(booking.bookingKey)
            #expect(try await sandbox.orders(withKey: key).map(\.id) == [order.id])
            #expect(sandbox.wire.count("POST /air/orders") == 1)
            #expect(try sandbox.records().map(\.state) == [.confirmed])
        }
    }

    @Test func aPaymentWhoseAnswerWasLostIsFoundPaid() async throws {
        try await SandboxTrip.run(faults: "after=500,times=1,on=POST:/air/payments") { sandbox in
            let trip = sandbox.process()
            // JFK → EWR: the scenario whose offers can only be held.
            let search = sandbox.search("JFK", "EWR")
            let offer = try #require(try await sandbox.client().offerService.search(search).offers.first)
            let attempt = await BookOffer(trip).book(sandbox.request(offer, .hold, search: search))
            guard case .booked(let order, recovered: false, storeProblem: nil) = attempt else {
                Issue.record("expected a hold, got \(attempt)")
                return
            }
            let record = try #require(try sandbox.records().first)
            #expect(record.state == .awaitingPayment)
            let held = Booking(record: record, order: order)
            let total = try #require(order.totalAmount)

            let outcome = await PayHold(trip).pay(held, amount: total)
            guard case .paid(nil, let paid) = outcome else {
                Issue.record("expected the hold found paid, got \(outcome)")
                return
            }
            #expect(paid.order?.paymentStatus.awaitingPayment == false)
            #expect(try await trip.orders.order(id: order.id).paymentStatus.awaitingPayment == false)
            #expect(sandbox.wire.count("POST /air/payments") == 1)
            #expect(try sandbox.records().map(\.state) == [.confirmed])
        }
    }

    @Test func aCancellationWhoseAnswerWasLostIsFoundCancelled() async throws {
        let faults = "after=500,times=1,on=POST:/air/order_cancellations/*/actions/confirm"
        try await SandboxTrip.run(faults: faults) { sandbox in
            let trip = sandbox.process()
            let (order, booked) = try await Self.bookInstant(sandbox, trip, "LHR", "AMS")
            let cancel = CancelBooking(trip)
            let quote = try await cancel.quote(orderID: order.id).get()
            let outcome = await cancel.confirm(quote, of: booked, agreedRefund: quote.refundOrZero.amount)
            guard case .cancelled(let done, recovered: true) = outcome else {
                Issue.record("expected the order found cancelled, got \(outcome)")
                return
            }
            #expect(done.booking.order?.cancelledAt != nil)
            #expect(sandbox.wire.confirmations(of: "order_cancellations") == 1)
            #expect(try sandbox.records().map(\.state) == [.cancelled])
        }
    }

    @Test func aChangeWhoseAnswerWasLostIsFoundConfirmed() async throws {
        try await SandboxTrip.run(faults: "after=500,times=1,on=POST:/air/order_changes/*/actions/confirm") { sandbox in
            let trip = sandbox.process()
            let (order, _) = try await Self.bookInstant(sandbox, trip, "LHR", "JFK") {
                $0.conditions.changeBeforeDeparture?.allowed == true
            }
            let moved = try #require(OrderChangeRequestCreation(firstFlightOf: order, laterBy: 3))
            let flights = ChangeFlights(trip)
            let offers = try await flights.search(moved).get()
            let chosen = try #require(offers.first)
            guard case .ready(_, let change) = await flights.recheck(chosen.id) else {
                Issue.record("expected change offer \(chosen.id) made into a change")
                return
            }
            let total = change.changeTotalAmount?.amount
            let outcome = await flights.confirm(change, orderID: order.id, agreedTotal: total)
            guard case .changed(let confirmed, let after, recovered: true) = outcome else {
                Issue.record("expected the change found confirmed, got \(outcome)")
                return
            }
            #expect(confirmed.isConfirmed)
            #expect(after?.slices.map(\.id) == change.slices.add.map(\.id))
            #expect(sandbox.wire.confirmations(of: "order_changes") == 1)
        }
    }

    /// An instant booking of the first offer `choose` takes on the route, a month ahead, through the core.
    private static func bookInstant(
        _ sandbox: SandboxTrip, _ trip: TripServices, _ origin: String, _ destination: String,
        choose: (Offer) -> Bool = { _ in true }
    ) async throws -> (Order, Booking) {
        let search = sandbox.search(origin, destination)
        let offer = try #require(try await sandbox.client().offerService.search(search).offers.first(where: choose))
        let booking = BookOffer(trip)
        let attempt = await booking.book(sandbox.request(offer, .instant, search: search))
        guard case .booked(let order, recovered: false, storeProblem: nil) = attempt, let key = booking.bookingKey
        else {
            throw Unexpected("expected a booking, got \(attempt)")
        }
        return (order, Booking(record: try sandbox.records().first { $0.bookingKey == key }, order: order))
    }
}
