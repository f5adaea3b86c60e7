import Entities
import ModuleCore
import Services

/// Runs the seats screen's work: reading the offer's seat maps. No UI types and no rules.
final class FlightSeatsInteractor: Sendable {
    private let extras: any ExtrasService

    init(extras: any ExtrasService) {
        self.extras = extras
    }

    func offer(id: String) async -> Outcome<Offer, ServiceError> {
        await Outcome { () async throws(ServiceError) in try await extras.offerWithServices(id: id) }
    }

    func seatMaps(offerID: String) async -> Outcome<[SeatMap], ServiceError> {
        await Outcome { () async throws(ServiceError) in try await extras.seatMaps(offerID: offerID) }
    }
}
