import Entities
import FixtureServices
import Foundation
import Services
import Synchronization
import Testing
@testable import Trips

/// Duffel's order carries `airline_initiated_changes`: a booking read again asks for them apart only when the
/// answer left the field out, telling "absent" from "empty".
@Suite("The airline's changes, read from the order when it carries them")
struct AirlineChangesReadTests {
    /// The recorded order, with or without the field, as the API would send it.
    private func order(field: String?) throws -> Order {
        var object = try #require(try JSONSerialization.jsonObject(with: FixtureFile.order.data) as? [String: Any])
        var order = try #require(object["data"] as? [String: Any])
        order["airline_initiated_changes"] = nil
        if let field { order["airline_initiated_changes"] = try JSONSerialization.jsonObject(with: Data(field.utf8)) }
        object["data"] = order
        let data = try JSONSerialization.data(withJSONObject: object)
        return try DuffelJSON.decoder().decode(DataEnvelope<Order>.self, from: data).data
    }

    @Test("absent and empty are told apart, and an empty list written comes back empty, not absent")
    func absentOrEmpty() throws {
        #expect(try order(field: nil).carriesAirlineChanges == false)
        let empty = try order(field: "[]")
        #expect(empty.carriesAirlineChanges && empty.airlineInitiatedChanges.isEmpty)
        let again = try DuffelJSON.decoder().decode(Order.self, from: try DuffelJSON.encoder().encode(empty))
        #expect(again.carriesAirlineChanges)
        let absent = try DuffelJSON.decoder().decode(Order.self, from: try DuffelJSON.encoder().encode(try order(field: nil)))
        #expect(!absent.carriesAirlineChanges)
    }

    @Test("an order that carries its changes is not asked about again; one that does not is, once")
    func readApartOnlyWhenAbsent() async throws {
        let orders = FixtureOrderService()
        let changes = CountingAirlineChanges()
        let trip = TripServices(orders: orders, airlineChanges: changes, bookings: FixtureBookingStore(), backend: "fixtures")
        _ = await trip.withAirlineChanges(try order(field: "[]"))
        #expect(changes.reads == 0)
        _ = await trip.withAirlineChanges(try order(field: nil))
        #expect(changes.reads == 1)
    }
}

/// An airline change service that lists none, counting how often it is asked about an order.
final class CountingAirlineChanges: AirlineChangeService {
    private let count = Mutex(0)
    var reads: Int { count.withLock { $0 } }

    func airlineChanges(orderID: String) async throws(ServiceError) -> [AirlineInitiatedChange] {
        count.withLock { $0 += 1 }
        return []
    }

    func airlineChanges() async throws(ServiceError) -> [AirlineInitiatedChange] { [] }

    func acceptAirlineChange(id: String) async throws(ServiceError) -> AirlineInitiatedChange {
        throw FixtureFile.errorNotFound.error
    }

    func updateAirlineChange(id: String, actionTaken: AirlineChangeActionTaken) async throws(ServiceError) -> AirlineInitiatedChange {
        throw FixtureFile.errorNotFound.error
    }
}
