import Entities
import MCP

/// The tools `flights mcp` offers, each with its arguments' rules (its JSON Schema is written from them) and the
/// protocol's hints: which only read, which spend or give back money. Names follow what travellers' assistants know
/// from other flight tools (`find_places`, `search_flights`, `search_dates`) and Duffel's words for the rest.
enum ToolName: String, CaseIterable, Sendable {
    case findPlaces = "find_places"
    case searchFlights = "search_flights"
    case searchDates = "search_dates"
    case getOffer = "get_offer"
    case seatMap = "seat_map"
    case book
    case listBookings = "list_bookings"
    case getBooking = "get_booking"
    case pay
    case cancel
    case changeBooking = "change_booking"
    case watchTrip = "watch_trip"
    case listWatches = "list_watches"
    case checkWatches = "check_watches"
    case removeWatch = "remove_watch"
}

/// One tool as listed: its name, what it does, its arguments and its hints.
struct ToolDefinition: Sendable {
    var name: ToolName
    var title: String
    var description: String
    var fields: [ArgumentField]
    var readOnly: Bool
    /// Whether it moves money or ends a booking: an assistant should ask the traveller first.
    var destructive: Bool = false
    /// Whether calling it twice with the same arguments does what calling it once does.
    var idempotent: Bool = false

    /// The arguments as one object rule.
    var arguments: ArgumentRule { .object(fields) }

    /// The tool as the protocol lists it.
    var tool: Tool {
        Tool(
            name: name.rawValue, title: title, description: description, inputSchema: arguments.schema(),
            annotations: Tool.Annotations(
                title: title, readOnlyHint: readOnly, destructiveHint: readOnly ? nil : destructive,
                idempotentHint: idempotent, openWorldHint: true))
    }
}

enum ToolCatalog {
    static let place = ArgumentRule.string(maxLength: 100)
    static let date = ArgumentRule.string(maxLength: 40)
    static let reference = ArgumentRule.string(maxLength: 20)
    static let identifier = ArgumentRule.string(maxLength: 100)

    static let passengerSpec = ArgumentRule.object([
        ArgumentField("type", .string(maxLength: 20, choices: ["adult", "child", "infant_without_seat"]),
                      "adult (18 and over), child, or infant_without_seat (under 2, on an adult's lap)."),
        ArgumentField("age", .integer(0...130), "The age on the day of travel; required for a child."),
    ])

    static let leg = ArgumentRule.object([
        ArgumentField("origin", place, required: true, "Where from: an airport or city code (LHR, LON) or a name."),
        ArgumentField("destination", place, required: true, "Where to: an airport or city code or a name."),
        ArgumentField("departure_date", date, required: true, "YYYY-MM-DD (also tomorrow, +7, fri, 18 dec)."),
    ])

    /// The fields every search shares: route, dates and party.
    static let tripFields: [ArgumentField] = [
        ArgumentField("origin", place, "Where from: an airport or city code (LHR, LON) or a name. With destination and departure_date, instead of slices."),
        ArgumentField("destination", place, "Where to: an airport or city code, or a name."),
        ArgumentField("departure_date", date, "The day of the first flight: YYYY-MM-DD (also tomorrow, +7, 18 dec)."),
        ArgumentField("return_date", date, "For a round trip: the day of the return flight."),
        ArgumentField("slices", .array(leg, count: 1...BookingRules.maxSlices), "A multi-city trip: each leg with its own day, in order. Instead of origin/destination/departure_date."),
        ArgumentField("passengers", .array(passengerSpec, count: 1...BookingRules.maxPassengers), "Who travels; one adult when left out."),
        ArgumentField("cabin_class", .string(maxLength: 20, choices: ["economy", "premium_economy", "business", "first"]), "The cabin."),
        ArgumentField("max_connections", .integer(0...2), "At most this many connections on each leg (0: direct flights only)."),
    ]

    static let traveller = ArgumentRule.object([
        ArgumentField("title", .string(maxLength: 10), required: true, "mr, ms, mrs, miss or dr."),
        ArgumentField("given_name", .string(maxLength: 100), required: true, "Given names, as on the passport."),
        ArgumentField("family_name", .string(maxLength: 100), required: true, "Family name, as on the passport."),
        ArgumentField("born_on", .string(maxLength: 20), required: true, "Date of birth, YYYY-MM-DD."),
        ArgumentField("gender", .string(maxLength: 10), required: true, "m or f, as on the passport."),
        ArgumentField("email", .string(maxLength: 200), required: true, "Where the airline writes."),
        ArgumentField("phone_number", .string(maxLength: 30), required: true, "In international form, +442080160508."),
        ArgumentField("identity_documents", .array(.object([
            ArgumentField("type", .string(maxLength: 20), "passport."),
            ArgumentField("unique_identifier", .string(maxLength: 40), required: true, "The passport's number."),
            ArgumentField("issuing_country_code", .string(maxLength: 2), required: true, "Two letters: GB."),
            ArgumentField("expires_on", .string(maxLength: 20), required: true, "YYYY-MM-DD."),
        ]), count: 0...1), "The passport, when get_offer says identity_documents_required."),
        ArgumentField("seats", .map(.string(maxLength: 5), maxCount: 12), "Seats wanted, by flight number or route: {\"ZZ117\": \"14C\"} (see seat_map)."),
        ArgumentField("bags", .either(.integer(0...9), .map(.integer(0...9), maxCount: 12)), "Extra checked bags on every leg (1), or by leg ({\"LHR-JFK\": 1})."),
    ])

    static let definitions: [ToolDefinition] = [
        ToolDefinition(
            name: .findPlaces, title: "Find airports and cities",
            description: "Airports and cities matching a text: a code (LHR, LON), a city or an airport name.",
            fields: [ArgumentField("query", .string(maxLength: 100), required: true, "What to look for: lon, heathrow, new york.")],
            readOnly: true, idempotent: true),
        ToolDefinition(
            name: .searchFlights, title: "Search flights",
            description: "Offers for a one-way, round or multi-city trip, cheapest first unless sorted otherwise. Each offer's id is what get_offer, seat_map and book take; its total is the price for the whole party.",
            fields: tripFields + [
                ArgumentField("departure_window", .string(maxLength: 20), "Only flights leaving in this window, 09:00-17:00."),
                ArgumentField("sort", .string(maxLength: 20, choices: ["price", "duration", "departure", "arrival", "emissions"]), "The order: price (the default), duration, departure, arrival, emissions."),
                ArgumentField("airlines", .array(.string(maxLength: 3), count: 1...20), "Only offers sold by these airlines (IATA codes: BA, AA)."),
                ArgumentField("limit", .integer(1...50), "At most this many offers (10 when left out)."),
                ArgumentField("supplier_timeout", .integer(2...60), "Wait at most this many seconds for each airline; slower airlines' offers are left out (the answer's airlines_without_offers counts them). 20 when left out."),
            ],
            readOnly: true),
        ToolDefinition(
            name: .searchDates, title: "Lowest prices around the dates",
            description: "The lowest total for the whole party on each day three days either side of the dates; for a round trip, each pair of departure and return days.",
            fields: tripFields, readOnly: true),
        ToolDefinition(
            name: .getOffer, title: "Read an offer",
            description: "One offer as the airline sells it now (the price re-checked), with its passengers' ids, its conditions (refunds, changes), baggage, emissions and the extra bags it sells.",
            fields: [ArgumentField("offer_id", identifier, required: true, "The offer's id, off_…, from search_flights.")],
            readOnly: true, idempotent: true),
        ToolDefinition(
            name: .seatMap, title: "An offer's seat maps",
            description: "Each flight's seats: which are free and what each costs. A seat is booked by naming it in a passenger's seats in book.",
            fields: [ArgumentField("offer_id", identifier, required: true, "The offer's id, off_….")],
            readOnly: true, idempotent: true),
        ToolDefinition(
            name: .book, title: "Book an offer",
            description: "Books (or, with hold, holds) an offer for the passengers, in the offer's passenger order, at confirm_total: the price the traveller agreed to, which must equal the re-checked total (with any seats and bags). Another price books nothing and the answer says the price now. Calling it again with the same arguments never books twice: it answers with the booking already made. Ask the traveller before calling it.",
            fields: [
                ArgumentField("offer_id", identifier, required: true, "The offer's id, off_…."),
                ArgumentField("passengers", .array(traveller, count: 1...BookingRules.maxPassengers), required: true, "One per passenger of the offer, in its order."),
                ArgumentField("hold", .boolean, "Hold the booking and pay later with pay (only offers that can be held, and without seats or bags)."),
                ArgumentField("confirm_total", .amount, required: true, "The total the traveller agreed to, like \"412.50\"."),
            ],
            readOnly: false, destructive: true, idempotent: true),
        ToolDefinition(
            name: .listBookings, title: "List bookings",
            description: "The bookings made here, newest first, with their state (confirmed, held, cancelled, pending).",
            fields: [], readOnly: true, idempotent: true),
        ToolDefinition(
            name: .getBooking, title: "Read a booking",
            description: "One booking in full, read again from the airline: its flights, total, whether it awaits payment and until when.",
            fields: [ArgumentField("reference", reference, required: true, "The booking reference, like RZPVYB.")],
            readOnly: true, idempotent: true),
        ToolDefinition(
            name: .pay, title: "Pay for a held booking",
            description: "Pays a held booking at confirm_total, which must equal its current total; another total pays nothing and the answer says the total now. Ask the traveller before calling it.",
            fields: [
                ArgumentField("reference", reference, required: true, "The booking reference."),
                ArgumentField("confirm_total", .amount, required: true, "The total the traveller agreed to pay."),
            ],
            readOnly: false, destructive: true, idempotent: true),
        ToolDefinition(
            name: .cancel, title: "Cancel a booking",
            description: "Two calls. Without token: the refund the airline offers, and a token; nothing is cancelled. Then, once the traveller agrees, with that token and confirm_refund equal to the refund: cancelled. A refund that changed cancels nothing and says the refund now.",
            fields: [
                ArgumentField("reference", reference, required: true, "The booking reference."),
                ArgumentField("token", identifier, "The token the quote gave; with it, the call cancels."),
                ArgumentField("confirm_refund", .amount, "With token: the refund the traveller agreed to (0 when there is none)."),
            ],
            readOnly: false, destructive: true),
        ToolDefinition(
            name: .changeBooking, title: "Move a booked flight to another day",
            description: "Two calls. First with flights: the airline's cheapest offer to move them (the change total: the fare difference and the fee, or below zero, money back), the new flights, and a token, and every offer the airline made, cheapest first, each with its change_offer_id, change total and new flights; nothing is changed. Then, once the traveller agrees, with only the reference, that token and confirm_total equal to the change total of the offer chosen (the cheapest, or the one named by change_offer_id): changed, to the flights quoted. A total that moved changes nothing and says the total now; the same confirmation sent again changes nothing more. Ask the traveller before the second call.",
            fields: [
                ArgumentField("reference", reference, required: true, "The booking reference."),
                ArgumentField("flights", .array(.object([
                    ArgumentField("flight", .integer(1...BookingRules.maxSlices), required: true, "Which flight: 1 the outbound, 2 the return (a multi-city trip counts its legs)."),
                    ArgumentField("date", date, required: true, "Its new day: YYYY-MM-DD, 29 dec, or +3 (days after the booked one)."),
                ]), count: 1...BookingRules.maxSlices), "To quote: the flights that move, each with its new day."),
                ArgumentField("cabin_class", .string(maxLength: 20, choices: ["economy", "premium_economy", "business", "first"]), "To quote: the cabin of the new flights; the booked one when left out."),
                ArgumentField("token", identifier, "To confirm: the token the quote gave."),
                ArgumentField("confirm_total", .amount, "To confirm, with token: the change total the traveller agreed to (\"-12.40\" for money back)."),
                ArgumentField("change_offer_id", identifier, "To confirm, with token: the quote's offer the traveller chose, when not the cheapest."),
            ],
            readOnly: false, destructive: true),
        ToolDefinition(
            name: .watchTrip, title: "Watch a trip's price",
            description: "Keeps a search as a price watch on this machine and checks it at once: its lowest total and offer are written to the watch's history, as every later check_watches does. With latest_departure_date, every day from departure_date to it is searched at each check (later flights move with the first, so the nights stay the same). With below, check_watches says when the lowest goes under that total. Answers the watch with its first check.",
            fields: tripFields + [
                ArgumentField("latest_departure_date", date, "For a window of days: the last day the first flight may leave (at most 30 days after departure_date: 31 days searched)."),
                ArgumentField("below", .amount, "A total to get under, in the currency the offers come in, like \"400\"."),
                ArgumentField("airlines", .array(.string(maxLength: 3), count: 1...20), "Only offers sold by these airlines (IATA codes: BA, AA)."),
            ],
            readOnly: false),
        ToolDefinition(
            name: .listWatches, title: "List price watches",
            description: "Every price watch kept here, each with its whole history (every check's lowest total and offer, oldest first), the lowest now, the change since the first and the last check, the lowest ever, whether it is under its price, and a verdict (low, typical or high for this trip) once its history is long enough.",
            fields: [], readOnly: true, idempotent: true),
        ToolDefinition(
            name: .checkWatches, title: "Check price watches",
            description: "Searches every watch again (or those named by watch_ids) and writes each lowest to its history, all at once when every search is done. Each watch's check says whether it moved and whether its lowest went under its price at this check (went_under_price).",
            fields: [ArgumentField("watch_ids", .array(.integer(1...1_000_000), count: 1...100), "Only these watches (their id from list_watches).")],
            readOnly: false),
        ToolDefinition(
            name: .removeWatch, title: "Remove a price watch",
            description: "Removes a watch and its history. Answers the watch as it was.",
            fields: [ArgumentField("watch_id", .integer(1...1_000_000), required: true, "The watch's id, from list_watches.")],
            readOnly: false, destructive: true),
    ]

    /// The definitions by name: every tool has one (a test holds the list to ``ToolName``).
    static let byName = Dictionary(uniqueKeysWithValues: definitions.map { ($0.name, $0) })
}
