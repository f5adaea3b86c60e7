import Entities

/// An airline the sandbox sells: where it is at home, where its hubs are, what it flies and how it prices.
struct Airline: Sendable, Hashable {
    var code: String
    var name: String
    /// ISO country codes where it flies domestic routes.
    var homeCountries: Set<String>
    /// Airports it connects passengers through, busiest first.
    var hubs: [String]
    /// Relative fare level (1 is the market's middle).
    var fareLevel: Double
    /// Flight numbers of its long-haul routes start low, short-haul ones high, as airlines number them.
    var flightNumberBase: Int
    /// Whether it flies the largest widebodies on trunk routes.
    var fliesA380: Bool

    var carrier: Carrier {
        Carrier(id: "arl_\(code.lowercased())", iataCode: code, name: name)
    }

    func isHub(_ airport: String) -> Bool { hubs.contains(airport) }
}

enum Airlines {
    /// Duffel's test airline: every test-mode search can return it, and it flies wherever a route is plausible.
    static let duffelAirways = Airline(
        code: "ZZ", name: "Duffel Airways", homeCountries: [], hubs: ["LHR", "JFK", "DXB", "SIN", "FRA", "HKG", "LAX", "GRU", "JNB", "SYD"],
        fareLevel: 0.92, flightNumberBase: 100, fliesA380: false)

    static let all: [Airline] = [
        duffelAirways,
        Airline(code: "BA", name: "British Airways", homeCountries: ["GB"], hubs: ["LHR", "LGW"], fareLevel: 1.12, flightNumberBase: 1, fliesA380: true),
        Airline(code: "VS", name: "Virgin Atlantic", homeCountries: ["GB"], hubs: ["LHR", "MAN"], fareLevel: 1.05, flightNumberBase: 1, fliesA380: false),
        Airline(code: "AA", name: "American Airlines", homeCountries: ["US"], hubs: ["DFW", "CLT", "MIA", "ORD", "PHL", "JFK", "LAX"], fareLevel: 1.0, flightNumberBase: 1, fliesA380: false),
        Airline(code: "DL", name: "Delta Air Lines", homeCountries: ["US"], hubs: ["ATL", "DTW", "MSP", "JFK", "SLC", "SEA", "LAX"], fareLevel: 1.04, flightNumberBase: 1, fliesA380: false),
        Airline(code: "UA", name: "United Airlines", homeCountries: ["US"], hubs: ["ORD", "EWR", "IAH", "DEN", "SFO", "IAD", "LAX"], fareLevel: 1.02, flightNumberBase: 1, fliesA380: false),
        Airline(code: "AC", name: "Air Canada", homeCountries: ["CA"], hubs: ["YYZ", "YVR", "YUL"], fareLevel: 1.0, flightNumberBase: 1, fliesA380: false),
        Airline(code: "AF", name: "Air France", homeCountries: ["FR"], hubs: ["CDG"], fareLevel: 1.06, flightNumberBase: 1, fliesA380: false),
        Airline(code: "KL", name: "KLM", homeCountries: ["NL"], hubs: ["AMS"], fareLevel: 1.03, flightNumberBase: 600, fliesA380: false),
        Airline(code: "LH", name: "Lufthansa", homeCountries: ["DE"], hubs: ["FRA", "MUC"], fareLevel: 1.1, flightNumberBase: 400, fliesA380: true),
        Airline(code: "IB", name: "Iberia", homeCountries: ["ES"], hubs: ["MAD"], fareLevel: 0.96, flightNumberBase: 3000, fliesA380: false),
        Airline(code: "EI", name: "Aer Lingus", homeCountries: ["IE"], hubs: ["DUB"], fareLevel: 0.94, flightNumberBase: 100, fliesA380: false),
        Airline(code: "FI", name: "Icelandair", homeCountries: ["IS"], hubs: ["KEF"], fareLevel: 0.9, flightNumberBase: 400, fliesA380: false),
        Airline(code: "AY", name: "Finnair", homeCountries: ["FI"], hubs: ["HEL"], fareLevel: 0.97, flightNumberBase: 1300, fliesA380: false),
        Airline(code: "SK", name: "SAS", homeCountries: ["SE", "DK", "NO"], hubs: ["CPH", "ARN", "OSL"], fareLevel: 0.98, flightNumberBase: 900, fliesA380: false),
        Airline(code: "TK", name: "Turkish Airlines", homeCountries: ["TR"], hubs: ["IST"], fareLevel: 0.88, flightNumberBase: 1, fliesA380: false),
        Airline(code: "EK", name: "Emirates", homeCountries: ["AE"], hubs: ["DXB"], fareLevel: 1.08, flightNumberBase: 1, fliesA380: true),
        Airline(code: "QR", name: "Qatar Airways", homeCountries: ["QA"], hubs: ["DOH"], fareLevel: 1.06, flightNumberBase: 1, fliesA380: true),
        Airline(code: "ET", name: "Ethiopian Airlines", homeCountries: ["ET"], hubs: ["ADD"], fareLevel: 0.85, flightNumberBase: 300, fliesA380: false),
        Airline(code: "SA", name: "South African Airways", homeCountries: ["ZA"], hubs: ["JNB"], fareLevel: 0.95, flightNumberBase: 200, fliesA380: false),
        Airline(code: "AI", name: "Air India", homeCountries: ["IN"], hubs: ["DEL", "BOM"], fareLevel: 0.84, flightNumberBase: 100, fliesA380: false),
        Airline(code: "SQ", name: "Singapore Airlines", homeCountries: ["SG"], hubs: ["SIN"], fareLevel: 1.12, flightNumberBase: 1, fliesA380: true),
        Airline(code: "CX", name: "Cathay Pacific", homeCountries: ["HK"], hubs: ["HKG"], fareLevel: 1.07, flightNumberBase: 200, fliesA380: false),
        Airline(code: "NH", name: "ANA", homeCountries: ["JP"], hubs: ["HND", "NRT"], fareLevel: 1.05, flightNumberBase: 1, fliesA380: false),
        Airline(code: "QF", name: "Qantas", homeCountries: ["AU"], hubs: ["SYD", "MEL"], fareLevel: 1.08, flightNumberBase: 1, fliesA380: true),
        Airline(code: "LA", name: "LATAM Airlines", homeCountries: ["BR", "CL", "PE", "CO"], hubs: ["GRU", "SCL", "LIM"], fareLevel: 0.93, flightNumberBase: 500, fliesA380: false),
    ]

    static func airline(code: String) -> Airline? { byCode[code] }

    private static let byCode: [String: Airline] = Dictionary(all.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
}

/// Aircraft types by the length of the flight they are used on.
enum Fleet {
    static let turboprop = [Aircraft(iataCode: "AT7", name: "ATR 72"), Aircraft(iataCode: "DH4", name: "De Havilland Canada Dash 8-400")]
    static let regional = [Aircraft(iataCode: "E90", name: "Embraer 190"), Aircraft(iataCode: "E75", name: "Embraer 175"), Aircraft(iataCode: "221", name: "Airbus A220-100")]
    static let narrowbody = [
        Aircraft(iataCode: "320", name: "Airbus A320"), Aircraft(iataCode: "32N", name: "Airbus A320neo"),
        Aircraft(iataCode: "321", name: "Airbus A321"), Aircraft(iataCode: "73H", name: "Boeing 737-800"),
        Aircraft(iataCode: "7M8", name: "Boeing 737 MAX 8"),
    ]
    static let longNarrowbody = [Aircraft(iataCode: "32Q", name: "Airbus A321neo"), Aircraft(iataCode: "7M8", name: "Boeing 737 MAX 8")]
    static let widebody = [
        Aircraft(iataCode: "789", name: "Boeing 787-9"), Aircraft(iataCode: "359", name: "Airbus A350-900"),
        Aircraft(iataCode: "77W", name: "Boeing 777-300ER"), Aircraft(iataCode: "333", name: "Airbus A330-300"),
        Aircraft(iataCode: "788", name: "Boeing 787-8"),
    ]
    static let ultraLong = [Aircraft(iataCode: "359", name: "Airbus A350-900ULR"), Aircraft(iataCode: "789", name: "Boeing 787-9"), Aircraft(iataCode: "77L", name: "Boeing 777-200LR")]
    static let a380 = Aircraft(iataCode: "388", name: "Airbus A380-800")

    static func choices(distanceKm: Double, airline: Airline, trunk: Bool) -> [Aircraft] {
        switch distanceKm {
        case ..<450: return turboprop + regional
        case ..<1_100: return regional + narrowbody
        case ..<3_500: return narrowbody
        case ..<5_200: return longNarrowbody + [widebody[3]]
        case ..<12_500: return airline.fliesA380 && trunk ? widebody + [a380] : widebody
        default: return ultraLong
        }
    }
}
