import Entities
import Foundation
import Services
import Testing
import Trips

/// The trip's core over real HTTP against the in-process sandbox, with the real bookings file.
@Suite("The trip against the sandbox")
struct SandboxTripTests {
    @Test func searchBookListFindAndCancel() async throws {
        try await SandboxTrip.run { sandbox in
            let trip = sandbox.process()
            let offers = try #require(trip.offers)
            let search = sandbox.search("LHR", "AMS")
            let offer = try #require(try await offers.search(search).offers.first)

            let booking = BookOffer(trip)
            let request = sandbox.request(offer, .instant, search: search)
            let attempt = await booking.book(request, agreedTotal: offer.totalAmount.amount)
            guard case .booked(let order, recovered: false, storeProblem: nil) = attempt else {
                Issue.record("expected a booking, got \(attempt)")
                return
            }
            let key = try #require(booking.bookingKey)
            #expect(order.metadata?[OrderCreation.bookingKeyMetadata] == key)
            #expect(order.totalAmount == offer.totalAmount)

            let list = try await ListBookings(trip).list().get()
            let listed = try #require(list.records.first { $0.bookingKey == key })
            #expect(listed.state == .confirmed)
            #expect(listed.orderID == order.id)
            #expect(listed.bookingReference == order.bookingReference)
            #expect(list.reconciliations.isEmpty)

            // Found by its reference as a person types it.
            let typed = order.bookingReference.lowercased()
            guard case .found(let found) = await ListBookings(trip).booking(reference: typed) else {
                Issue.record("expected booking \(order.bookingReference) found")
                return
            }
            #expect(found.order?.id == order.id)
            #expect(found.record?.bookingKey == key)
            #expect(found.cancellationBlocker == nil)

            let cancel = CancelBooking(trip)
            let quote = try await cancel.quote(orderID: order.id).get()
            #expect(quote.orderId == order.id)
            let outcome = await cancel.confirm(quote, of: found, agreedRefund: quote.refundOrZero.amount)
            guard case .cancelled(let done, recovered: false) = outcome else {
                Issue.record("expected the booking cancelled, got \(outcome)")
                return
            }
            #expect(done.booking.record?.state == .cancelled)
            #expect(try await trip.orders.order(id: order.id).cancelledAt != nil)
            #expect(try sandbox.records().map(\.state) == [.cancelled])
            #expect(sandbox.wire.count("POST /air/orders") == 1)
            #expect(sandbox.wire.confirmations(of: "order_cancellations") == 1)
        }
    }

    /// Two runs of the app (two processes: nothing shared but the server and the bookings file) booking the same
    /// request under the same key, as a tool's call sent again would: the second finds the first's order by its
    /// key, whether the first heard its answer or lost it, sends nothing, and the server keeps one order.
    @Test(arguments: [false, true])
    func theSameBookingKeyFromTwoProcessesMakesOneOrder(firstAnswerLost: Bool) async throws {
        try await SandboxTrip.run(faults: firstAnswerLost ? "after=500,times=1,on=POST:/air/orders" : nil) { sandbox in
            let search = sandbox.search("LHR", "CDG")
            let offer = try #require(try await sandbox.client().offerService.search(search).offers.first)
            let request = sandbox.request(offer, .instant, search: search)
            let key = "same-request-\(UUID().uuidString)"
            let first = BookOffer(sandbox.process(), makeBookingKey: { key })
            let second = BookOffer(sandbox.process(), makeBookingKey: { key })

            let firstAttempt = await first.book(request, agreedTotal: offer.totalAmount.amount)
            guard case .booked(let order, let recovered, storeProblem: nil) = firstAttempt else {
                Issue.record("expected the first booking made, got \(firstAttempt)")
                return
            }
            #expect(recovered == firstAnswerLost)

            let secondAttempt = await second.book(request, agreedTotal: offer.totalAmount.amount)
            guard case .booked(let again, recovered: true, storeProblem: nil) = secondAttempt else {
                Issue.record("expected the second to find the first's order, got \(secondAttempt)")
                return
            }
            #expect(again.id == order.id)
            #expect(try await sandbox.orders(withKey: key).map(\.id) == [order.id])
            // The second read the first's record under the key in the bookings file, and sent nothing.
            #expect(sandbox.wire.count("POST /air/orders") == 1)
            let records = try sandbox.records()
            #expect(records.map(\.bookingKey) == [key])
            #expect(records.map(\.state) == [.confirmed])
            #expect(records.map(\.orderID) == [order.id])
        }
    }

    /// An explicit retry after a lost answer (`lookUpFirst`) looks before it sends: nothing is sent again.
    @Test func aRetryAfterALostAnswerLooksFirstAndSendsNothing() async throws {
        try await SandboxTrip.run(faults: "after=500,times=1,on=POST:/air/orders") { sandbox in
            let search = sandbox.search("LHR", "CDG")
            let offer = try #require(try await sandbox.client().offerService.search(search).offers.first)
            var request = sandbox.request(offer, .instant, search: search)
            let key = "retried-\(UUID().uuidString)"
            _ = await BookOffer(sandbox.process(), makeBookingKey: { key }).book(request)
            request.lookUpFirst = true
            let retry = await BookOffer(sandbox.process(), makeBookingKey: { key }).book(request)
            guard case .booked(let order, recovered: true, storeProblem: nil) = retry else {
                Issue.record("expected the order found, got \(retry)")
                return
            }
            #expect(try await sandbox.orders(withKey: key).map(\.id) == [order.id])
            #expect(sandbox.wire.count("POST /air/orders") == 1)
            #expect(try sandbox.records().map(\.state) == [.confirmed])
        }
    }
}
