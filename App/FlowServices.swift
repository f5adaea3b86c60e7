import Foundation
import Services

/// What a flow needs: the backend's services, the name its bookings are kept under, and the clock. The started
/// backend holds one; the App's tests make one from fixture services.
struct FlowServices: Sendable {
    var places: any PlaceService
    var offers: any OfferService
    /// Searches read batch by batch as the airlines answer; `nil` for an API without them.
    var offerBatches: (any OfferBatchService)?
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
