import TerminalUI

/// The bookings kept on this machine, newest first.
struct BookingListViewModel: Sendable, Hashable, Codable {
    /// One booking in the list.
    struct Row: Sendable, Hashable, Codable {
        /// `ERDAH6`, `ERDAH6 (new)` for the one just booked, `–` before there is one.
        var reference: String
        /// `LHR → JFK → LHR`.
        var route: String
        /// `Fri 18 Dec 08:25`, on the origin's clock.
        var departs: String
        /// `Imogen Fairweather, Alan Fairweather`.
        var passengers: String
        /// `£412.50`.
        var total: String
        /// `Confirmed`, `Cancelled`, `Pending: not confirmed`, …
        var status: String
    }

    var rows: [Row]
    /// Where the bookings are kept.
    var location: String
    /// What checking pending bookings found, and problems with the store.
    var notes: [Notice]
}

/// One leg of an itinerary.
struct ItineraryLegViewModel: Sendable, Hashable, Codable {
    /// `Flight · LHR → JFK · Fri 18 Dec 2026 · 8h 05m`.
    var title: String
    /// One line per flight.
    var flights: [String]
}

/// One booking in full.
struct BookingDetailViewModel: Sendable, Hashable, Codable {
    /// `Booking ERDAH6 · Confirmed`.
    var title: String
    var rows: [KeyValueList.Row]
    var itinerary: [ItineraryLegViewModel]
    /// One line per passenger, with their e-ticket.
    var passengers: [String]
    var conditions: [KeyValueList.Row]
    /// What can be done with it, or why not.
    var actions: [String]
    /// Problems reading or keeping it.
    var warnings: [String]
}

/// What cancelling would refund, before the traveller confirms.
struct CancellationQuoteViewModel: Sendable, Hashable, Codable {
    /// `Cancelling ERDAH6 refunds £372.50.`
    var headline: String
    var rows: [KeyValueList.Row]
}

/// What the view should ask next; the answer goes back as an action.
enum BookingsPrompt: Sendable, Hashable, Codable {
    /// A line of text.
    case text(question: String)
    /// Yes or no.
    case confirm(question: String, default: Bool?)
}
