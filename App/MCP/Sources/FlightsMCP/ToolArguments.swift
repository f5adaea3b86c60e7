import Entities
import Foundation
import MCP

/// A call's arguments, once checked against its tool's rules, read as the toolbox's types. What the rules cannot
/// say (a route or slices, not both; a child's age) is checked here, as an invalid-params problem too.
struct ToolArguments {
    let values: [String: Value]

    func string(_ name: String) -> String? { values[name]?.stringValue }
    func int(_ name: String) -> Int? { values[name]?.wholeNumber }
    func bool(_ name: String) -> Bool { values[name]?.boolValue ?? false }

    /// An amount as a decimal, exactly as written (`"412.50"` is 412.5, never a binary fraction).
    func amount(_ name: String) -> Decimal? {
        values[name]?.amountText.flatMap { Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX")) }
    }

    /// The search the trip fields describe: one leg (two with `return_date`) or the slices given.
    func tripSearch(limit: Int?) throws(ArgumentProblem) -> TripSearch {
        let legs: [TripSearch.Leg]
        if let slices = values["slices"]?.arrayValue {
            if ["origin", "destination", "departure_date", "return_date"].contains(where: { values[$0].map { !$0.isNull } ?? false }) {
                throw .invalid("Give either slices (a multi-city trip) or origin, destination and departure_date, not both.")
            }
            legs = slices.compactMap { slice in
                guard let fields = slice.objectValue, let origin = fields["origin"]?.stringValue,
                      let destination = fields["destination"]?.stringValue, let date = fields["departure_date"]?.stringValue
                else { return nil }
                return TripSearch.Leg(origin: origin, destination: destination, date: date)
            }
        } else {
            for name in ["origin", "destination", "departure_date"] where string(name) == nil {
                throw .missing(name)
            }
            legs = [TripSearch.Leg(
                origin: string("origin") ?? "", destination: string("destination") ?? "", date: string("departure_date") ?? "")]
        }
        let party = try Self.party(values["passengers"]?.arrayValue ?? [])
        return TripSearch(
            legs: legs, returnDate: string("return_date"), adults: party.adults, childAges: party.childAges,
            infants: party.infants, cabin: string("cabin_class"), maxConnections: int("max_connections"),
            departureWindow: string("departure_window"), sort: string("sort") ?? "price", limit: limit)
    }

    /// Counts the party: adults, each child's age, infants on a lap. A passenger with only an age is typed by it.
    static func party(_ specs: [Value]) throws(ArgumentProblem) -> (adults: Int, childAges: [Int], infants: Int) {
        guard !specs.isEmpty else { return (1, [], 0) }
        var adults = 0
        var childAges: [Int] = []
        var infants = 0
        for (index, spec) in specs.enumerated() {
            let fields = spec.objectValue ?? [:]
            let age = fields["age"]?.wholeNumber
            let type = fields["type"]?.stringValue ?? age.map { $0 >= BookingRules.adultAge ? "adult" : "child" } ?? "adult"
            let path = "passengers[\(index)]"
            switch type {
            case "child":
                guard let age, BookingRules.childAges.contains(age) else {
                    throw .invalid("\(path).age: a child's age (0 to 17) is required.")
                }
                childAges.append(age)
            case "infant_without_seat":
                if let age, age >= BookingRules.infantAgeLimit {
                    throw .invalid("\(path).age: an infant on a lap is under \(BookingRules.infantAgeLimit); give type child for \(age).")
                }
                infants += 1
            default:
                if let age, age < BookingRules.adultAge {
                    throw .invalid("\(path).age: an adult is \(BookingRules.adultAge) or over; give type child for \(age).")
                }
                adults += 1
            }
        }
        guard adults >= 1 else { throw .invalid("passengers: at least one adult travels.") }
        guard infants <= adults else { throw .invalid("passengers: one infant on a lap per adult at most.") }
        return (adults, childAges, infants)
    }

    /// The passengers as a passengers file gives them (the one schema `flights book --passengers` reads).
    func travellers() throws(ArgumentProblem) -> [PassengersFile.Traveller] {
        guard let passengers = values["passengers"],
              let data = try? JSONEncoder().encode(passengers)
        else { throw .missing("passengers") }
        do {
            return try PassengersFile.travellers(from: data)
        } catch {
            throw .invalid("passengers: not a list of passengers in Duffel's format.")
        }
    }

    /// A key that is the same for the same booking asked again: the offer, the passengers (as read, so the order of
    /// fields and `1` against `1.0` do not matter), hold or not, and the total agreed.
    static func bookingKey(offerID: String, travellers: [PassengersFile.Traveller], hold: Bool, total: Decimal) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let passengers = (try? encoder.encode(travellers)) ?? Data()
        var bytes = Array("\(offerID)|\(hold)|\(total)|".utf8)
        bytes += passengers
        return "mcp-" + hex(fnv1a(bytes, basis: 0xcbf2_9ce4_8422_2325)) + hex(fnv1a(bytes, basis: 0x6c62_272e_07bb_0142))
    }

    /// 64-bit FNV-1a: stable across runs and machines, unlike `Hasher`.
    private static func fnv1a(_ bytes: [UInt8], basis: UInt64) -> UInt64 {
        bytes.reduce(basis) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// A call, read: the tool and its arguments as the toolbox takes them.
enum ToolRequest: Sendable {
    case findPlaces(String)
    case searchFlights(TripSearch, airlines: Set<String>, limit: Int)
    case searchDates(TripSearch)
    case getOffer(String)
    case seatMap(String)
    case book(BookingRequest)
    case listBookings
    case getBooking(String)
    case pay(String, total: Decimal)
    case quoteCancellation(String)
    case cancel(String, token: String, refund: Decimal)
    case quoteChange(String, ChangePlan)
    case change(String, token: String, total: Decimal, offerID: String?)
    case watchTrip(TripSearch, WatchAsked)
    case listWatches
    case checkWatches([Int]?)
    case removeWatch(Int)

    /// Moves money or a booking: once under way it is finished, even when the client cancels the call (the
    /// specification lets a receiver ignore a cancellation it cannot honour), so a booking is never left half made.
    var finishesOnceStarted: Bool {
        switch self {
        case .book, .pay, .cancel, .change: true
        default: false
        }
    }
}

extension ToolArguments {
    /// The call to `name`, read from arguments already checked against its rules; what the rules cannot say
    /// (a route or slices, not both; a child's age; a token without its refund) is a problem here.
    func request(for name: ToolName) throws(ArgumentProblem) -> ToolRequest {
        switch name {
        case .findPlaces: return .findPlaces(string("query") ?? "")
        case .searchFlights:
            let airlines = Set((values["airlines"]?.arrayValue ?? []).compactMap { $0.stringValue?.uppercased() })
            var search = try tripSearch(limit: nil)
            search.supplierTimeout = int("supplier_timeout")
            return .searchFlights(search, airlines: airlines, limit: int("limit") ?? 10)
        case .searchDates: return .searchDates(try tripSearch(limit: nil))
        case .getOffer: return .getOffer(string("offer_id") ?? "")
        case .seatMap: return .seatMap(string("offer_id") ?? "")
        case .book:
            let offerID = string("offer_id") ?? ""
            let hold = bool("hold")
            guard let total = amount("confirm_total") else { throw .missing("confirm_total") }
            guard total > 0 else { throw .invalid("confirm_total: a booking's total is above zero.") }
            let travellers = try travellers()
            return .book(BookingRequest(
                offerID: offerID, travellers: travellers, hold: hold, agreedTotal: total,
                key: Self.bookingKey(offerID: offerID, travellers: travellers, hold: hold, total: total)))
        case .listBookings: return .listBookings
        case .getBooking: return .getBooking(reference)
        case .pay:
            guard let total = amount("confirm_total") else { throw .missing("confirm_total") }
            guard total > 0 else { throw .invalid("confirm_total: a payment's total is above zero.") }
            return .pay(reference, total: total)
        case .cancel:
            guard let token = string("token") else {
                if values["confirm_refund"].map({ !$0.isNull }) ?? false {
                    throw .invalid("confirm_refund goes with the token a first call to cancel gave.")
                }
                return .quoteCancellation(reference)
            }
            guard let refund = amount("confirm_refund") else {
                throw .invalid("confirm_refund is required with token: the refund the traveller agreed to (0 when there is none).")
            }
            guard refund >= 0 else { throw .invalid("confirm_refund: a refund is zero or more.") }
            return .cancel(reference, token: token, refund: refund)
        case .watchTrip:
            let airlines = (values["airlines"]?.arrayValue ?? []).compactMap { $0.stringValue?.uppercased() }
            let asked = WatchAsked(latestDeparture: string("latest_departure_date"), below: amount("below"), airlines: airlines)
            if let below = asked.below, below <= 0 { throw .invalid("below: a total to get under is above zero.") }
            return .watchTrip(try tripSearch(limit: nil), asked)
        case .listWatches: return .listWatches
        case .checkWatches: return .checkWatches(values["watch_ids"]?.arrayValue?.compactMap(\.wholeNumber))
        case .removeWatch:
            guard let id = int("watch_id") else { throw .missing("watch_id") }
            return .removeWatch(id)
        case .changeBooking:
            if let token = string("token") {
                guard values["flights"].map({ $0.isNull }) ?? true, values["cabin_class"].map({ $0.isNull }) ?? true else {
                    throw .invalid("With token, leave flights and cabin_class out: the token carries the change quoted.")
                }
                guard let total = amount("confirm_total") else {
                    throw .invalid("confirm_total is required with token: the change total the traveller agreed to.")
                }
                return .change(reference, token: token, total: total, offerID: string("change_offer_id"))
            }
            guard values["confirm_total"].map({ $0.isNull }) ?? true, values["change_offer_id"].map({ $0.isNull }) ?? true else {
                throw .invalid("confirm_total and change_offer_id go with the token a first call to change_booking gave.")
            }
            let moves = (values["flights"]?.arrayValue ?? []).compactMap { move -> ChangePlan.Move? in
                guard let fields = move.objectValue, let flight = fields["flight"]?.wholeNumber,
                      let day = fields["date"]?.stringValue
                else { return nil }
                return ChangePlan.Move(flight: flight - 1, day: day)
            }
            guard !moves.isEmpty else { throw .missing("flights") }
            if Set(moves.map(\.flight)).count < moves.count { throw .invalid("flights: each flight moves once.") }
            return .quoteChange(reference, ChangePlan(moves: moves, cabin: string("cabin_class")))
        }
    }

    /// The booking reference, as references are written: upper case, no spaces around.
    var reference: String { (string("reference") ?? "").trimmingCharacters(in: .whitespaces).uppercased() }
}
