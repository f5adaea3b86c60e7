public import Entities
public import Services

/// An offer as sold now, with its services, and its seat maps: read, nothing booked. What `flights seats`, the seats
/// screen and `flights mcp`'s `get_offer` and `seat_map` ask.
public struct OfferDetails: Sendable {
    private let extras: (any ExtrasService)?

    /// The use case over `trip`'s services.
    public init(_ trip: TripServices) {
        extras = trip.extras
    }

    /// The offer `id` as the airline sells it now, with the seats and bags it offers.
    public func offer(id: String) async -> Result<Offer, ServiceError> {
        guard let extras else { return .failure(.transport("This backend reads no offers' services.")) }
        do {
            return .success(try await extras.offerWithServices(id: id))
        } catch {
            return .failure(error)
        }
    }

    /// The seat maps of the offer `offerID`, one per flight the airline gives a map for.
    public func seatMaps(offerID: String) async -> Result<[SeatMap], ServiceError> {
        guard let extras else { return .failure(.transport("This backend reads no seat maps.")) }
        do {
            return .success(try await extras.seatMaps(offerID: offerID))
        } catch {
            return .failure(error)
        }
    }

    /// The passengers of `offer` who take a seat (an infant on a lap takes none).
    public static func seatedPassengers(of offer: Offer) -> [OfferPassenger] {
        offer.passengers.filter { $0.resolvedType != .infantWithoutSeat }
    }

    /// `offer`'s flights that have a map in `maps`, in the order flown, each with its map.
    public static func flights(of offer: Offer, maps: [SeatMap]) -> [(segment: Segment, map: SeatMap)] {
        offer.slices.flatMap(\.segments).compactMap { segment in
            maps.first { $0.segmentId == segment.id }.map { (segment, $0) }
        }
    }
}

extension Booking {
    /// Why this booking's seat maps cannot be read here, as the end of a sentence ("… cannot be shown: it was booked
    /// through …"); `nil` when they can. `backend` is the flight service this run talks to; `readsSeatMaps` whether it
    /// reads seat maps.
    public func seatMapsBlocker(backend: String, readsSeatMaps: Bool) -> String? {
        if let otherBackend { return "it was booked through \(otherBackend), and this run talks to \(backend)" }
        guard record?.offerID.isEmpty == false else {
            return "it was not booked on this machine, so the offer whose seat maps hold its seats is not known"
        }
        guard shownOrder != nil else { return "its order could not be read from the flight service" }
        guard readsSeatMaps else { return "this backend reads no seat maps" }
        return nil
    }
}
