import Entities
import Foundation

extension SandboxAPI {
    // MARK: - Seat maps

    /// `GET /air/seat_maps?offer_id=`: one seat map per segment of the offer, the seats an order on it holds
    /// taken. An unknown or expired offer is refused as reading it would be, unless it was booked: its order adds
    /// seats after booking (`POST /air/orders/{id}/services`) with these maps' ids. Not a read of the offer (its
    /// price does not move).
    func seatMaps(offerID: String?) async throws(APIFailure) -> APIReply {
        guard let offerID, !offerID.isEmpty else {
            throw .invalidParameter("offer_id", "Give the offer's id (off_…) as offer_id.")
        }
        let source = APIErrorSource(parameter: "offer_id")
        let (_, offer) = try resolveOffer(offerID, source: source)
        let booked: Order?
        do { booked = try await store.order(forOffer: offerID) } catch { throw .internalError(error.description) }
        if booked == nil || booked?.cancelledAt != nil { _ = try unexpiredOffer(offerID, source: source) }
        let maps = SeatMapGenerator.seatMaps(for: offer)
        return try .json(ListWire(SandboxAPI.takingSeats(of: booked, in: maps).map(SeatMapWire.init), meta: nil))
    }

    /// Every service `offer` sells, seats included, by id.
    func serviceCatalog(for offer: Offer) -> ServiceCatalog {
        ServiceCatalog(offer: offer, seatMaps: SeatMapGenerator.seatMaps(for: offer))
    }

    /// `maps` with the seats `order` (if any, and not cancelled) holds shown as taken.
    static func takingSeats(of order: Order?, in maps: [SeatMap]) -> [SeatMap] {
        guard let order, order.cancelledAt == nil else { return maps }
        var booked: [String: Set<String>] = [:]
        for service in order.services where service.type == .seat {
            guard let designator = service.metadata?.designator else { continue }
            for segment in service.segmentIds { booked[segment, default: []].insert(designator) }
        }
        return booked.isEmpty ? maps : SeatMapGenerator.taking(booked, in: maps)
    }
}
