import Entities
import FixtureServices
import Foundation
import Services
import Testing

/// Services' booking ledger, the one place pending bookings are settled, against the fixture order service and store.
@Suite("BookingLedger settles pending bookings by their keys")
struct BookingLedgerTests {
    static let sent = Date(timeIntervalSince1970: 1_795_342_800)

    static func pending(_ key: String, offer: String = "off_1", expiresIn: TimeInterval? = nil) -> BookingRecord {
        var record = BookingRecord(
            bookingKey: key, offerID: offer, backend: "fixtures", legs: [], passengers: ["Imogen Fairweather"],
            total: Money(amount: 412.5, currency: "GBP"), state: .pending, createdAt: sent, updatedAt: sent)
        record.offerExpiresAt = expiresIn.map { sent.addingTimeInterval($0) }
        return record
    }

    /// An order made under `key`, as if its answer had been lost.
    static func made(_ key: String, in orders: FixtureOrderService) async throws {
        orders.replyCreates(with: .bookThenFail(.timedOut))
        let creation = OrderCreation(
            type: .instant, selectedOffers: ["off_1"], passengers: [], payments: [],
            metadata: [OrderCreation.bookingKeyMetadata: key])
        await #expect(throws: ServiceError.timedOut) { try await orders.createOrder(creation) }
    }

    @Test("found is booked, lapsed is not booked, the rest stays pending; each written once")
    func outcomes() async throws {
        let orders = FixtureOrderService()
        try await Self.made("made", in: orders)
        let records = [
            Self.pending("made"), Self.pending("expired", expiresIn: 300), Self.pending("selling", expiresIn: 600),
            Self.pending("taken", offer: "off_2"),
        ]
        let store = FixtureBookingStore(records: records)
        let ledger = BookingLedger(orders: orders, store: store, now: { Self.sent.addingTimeInterval(1_000) })

        let result = await ledger.reconcile(records, offersTaken: ["off_2"])

        #expect(result.outcomes.count == 4)
        guard case .confirmed(let confirmed) = result.outcomes.first else {
            Issue.record("expected the first confirmed, got \(result.outcomes)")
            return
        }
        #expect(confirmed.state == .confirmed && confirmed.bookingReference != nil)
        #expect(result.outcomes.dropFirst() == [.notFound(records[1]), .notFound(records[2]), .notFound(records[3])])
        #expect(Dictionary(uniqueKeysWithValues: store.saves.map { ($0.bookingKey, $0.state) })
            == ["made": .confirmed, "expired": .failed, "taken": .failed])
        #expect(result.applied(to: records).map(\.state) == [.confirmed, .failed, .pending, .failed])
        #expect(result.storeProblem == nil)
    }

    @Test("orders that cannot be read leave every booking pending and say why; nothing is written")
    func lookupFails() async {
        let orders = FixtureOrderService()
        orders.failReads(with: .timedOut)
        let records = [Self.pending("a", expiresIn: 0)]
        let store = FixtureBookingStore(records: records)
        let result = await BookingLedger(orders: orders, store: store, now: { Self.sent.addingTimeInterval(7_200) })
            .reconcile(records)
        #expect(result.outcomes == [.lookupFailed(records, .timedOut)])
        #expect(store.saves.isEmpty)
        #expect(result.applied(to: records) == records)
    }

    @Test("a record learnt about that cannot be written back is reported, and still returned as learnt")
    func storeFails() async throws {
        let orders = FixtureOrderService()
        try await Self.made("made", in: orders)
        let records = [Self.pending("made")]
        let store = FixtureBookingStore(records: records)
        let failure = BookingStoreError.io(path: "bookings.json", reason: "no space left on device")
        store.failSaves(with: failure, after: 0)
        let result = await BookingLedger(orders: orders, store: store, now: { Self.sent }).reconcile(records)
        #expect(result.storeProblem == failure)
        #expect(result.applied(to: records).map(\.state) == [.confirmed])
    }

    @Test("nothing pending asks nothing")
    func nothingPending() async {
        let orders = FixtureOrderService()
        let result = await BookingLedger(orders: orders, store: FixtureBookingStore(), now: { Self.sent }).reconcile([])
        #expect(result.outcomes.isEmpty)
        #expect(orders.lookups.isEmpty)
    }
}
