import CurlHTTP
import DuffelServices
import Entities
import Foundation
import LocalStore
import SandboxServer
import Services
import Synchronization
import Trips

/// Runs `body` with the trip's services over Flights' Duffel client on a sandbox of its own (its orders and the
/// bookings file in a scratch folder), the orders service counting what it sends; stops both and removes the folder
/// afterwards, whatever `body` does.
func withTrip(_ body: (TripServices, DuffelClient, SentChanges) async throws -> Void) async throws {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("headless-tests-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let sandbox = try await Sandbox.start(
        SandboxConfiguration(dataDirectory: folder.appendingPathComponent("sandbox", isDirectory: true), logLevel: .quiet))
    let http: HTTPClient
    do {
        http = try HTTPClient()
    } catch {
        await sandbox.stop()
        throw error
    }
    let duffel = DuffelClient(
        configuration: DuffelConfiguration(baseURL: sandbox.baseURL, accessToken: "duffel_test_headless"),
        transport: http)
    let sent = SentChanges(duffel.orderService)
    let trip = TripServices(
        places: duffel.placeService, offers: duffel.offerService, orders: sent,
        bookings: FileBookingStore(directory: folder.appendingPathComponent("bookings", isDirectory: true)),
        backend: "sandbox")
    do {
        try await body(trip, duffel, sent)
    } catch {
        await http.shutdown()
        await sandbox.stop()
        throw error
    }
    await http.shutdown()
    await sandbox.stop()
}

/// An order service that passes every call on and notes each one that changes something (`order`, `cancellation`,
/// `payment`), so a test can say that nothing was sent.
final class SentChanges: OrderService {
    private let orders: any OrderService
    private let sent = Mutex<[String]>([])

    init(_ orders: any OrderService) {
        self.orders = orders
    }

    /// What was sent, in order.
    var changes: [String] { sent.withLock { $0 } }

    func createOrder(_ order: OrderCreation) async throws(ServiceError) -> Order {
        sent.withLock { $0.append("order") }
        return try await orders.createOrder(order)
    }

    func order(id: String) async throws(ServiceError) -> Order {
        try await orders.order(id: id)
    }

    func orders(_ query: OrderQuery) async throws(ServiceError) -> Page<Order> {
        try await orders.orders(query)
    }

    func quoteCancellation(orderID: String) async throws(ServiceError) -> OrderCancellation {
        try await orders.quoteCancellation(orderID: orderID)
    }

    func confirmCancellation(id: String) async throws(ServiceError) -> OrderCancellation {
        sent.withLock { $0.append("cancellation") }
        return try await orders.confirmCancellation(id: id)
    }

    func payOrder(_ payment: OrderPaymentCreation) async throws(ServiceError) -> OrderPayment {
        sent.withLock { $0.append("payment") }
        return try await orders.payOrder(payment)
    }
}

/// The one adult who flies.
enum Traveller {
    static let familyName = "Fairweather"

    static func details(id: String) -> PassengerDetails {
        PassengerDetails(
            id: id, title: .ms, gender: .female, givenName: "Imogen", familyName: familyName,
            bornOn: CalendarDate(year: 1990, month: 4, day: 12) ?? CalendarDate(dayNumber: 0),
            email: "imogen.fairweather@example.com", phoneNumber: "+442079460123")
    }
}
