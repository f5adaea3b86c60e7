import Entities
import Trips
import Foundation
import ModuleCore
import Services

/// The summary's service calls, as data: what the rules ask for. Each answer comes back as an action.
enum FlightSummaryWork: ScreenWork {
    /// Read the offer `offerID` again from the API (check `id`), cancelled when the screen goes.
    case check(id: Int, offerID: String)
    /// Book: shielded, since once an order is on its way it is never cancelled half-way and its answer is kept.
    case book(OfferBooking)

    /// What cancels the work: a check (or a seat-map read) replaces the one before; a booking runs alone.
    enum ID: String, Hashable, Sendable, Codable {
        case check
        case book
    }

    var id: ID {
        switch self {
        case .check: .check
        case .book: .book
        }
    }

    var isShielded: Bool { id == .book }
}

/// Does the summary's work: reads the offer and its seat maps, and books through the trip's core (Trips'
/// `BookOffer`: the agreed total, the record written first, the booking key, lost answers). What the answers mean
/// is the reducer's to say.
final class FlightSummaryServices: Sendable {
    private let offers: any OfferService
    /// Reads the offer with the extra bags it sells, when there is one.
    private let extras: (any ExtrasService)?
    private let trip: TripServices
    let timeZone: TimeZone
    /// One booking per screen: a retry after a refusal or a lost answer reuses its key and its record.
    let booking: BookOffer

    init(
        offers: any OfferService, orders: any OrderService, bookings: any BookingStore, backend: String,
        now: @escaping @Sendable () -> Date, timeZone: TimeZone, makeBookingKey: @escaping @Sendable () -> String,
        lookupDelays: [Duration] = LostAnswer.lookupDelays, extras: (any ExtrasService)? = nil
    ) {
        self.offers = offers
        self.extras = extras
        self.timeZone = timeZone
        trip = TripServices(
            offers: offers, orders: orders, extras: extras, bookings: bookings, backend: backend, now: now,
            lookupDelays: lookupDelays)
        booking = BookOffer(trip, makeBookingKey: makeBookingKey)
    }

    /// The current instant.
    var now: Date { trip.now() }

    /// Where bookings are kept, for the traveller.
    var storeLocation: String { trip.storeLocation }

    /// The key of the booking made (or being made) on this screen, once there is one.
    var bookingKey: String? { booking.bookingKey }

    /// Does `work` and returns the action that answers it, with the time it came.
    func perform(_ work: FlightSummaryWork) async -> FlightSummaryAction {
        switch work {
        case .check(let id, let offerID):
            return .offerRead(id: id, await offer(id: offerID), now: now)
        case .book(let request):
            return .bookingEnded(await booking.book(request), now: now)
        }
    }

    /// Offer `id` as the API serves it now (with the extra bags it sells, when there is an extras service).
    func offer(id: String) async -> Outcome<Offer, ServiceError> {
        await Outcome { () async throws(ServiceError) in
            if let extras { try await extras.offerWithServices(id: id) } else { try await offers.offer(id: id) }
        }
    }

}
