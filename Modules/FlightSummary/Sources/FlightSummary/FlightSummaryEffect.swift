import Entities
import Foundation
import Services
import TerminalUI

/// What must happen outside the summary's reducer.
enum FlightSummaryEffect: Encodable, Sendable, Equatable {
    /// Show or ask something.
    case show(FlightSummaryOutput)
    /// Read the offer `offerID` again from the API and compare it with `known` (cancelled when the screen goes).
    case check(id: Int, offerID: String, known: Offer?)
    /// Read the offer's seat maps, to check the seats a passengers file asks for.
    case readSeatMaps(offerID: String)
    /// Book (shielded: once an order is on its way it is never cancelled half-way, and its answer is kept).
    case book(FlightSummaryBooking)
    /// Leave the screen, or end an unattended run.
    case navigate(FlightSummaryRoute)
}

/// Everything a booking needs: the offer as checked, the passengers, the kind of order, and whether to look for
/// the order first (an explicit retry after a lost answer).
struct FlightSummaryBooking: Codable, Sendable, Equatable {
    var offer: Offer
    var passengers: [PassengerDetails]
    var slots: [PassengerSlot]
    var type: OrderType
    var lookUpFirst: Bool
    /// The seats and bags chosen, booked as the order's services.
    var services: [SelectedService] = []
    /// What is paid: the offer's total and the services'.
    var total: Money? = nil
}

/// The ids the screen's service effects run under.
enum FlightSummaryEffectID: String, Hashable, Sendable, Codable {
    case check
    case book
}

/// The ways out of the screen, as the router offers them.
enum FlightSummaryRoute: Encodable, Sendable, Equatable {
    /// Back to the offers.
    case availability
    /// On to the bookings, with this one picked out.
    case bookings(Order)
    /// To the seat maps of `offer`, with the seats chosen so far.
    case seats(Offer, chosen: [SeatChoice])
    /// An unattended run ended with this outcome.
    case finished(FlightSummaryOutcome)
}

/// What the view can be told: one case for each of its display methods.
enum FlightSummaryOutput: Codable, Sendable, Equatable {
    case summary(OfferSummaryViewModel)
    case priceChange(PriceChangeViewModel)
    case passengerHeading(String)
    case review(ReviewViewModel)
    case booking(BookingViewModel)
    case prompt(SummaryPrompt?)
    /// A message, an error, progress or the output for programs, said as every screen says it.
    case note(ScreenNote)
}
