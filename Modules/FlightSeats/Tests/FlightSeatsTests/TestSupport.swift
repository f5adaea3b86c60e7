import Entities
import TerminalUI
import Trips
import TravelText
import ModuleCore
import FixtureServices
import Foundation
import Services
@testable import FlightSeats

@MainActor
final class SpyFlightSeatsRouter: FlightSeatsRouter {
    var chosen: [[SeatChoice]] = []
    var backs = 0
    func seatsDidChoose(_ seats: [SeatChoice]) { chosen.append(seats) }
    func seatsDidGoBack() { backs += 1 }
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

/// The recorded family offer's maps as `flights seats` prints them (TravelText's `SeatMapsText`), on `terminal`.
@MainActor
func printMaps(on terminal: VirtualTerminal) throws {
    let offer = try Recorded.familyOffer()
    let flights = OfferDetails.flights(of: offer, maps: try Recorded.familyMaps())
    ScreenPainter(terminal: terminal, outputIsForPrograms: false).show(SeatMapsText.blocks(
        flights, passengers: OfferDetails.seatedPassengers(of: offer), width: terminal.columns))
}
