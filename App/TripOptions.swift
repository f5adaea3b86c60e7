import ArgumentParser
import Entities
import Trips

/// The trip as the one-shot commands take it (`flights search`, `flights watch`): where from and to, the days, who
/// flies, the cabin, the connections. Checked here as far as words go; the core reads the places and days.
struct TripOptions: ParsableArguments {
    @Argument(help: "Where from: an airport or city code, or a name.")
    var from: String

    @Argument(help: "Where to: an airport or city code, or a name.")
    var to: String

    @Option(help: "The departure date.")
    var depart: String

    @Option(name: .customLong("return"), help: "The return date, for a round trip (+N counts from the departure).")
    var returnDate: String?

    @Option(name: .customLong("then"), help: ArgumentHelp(
        "Another leg, for a multi-city trip: two codes and a day, like \"CDG NRT 22 dec\" (+N counts from the leg "
            + "before); repeat for each leg.",
        valueName: "leg"))
    var laterLegs: [String] = []

    @Option(help: "Adults (18 and over).")
    var adults: Int = 1

    @Option(name: .customLong("child"), help: ArgumentHelp("A child's age (0–17); repeat for each child.", valueName: "age"))
    var childAges: [Int] = []

    @Option(help: "Infants under 2 on a lap (one per adult).")
    var infants: Int = 0

    @Option(help: "economy, premium_economy, business or first.")
    var cabin: String?

    @Option(help: "At most this many connections per leg (0 = direct only).")
    var maxConnections: Int?

    @Option(help: ArgumentHelp("Only flights departing in this window, like 09:00-17:00.", valueName: "window"))
    var departBetween: String?

    func validate() throws {
        if !(1...BookingRules.maxPassengers).contains(adults) {
            throw ValidationError("--adults must be from 1 to \(BookingRules.maxPassengers).")
        }
        if infants < 0 || infants > adults {
            throw ValidationError("--infants must be from 0 to the number of adults (one infant on each adult's lap).")
        }
        if let age = childAges.first(where: { !BookingRules.childAges.contains($0) }) {
            throw ValidationError("--child \(age) is not a child's age; give an age from 0 to 17 (18 and over is an adult).")
        }
        if let maxConnections, !BookingRules.connectionRange.contains(maxConnections) {
            throw ValidationError("--max-connections must be 0, 1 or 2.")
        }
        if let cabin, CabinClass.allCases.allSatisfy({ $0.rawValue != cabin }) {
            throw ValidationError("--cabin must be one of: \(CabinClass.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        if returnDate != nil, !laterLegs.isEmpty {
            throw ValidationError("--return makes a round trip and --then a multi-city one; give one of them.")
        }
        for leg in laterLegs where Self.leg(leg) == nil {
            throw ValidationError("--then \"\(leg.prefix(40))\" is not a leg; give two codes and a day, like \"CDG NRT 22 dec\".")
        }
    }

    /// A `--then` leg: `CDG NRT 22 dec` as from, to and the day's text.
    static func leg(_ text: String) -> TripQuery.Leg? {
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard words.count >= 3 else { return nil }
        return TripQuery.Leg(from: words[0], to: words[1], date: words[2...].joined(separator: " "))
    }

    /// The trip as the core's query.
    var query: TripQuery {
        TripQuery(
            legs: [TripQuery.Leg(from: from, to: to, date: depart)] + laterLegs.compactMap(Self.leg),
            returnDate: returnDate, adults: adults, childAges: childAges, infants: infants,
            cabin: cabin.map(CabinClass.init(rawValue:)), maxConnections: maxConnections, departureWindow: departBetween)
    }
}
