import Entities
import FlightAvailability

/// A router that goes nowhere: the benchmark only watches the screen.
@MainActor
final class QuietRouter: FlightAvailabilityRouter {
    func availabilityDidChoose(offer: Offer, search: SearchRequest) {}
    func availabilityDidGoBack() {}
}
