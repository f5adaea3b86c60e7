import Entities
import Foundation

/// A fare family: what the ticket allows, and how much more it costs than the cheapest.
struct FareBrand: Sendable, Hashable {
    enum Level: Int, Sendable { case basic, standard, flex }

    var level: Level
    var multiplier: Double

    var name: String {
        switch level {
        case .basic: "Basic"
        case .standard: "Standard"
        case .flex: "Flex"
        }
    }

    /// The brands sold in each cabin, cheapest first: premium cabins have no bare fare.
    static func brands(for cabin: CabinClass) -> [FareBrand] {
        switch cabin {
        case .premiumEconomy, .business:
            [FareBrand(level: .standard, multiplier: 1.0), FareBrand(level: .flex, multiplier: 1.4)]
        case .first:
            [FareBrand(level: .flex, multiplier: 1.0)]
        default:
            [FareBrand(level: .basic, multiplier: 1.0), FareBrand(level: .standard, multiplier: 1.22),
             FareBrand(level: .flex, multiplier: 1.85)]
        }
    }
}

/// How the sandbox prices a journey. Amounts are computed in pounds, converted at fixed rates, and kept in
/// whole minor units (pence, cents) so that base + tax = total exactly.
enum Pricing {
    private static let euroCountries: Set<String> = [
        "AT", "BE", "CY", "DE", "EE", "ES", "FI", "FR", "GR", "HR", "IE", "IT", "LT", "LU", "LV", "MT", "NL",
        "PT", "SI", "SK",
    ]

    /// One currency per search, from the first departure's country, as a traveller there would pay.
    static func currency(forOriginCountry country: String) -> String {
        if country == "GB" { return "GBP" }
        if euroCountries.contains(country) { return "EUR" }
        return "USD"
    }

    /// Units of `currency` per pound.
    static func rate(_ currency: String) -> Double {
        switch currency {
        case "EUR": 1.17
        case "USD": 1.27
        default: 1.0
        }
    }

    /// Minor units (pence) for `pounds` in `currency`.
    static func minorUnits(pounds: Double, currency: String) -> Int {
        Int((pounds * rate(currency) * 100).rounded())
    }

    static func money(minorUnits: Int, currency: String) -> Money {
        // The same value as Decimal(minorUnits) / 100, without Decimal's long division (half of generating a
        // search went to it).
        let amount = Decimal(sign: minorUnits < 0 ? .minus : .plus, exponent: -2, significand: Decimal(minorUnits.magnitude))
        return Money(amount: amount, currency: currency)
    }

    /// An economy fare for one adult over `distanceKm`, in pounds: steep per kilometre on short routes,
    /// flatter on long ones.
    static func fareCurve(distanceKm: Double) -> Double {
        if distanceKm < 2_000 { return 38 + 0.082 * distanceKm }
        return 38 + 0.082 * 2_000 + 0.048 * (distanceKm - 2_000)
    }

    static func cabinMultiplier(_ cabin: CabinClass) -> Double {
        switch cabin {
        case .premiumEconomy: 1.65
        case .business: 3.6
        case .first: 6.2
        default: 1.0
        }
    }

    /// Fares climb as departure nears: about 1.7× in the last days, 0.9× months ahead.
    static func advanceMultiplier(daysAhead: Int) -> Double {
        0.9 + 0.8 * exp(-Double(max(daysAhead, 0)) / 12)
    }

    /// Airlines file fares several times a day, and a route's prices move with each filing: a leg's fares are up to
    /// 8% above or below its usual in each six-hour filing period (UTC), the same for every search in that period.
    /// So a search made again hours later, or days later, finds other prices; one made minutes later the same.
    static func filingMultiplier(origin: String, destination: String, date: CalendarDate, searchedAt: Date) -> Double {
        let period = Int((searchedAt.timeIntervalSince1970 / filingPeriod).rounded(.down))
        var random = SplitMix64(seed: StableHash.of("filing", origin, destination, date.description, String(period)))
        return 0.92 + 0.16 * random.unit()
    }

    /// How long one fare filing stands, in seconds.
    static let filingPeriod: TimeInterval = 6 * 3_600

    /// Fridays and Sundays cost more; Tuesdays and Wednesdays less.
    static func weekdayMultiplier(_ date: CalendarDate) -> Double {
        switch date.weekday {
        case .friday, .sunday: 1.1
        case .tuesday, .wednesday: 0.94
        default: 1.0
        }
    }

    /// Business travellers' departure times cost more.
    static func timeOfDayMultiplier(_ time: LocalTime) -> Double {
        switch time.hour {
        case 6...8, 17...19: 1.08
        case 21...23: 0.93
        default: 1.0
        }
    }

    static func passengerMultiplier(_ passenger: PassengerSpec) -> Double {
        switch passenger {
        case .adult: 1.0
        case .child: 0.75
        case .infantOnLap: 0.1
        }
    }

    /// Taxes and charges for one passenger on one flight, in pounds: airport charges by distance, and the
    /// departure country's duty on the first flight of a leg (the UK's is the well-known one).
    static func taxes(
        flightDistanceKm: Double, originCountry: String, firstOfLeg: Bool, cabin: CabinClass, passenger: PassengerSpec
    ) -> Double {
        var amount = 9 + 0.006 * flightDistanceKm
        if passenger == .infantOnLap { return amount * 0.2 }
        if firstOfLeg {
            let premium = cabin != .economy
            if originCountry == "GB" {
                amount += (flightDistanceKm < 2_000 ? 13 : 88) * (premium ? 2 : 1)
            } else {
                amount += min(60, 0.004 * flightDistanceKm) * (premium ? 1.5 : 1)
            }
        }
        return amount
    }

    /// CO₂ per seated passenger for a flight, in kilograms: about 115 g per km in economy on short flights (take-off
    /// and climb weigh more), 88 g on long ones, less on turboprops and new-generation types, more on older
    /// wide bodies and the four-engined A380; premium cabins by the floor space a seat takes (DEFRA's factors).
    static func emissionsKg(distanceKm: Double, cabin: CabinClass, aircraft: String? = nil) -> Double {
        let aircraftFactor: Double = switch aircraft {
        case "AT7", "DH4": 0.8
        case "32N", "32Q", "7M8", "221", "788", "789", "359": 0.92
        case "77W", "77L", "333": 1.05
        case "388": 1.12
        default: 1.0
        }
        let perKm = (distanceKm < 1_500 ? 0.115 : 0.088) * aircraftFactor
        let cabinFactor: Double
        switch cabin {
        case .premiumEconomy: cabinFactor = 1.6
        case .business: cabinFactor = 2.9
        case .first: cabinFactor = 4.0
        default: cabinFactor = 1.0
        }
        return distanceKm * perKm * cabinFactor
    }
}
