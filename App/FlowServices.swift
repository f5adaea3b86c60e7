import Foundation
import Services

/// What a flow run for a tool needs: the backend's services, the name its bookings are kept under, and the clock.
/// Made from the started backend for `flights mcp`, and from fixture services in the App's tests.
struct FlowServices: Sendable {
    var places: any PlaceService
    var offers: any OfferService
    var orders: any OrderService
    var extras: any ExtrasService
    var changes: any OrderChangeService
    var airlineChanges: any AirlineChangeService
    var orderExtras: any OrderExtrasService
    /// The name bookings are kept under (`sandbox`, or the API's host).
    var name: String
    var now: @Sendable () -> Date = { Date() }
    var timeZone: TimeZone = .current
}

extension Backend {
    /// The backend's services, for the flows the tools run.
    var flowServices: FlowServices {
        FlowServices(
            places: places, offers: offers, orders: orders, extras: extras, changes: changes,
            airlineChanges: airlineChanges, orderExtras: orderExtras, name: name)
    }
}
