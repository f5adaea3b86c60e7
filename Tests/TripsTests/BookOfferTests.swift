import Entities
import FixtureServices
import Foundation
import LocalStore
import Services
import Testing
import Trips

/// Booking through the core: no order leaves without its record on disk, and an instant order the API says awaits
/// payment is kept as paid, as it was paid with the order.
@Suite("Booking an offer")
struct BookOfferTests {
    /// A fresh folder of its own under the system's temporary folder.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("flights-trips-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Books the recorded offer with the real bookings file in `folder`, which cannot be written: nothing is sent.
    private func bookingSendsNothing(storeIn folder: URL) async throws {
        let store = FileBookingStore(directory: folder)
        let fixture = FixtureTrip(bookings: store)
        let attempt = await fixture.bookOffer().book(try fixture.request(.instant))
        guard case .notSaved(let problem) = attempt else {
            Issue.record("expected the booking refused as not saved, got \(attempt)")
            return
        }
        #expect(problem.description.contains(store.fileURL.path))
        // No order was sent, and nothing was asked of the orders at all.
        #expect(fixture.orders.count("createOrder") == 0)
        #expect(fixture.server.orders.isEmpty)
    }

    /// A folder under a regular file can be made by nobody, root included (root ignores a folder's permissions).
    @Test func aBookingsFileWhoseFolderCannotBeMadeSendsNothing() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("not-a-folder")
        try Data("a file where the bookings folder should be".utf8).write(to: file)
        try await bookingSendsNothing(storeIn: file.appendingPathComponent("flights"))
    }

    @Test(.enabled(if: getuid() != 0, "root writes to a read-only folder all the same"))
    func aBookingsFileInAReadOnlyFolderSendsNothing() async throws {
        let folder = try Self.temporaryFolder()
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)
            try? FileManager.default.removeItem(at: folder)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: folder.path)
        try await bookingSendsNothing(storeIn: folder)
    }

    /// The store that fails at the pending record stops the booking too, whatever the store is.
    @Test func aStoreThatFailsAtThePendingRecordSendsNothing() async throws {
        let fixture = FixtureTrip()
        let full = BookingStoreError.io(path: "memory", reason: "No space left on device")
        fixture.store.failSaves(with: full, after: 0)
        let attempt = await fixture.bookOffer().book(try fixture.request(.instant))
        #expect(attempt == .notSaved(full))
        #expect(fixture.orders.count("createOrder") == 0)
    }

    @Test func anInstantOrderAnsweredAwaitingPaymentIsKeptPaid() async throws {
        let fixture = FixtureTrip(answering: { AwaitingPaymentAnswers($0) })
        let request = try fixture.request(.instant)
        let booking = fixture.bookOffer()
        let attempt = await booking.book(request)
        guard case .booked(let order, recovered: false, storeProblem: nil) = attempt else {
            Issue.record("expected a booking, got \(attempt)")
            return
        }
        // The API's word is passed on as it came; what this machine knows is in the record.
        #expect(order.paymentStatus.awaitingPayment)
        let key = try #require(booking.bookingKey)
        let record = try #require(try fixture.store.record(key: key))
        #expect(record.paymentSent == request.offer.totalAmount)
        #expect(record.state == .confirmed)
        #expect(record.known(order).paymentStatus.awaitingPayment == false)
        #expect(Booking(record: record, order: order).paymentBlocker(at: Date()) == .notAwaitingPayment)

        // Read again from the API, which still says it awaits payment: still paid, never offered for payment.
        let list = ListBookings(fixture.trip)
        guard case .found(let found) = await list.booking(reference: order.bookingReference) else {
            Issue.record("expected booking \(order.bookingReference) found")
            return
        }
        #expect(found.order?.paymentStatus.awaitingPayment == true)
        #expect(found.record?.state == .confirmed)
        #expect(found.paymentBlocker(at: Date()) == .notAwaitingPayment)
        #expect(fixture.orders.count("payOrder") == 0)
    }

    /// The same answer to a hold means what it says: it is to be paid.
    @Test func aHoldAnsweredAwaitingPaymentIsToBePaid() async throws {
        let fixture = FixtureTrip(answering: { AwaitingPaymentAnswers($0) })
        let held = try await fixture.book(.hold)
        let record = try #require(held.record)
        #expect(record.paymentSent == nil)
        #expect(record.state == .awaitingPayment)
        #expect(held.paymentBlocker(at: Date()) == nil)
    }
}

/// The fixture server's orders as an API that answers an order not cancelled with `awaiting_payment: true`, paid
/// or not (Duffel's own example instant order says so), when it is made and whenever it is read.
final class AwaitingPaymentAnswers: OrderService {
    private let base: FixtureOrderService

    init(_ base: FixtureOrderService) { self.base = base }

    private static func awaiting(_ order: Order) -> Order {
        guard order.cancelledAt == nil else { return order }
        var answered = order
        answered.paymentStatus = PaymentStatus(awaitingPayment: true)
        return answered
    }

    func createOrder(_ order: OrderCreation) async throws(ServiceError) -> Order {
        Self.awaiting(try await base.createOrder(order))
    }

    func order(id: String) async throws(ServiceError) -> Order {
        Self.awaiting(try await base.order(id: id))
    }

    func orders(_ query: OrderQuery) async throws(ServiceError) -> Page<Order> {
        var page = try await base.orders(query)
        page.items = page.items.map(Self.awaiting)
        return page
    }

    func quoteCancellation(orderID: String) async throws(ServiceError) -> OrderCancellation {
        try await base.quoteCancellation(orderID: orderID)
    }

    func confirmCancellation(id: String) async throws(ServiceError) -> OrderCancellation {
        try await base.confirmCancellation(id: id)
    }

    func payOrder(_ payment: OrderPaymentCreation) async throws(ServiceError) -> OrderPayment {
        try await base.payOrder(payment)
    }
}
