public import Entities
import Foundation
public import Services
import Synchronization

/// Seat maps and extras with no network, from recorded files decoded as live answers are. The recorded offer
/// (`offer.json`) has its seat map and an extra bag; the round trip's first offer has a seat map per segment; any other
/// offer has neither (an empty list of maps, as an airline without seat selection answers). Tests can script other
/// answers and read back every call.
public final class FixtureExtrasService: ExtrasService {
    private let state = Mutex<State>(State())
    /// Where offers other than the recorded ones are read (with no extra services), when given.
    private let offers: FixtureOfferService?

    private struct State {
        var seatMapReads: [String] = []
        var serviceReads: [String] = []
        var seatMapReplies: [FixtureReply] = []
        var seatMapsGiven: [SeatMap]?
        var serviceReplies: [FixtureReply] = []
    }

    /// Creates the service; with `offers`, an offer not recorded here is read from there.
    public init(offers: FixtureOfferService? = nil) {
        self.offers = offers
    }

    /// Every offer id whose seat maps were asked for, in order.
    public var seatMapReads: [String] { state.withLock { $0.seatMapReads } }
    /// Every offer id read with its services, in order.
    public var serviceReads: [String] { state.withLock { $0.serviceReads } }

    /// Answers the next ``seatMaps(offerID:)`` calls with `replies`, in order.
    public func replySeatMaps(with replies: FixtureReply...) {
        state.withLock { $0.seatMapReplies += replies }
    }

    /// Answers the next ``offerWithServices(id:)`` calls with `replies`, in order.
    public func replyServices(with replies: FixtureReply...) {
        state.withLock { $0.serviceReplies += replies }
    }

    /// From now on, answers every offer's seat maps with `maps` (after the replies scripted, when any are left):
    /// a map moved onto a booked order's flights, say.
    public func answerSeatMaps(with maps: [SeatMap]) {
        state.withLock { $0.seatMapsGiven = maps }
    }

    public func seatMaps(offerID: String) async throws(ServiceError) -> [SeatMap] {
        let (reply, given) = state.withLock { state in
            state.seatMapReads.append(offerID)
            return (state.seatMapReplies.isEmpty ? nil : state.seatMapReplies.removeFirst(), state.seatMapsGiven)
        }
        switch reply {
        case .failure(let error)?: throw error
        case .file(let file)?: return try file.decode(Page<SeatMap>.self).items
        case nil: if let given { return given }
        }
        for file in [FixtureFile.seatMaps, .seatMapsRoundTrip] {
            let maps = try file.decode(Page<SeatMap>.self).items
            if try Self.offer(of: file) == offerID { return maps }
        }
        return []
    }

    public func offerWithServices(id: String) async throws(ServiceError) -> Offer {
        let reply = state.withLock { state in
            state.serviceReads.append(id)
            return state.serviceReplies.isEmpty ? nil : state.serviceReplies.removeFirst()
        }
        switch reply {
        case .failure(let error)?: throw error
        case .file(let file)?: return try file.decode(DataEnvelope<Offer>.self).data
        case nil: break
        }
        let recorded = try FixtureFile.offer.decode(DataEnvelope<Offer>.self).data
        if recorded.id == id { return recorded }
        let roundTrip = try FixtureFile.offerRequestRoundTrip.decode(DataEnvelope<OfferRequest>.self).data.offers
        var found: Offer
        if let recordedTrip = roundTrip.first(where: { $0.id == id }) {
            found = recordedTrip
        } else if let offers {
            found = try await offers.offer(id: id)
        } else {
            throw FixtureFile.errorNotFound.error
        }
        found.availableServices = found.availableServices ?? []
        return found
    }

    /// The offer a recorded seat map file belongs to.
    private static func offer(of file: FixtureFile) throws(ServiceError) -> String? {
        switch file {
        case .seatMaps: try FixtureFile.offer.decode(DataEnvelope<Offer>.self).data.id
        case .seatMapsRoundTrip:
            try FixtureFile.offerRequestRoundTrip.decode(DataEnvelope<OfferRequest>.self).data.offers.first?.id
        default: nil
        }
    }
}
