import Entities
import Foundation
import Testing

/// `flights cancel REF --refund AMOUNT` on the real binary against its embedded sandbox: a quote that refunds
/// anything else cancels nothing (exit 2, the quote as JSON on the output and the refund now said); the refund
/// agreed cancels. The sandbox's own orders are checked.
@Suite struct CancelRefundTests {
    @Test func anotherRefundCancelsNothingAndTheAgreedOneCancels() async throws {
        try await FlightsApp.withFreshData { app in
            let order = try await AddBagsCommandTests.book(app, hold: false)
            let reference = order.bookingReference

            let other = try await app.run(["cancel", reference, "--yes", "--refund", "1.00", "--json"])
            #expect(other.status == 2, "\(other)")
            let quote = try DuffelJSON.decoder().decode(OrderCancellation.self, from: Data(other.output.utf8))
            #expect(!quote.isConfirmed, "\(other)")
            let refund = try #require(quote.refundAmount, "\(other)")
            #expect(other.said.contains("Nothing was cancelled: cancelling now refunds"), "\(other)")
            #expect(other.said.contains("--refund \(refund.wireAmount)"), "\(other)")
            #expect(try await SandboxOrders.all(in: app.sandboxDirectory).first?.cancelledAt == nil, "cancelled at another refund")
            #expect(try await BookingLifecycleTests.records(app).map(\.state) == [.confirmed])

            let cancelled = try await app.run(["cancel", reference, "--yes", "--refund", refund.wireAmount])
            #expect(cancelled.status == 0, "\(cancelled)")
            #expect(cancelled.output.contains("is cancelled"), "\(cancelled)")
            #expect(try await SandboxOrders.all(in: app.sandboxDirectory).first?.cancelledAt != nil)
            #expect(try await BookingLifecycleTests.records(app).map(\.state) == [.cancelled])
        }
    }

    @Test func anUnpaidHoldIsCancelledAtARefundOfNothing() async throws {
        try await FlightsApp.withFreshData { app in
            let order = try await AddBagsCommandTests.book(app, hold: true)

            let other = try await app.run(["cancel", order.bookingReference, "--yes", "--refund", "10"])
            #expect(other.status == 2, "\(other)")
            #expect(other.said.contains("--refund 0"), "\(other)")
            #expect(try await SandboxOrders.all(in: app.sandboxDirectory).first?.cancelledAt == nil, "cancelled at another refund")

            let cancelled = try await app.run(["cancel", order.bookingReference, "--yes", "--refund", "0"])
            #expect(cancelled.status == 0, "\(cancelled)")
            #expect(try await SandboxOrders.all(in: app.sandboxDirectory).first?.cancelledAt != nil)
        }
    }
}
