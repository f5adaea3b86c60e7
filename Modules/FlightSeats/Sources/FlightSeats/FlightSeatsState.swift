import Entities
import Trips
import Foundation

/// Everything the seats screen knows, as a value.
struct FlightSeatsState: Codable, Equatable, Sendable {
    /// Where the screen stands.
    enum Phase: Codable, Equatable, Sendable {
        /// Reading the seat maps.
        case loading
        /// Choosing a seat for one passenger on one flight.
        case choosing
        /// Every flight gone through: the seats chosen, to confirm.
        case review
        /// The airline gives no seat map for this offer.
        case unavailable
        /// The maps could not be read: why, and what to do.
        case failed(String, suggestion: String?)
        /// Left through the router; nothing more is asked.
        case done
    }

    /// A line under the map: what happened to the last thing typed.
    enum Notice: Codable, Equatable, Sendable {
        case info(String)
        case problem(String)
    }

    var offerID: String
    /// The offer, once given or read.
    var offer: Offer?
    /// Keys (arrows, Esc) or lines.
    var isInteractive: Bool
    /// The terminal's width when the screen was built: what the legend is laid out in.
    var columns: Int
    var phase: Phase = .loading
    /// One per segment that has a map, in the offer's order.
    var maps: [SeatMap] = []
    /// Which flight (index into ``flights``) and which passenger (index into ``passengers``) is choosing.
    var flightIndex = 0
    var passengerIndex = 0
    /// The seat under the cursor (interactive), by designator.
    var cursor: String?
    /// The seats chosen so far, one at most per passenger per segment.
    var choices: [SeatChoice]
    /// A designator being typed key by key (interactive).
    var typed = ""
    var notice: Notice?
    /// The keys are listed under the map (`?`), while a seat is being chosen.
    var showsKeys = false

    init(input: FlightSeatsInput, isInteractive: Bool, columns: Int = 80) {
        offerID = input.offerID
        offer = input.offer
        self.isInteractive = isInteractive
        self.columns = columns
        choices = input.chosen
    }

    /// The passengers who take a seat (an infant on a lap takes none).
    var passengers: [OfferPassenger] {
        offer.map(OfferDetails.seatedPassengers) ?? []
    }

    /// Each segment of the offer that has a seat map, with its map, in flying order.
    var flights: [(segment: Segment, map: SeatMap)] {
        offer.map { OfferDetails.flights(of: $0, maps: maps) } ?? []
    }

    var currentFlight: (segment: Segment, map: SeatMap)? {
        let flights = flights
        return flights.indices.contains(flightIndex) ? flights[flightIndex] : nil
    }

    var currentPassenger: OfferPassenger? {
        let passengers = passengers
        return passengers.indices.contains(passengerIndex) ? passengers[passengerIndex] : nil
    }

    /// The seat chosen for `passengerId` on `segmentId`.
    func choice(segmentId: String, passengerId: String) -> SeatChoice? {
        choices.first { $0.segmentId == segmentId && $0.passengerId == passengerId }
    }

    /// The sum of the chosen seats' prices, in the offer's currency.
    var total: Money {
        choices.reduce(Money.zero(offer?.totalAmount.currency ?? "")) { $0.adding($1.price) ?? $0 }
    }
}
