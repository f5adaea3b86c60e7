import TerminalUI

/// One flight of a leg, as the summary lists it.
struct SegmentViewModel: Sendable, Hashable, Codable {
    /// `ZZ117 · Duffel Airways · Boeing 787-9 · 8h 05m`.
    var title: String
    /// Departs, Arrives, Operated by, Stops, Cabin.
    var rows: [KeyValueList.Row]
}

/// One leg: its heading, then its flights with the waits between them.
struct LegViewModel: Sendable, Hashable, Codable {
    /// Something on a leg, in order.
    enum Item: Sendable, Hashable, Codable {
        case segment(SegmentViewModel)
        /// `Change in Dublin (DUB) · 2h 10m`.
        case layover(String)
    }

    /// `Outbound · London (LHR) → New York (JFK)`.
    var title: String
    /// `Fri 18 Dec 2026 · 8h 05m · direct · Basic`.
    var detail: String
    var items: [Item]
}

/// The offer in full.
struct OfferSummaryViewModel: Sendable, Hashable, Codable {
    /// `Duffel Airways · £412.50`.
    var title: String
    var legs: [LegViewModel]
    /// One line per passenger: `Passenger 1 (adult): 1 checked bag, 1 carry-on bag`.
    var bags: [String]
    /// Refund and change rules.
    var conditions: [KeyValueList.Row]
    /// Base, taxes, per passenger type and total.
    var price: [KeyValueList.Row]
    /// When the offer expires, and how it can be paid.
    var terms: [KeyValueList.Row]
}

/// Old and new price of an offer that was re-checked.
struct PriceChangeViewModel: Sendable, Hashable, Codable {
    /// `The price changed from £412.50 to £422.50 (+£10.00).`
    var message: String
    var oldTotal: String
    var newTotal: String
}

/// The passengers as entered, with the total, before the final confirmation.
struct ReviewViewModel: Sendable, Hashable, Codable {
    /// One block per passenger: a heading and its details.
    struct Passenger: Sendable, Hashable, Codable {
        var heading: String
        var rows: [KeyValueList.Row]
    }

    var passengers: [Passenger]
    var total: String
    /// The seats and bags chosen, and the total with them; empty when none.
    var extras: [KeyValueList.Row] = []
}

/// A booking made: the reference, the order, the itinerary and where it is kept.
struct BookingViewModel: Sendable, Hashable, Codable {
    /// `Booked: reference ERDAH6`.
    var headline: String
    var rows: [KeyValueList.Row]
    /// One line per flight.
    var itinerary: [String]
    /// A warning when the booking could not be written locally.
    var storeWarning: String?
}

/// What the view should ask next; the answer goes back to the presenter as an action.
enum SummaryPrompt: Sendable, Hashable, Codable {
    /// A line of text, with the value Enter takes.
    case text(question: String, default: String?)
    /// Yes or no.
    case confirm(question: String, default: Bool?)
    /// One of several options.
    case choice(title: String, options: [String], default: Int?)
    /// Enter to go on.
    case acknowledge(String)
}
