import Entities
import FixtureServices
import Foundation
import Services
@testable import FlightSeats

@MainActor
final class SpyFlightSeatsRouter: FlightSeatsRouter {
    var chosen: [[SeatChoice]] = []
    var backs = 0
    var shown: [FlightSeatsShowOutcome] = []
    func seatsChosen(_ seats: [SeatChoice]) { chosen.append(seats) }
    func navigateBack() { backs += 1 }
    func seatsShown(_ outcome: FlightSeatsShowOutcome) { shown.append(outcome) }
}

/// The recorded offer (one adult, LHR→JFK) and its seat map.
enum Recorded {
    static func offer() throws -> Offer {
        try FixtureFile.offer.decode(DataEnvelope<Offer>.self).data
    }

    static func maps() throws -> [SeatMap] {
        try FixtureFile.seatMaps.decode(Page<SeatMap>.self).items
    }

    /// The round trip's first offer: two adults and a child of 8, a map per segment.
    static func familyOffer() throws -> Offer {
        try require(FixtureFile.offerRequestRoundTrip.decode(DataEnvelope<OfferRequest>.self).data.offers.first)
    }

    static func familyMaps() throws -> [SeatMap] {
        try FixtureFile.seatMapsRoundTrip.decode(Page<SeatMap>.self).items
    }
}

func require<T>(_ value: T?) throws -> T {
    guard let value else { throw MissingValue() }
    return value
}

struct MissingValue: Error {}

extension FlightSeatsState {
    /// A state as it stands once `maps` are read for `offer`.
    static func loaded(_ offer: Offer, _ maps: [SeatMap], interactive: Bool = false) -> FlightSeatsState {
        var state = FlightSeatsState(input: FlightSeatsInput(offer: offer), isInteractive: interactive)
        _ = FlightSeatsReducer.reduce(&state, .mapsLoaded(.success(maps)))
        return state
    }
}
