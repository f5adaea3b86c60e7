import Foundation

/// How a trip reads on every screen: who travels, the route, the connections, the departure window and where a
/// refund goes. One grammar for every module, so the search, the offers, the summary and the bookings say the same
/// thing the same way.
extension TravelFormat {
    /// `1 offer`, `14 offers`: a count with its noun, plural with an `s`.
    public static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// `2 adults, 1 child (8), 1 infant on a lap`. Children's ages are shown when known.
    public static func passengers(adults: Int, childAges: [Int?], infants: Int) -> String {
        var parts: [String] = []
        if adults > 0 { parts.append(count(adults, "adult")) }
        if !childAges.isEmpty {
            let known = childAges.compactMap { $0 }
            let ages = known.count == childAges.count ? " (\(known.map(String.init).joined(separator: ", ")))" : ""
            parts.append((childAges.count == 1 ? "1 child" : "\(childAges.count) children") + ages)
        }
        if infants > 0 { parts.append(infants == 1 ? "1 infant on a lap" : "\(infants) infants on laps") }
        return parts.isEmpty ? "no passengers" : parts.joined(separator: ", ")
    }

    /// The passengers of a search, as ``passengers(adults:childAges:infants:)`` says them.
    public static func passengers(_ specs: [PassengerSpec]) -> String {
        var adults = 0, infants = 0
        var ages: [Int?] = []
        for spec in specs {
            switch spec {
            case .adult: adults += 1
            case .child(let age): ages.append(age)
            case .infantOnLap: infants += 1
            }
        }
        return passengers(adults: adults, childAges: ages, infants: infants)
    }

    /// A trip's route from its legs' ends (codes, or `London (LHR)`): `LHR ⇄ JFK` for a round trip,
    /// `LHR → JFK → SFO` when each leg starts where the last ended, else `LHR → JFK · SFO → LAX`.
    public static func route(_ legs: [(from: String, to: String)], roundTrip: Bool) -> String {
        guard let first = legs.first else { return "" }
        if roundTrip { return "\(first.from) ⇄ \(first.to)" }
        let chained = zip(legs, legs.dropFirst()).allSatisfy { $0.to == $1.from }
        if chained { return ([first.from] + legs.map(\.to)).joined(separator: " → ") }
        return legs.map { "\($0.from) → \($0.to)" }.joined(separator: " · ")
    }

    /// The route of a search request by its codes (`LHR ⇄ JFK`).
    public static func route(_ request: SearchRequest) -> String {
        route(request.slices.map { ($0.origin, $0.destination) }, roundTrip: request.tripKind == .roundTrip)
    }

    /// `Direct flights only`, `Up to 1 connection`; short: `direct only`, `≤1 connection`.
    public static func connections(_ count: Int, short: Bool) -> String {
        if count <= 0 { return short ? "direct only" : "Direct flights only" }
        let noun = count == 1 ? "connection" : "connections"
        return short ? "≤\(count) \(noun)" : "Up to \(count) \(noun)"
    }

    /// `Any time`, `Departing 09:00–17:00`; short: `any time`, `departs 09:00–17:00`.
    public static func window(_ window: TimeWindow?, short: Bool) -> String {
        guard let window else { return short ? "any time" : "Any time" }
        return short ? "departs \(window)" : "Departing \(window)"
    }

    /// Where a cancellation's refund goes, from Duffel's `refund_to`: `your Duffel balance`, `the card or account it
    /// was paid with`; an unpaid hold's refund goes nowhere.
    public static func refundDestination(_ destination: String?) -> String {
        switch destination {
        case "balance"?: "your Duffel balance"
        case "original_form_of_payment"?: "the card or account it was paid with"
        case "voucher"?: "a voucher from the airline"
        case "airline_credits"?: "airline credits"
        case "awaiting_payment"?: "nowhere: the booking was never paid"
        case let other?: other.replacingOccurrences(of: "_", with: " ")
        case nil: "where the airline sends it (it does not say)"
        }
    }
}

/// Reads a departure window as a traveller types it, the same on every screen: `09:00-17:00`, `9-17`, `9:00 to 17:00`,
/// `morning`, `afternoon`, `evening`; `any` (or nothing) for any time.
public enum TimeWindowReader {
    /// Why a typed window could not be read.
    public enum Problem: Error, Sendable, Hashable {
        /// Not a window at all.
        case unreadable(String)
        /// An end that is not a time of day (`25:00`).
        case noSuchTime(String)
        /// It ends before it starts.
        case endsBeforeStart(TimeWindow)

        /// What to tell the traveller.
        public var message: String {
            switch self {
            case .unreadable(let text):
                "“\(text)” is not a time window. Type one like 09:00-17:00, 9-17, morning, afternoon or evening; or any."
            case .noSuchTime(let text):
                "“\(text)” is not a time of day; use 00:00 to 23:59."
            case .endsBeforeStart(let window):
                "The window \(window) ends before it starts; give the earlier time first."
            }
        }
    }

    /// Part-of-day windows, both ends inclusive, as Duffel reads them.
    public static let named: [String: TimeWindow] = [
        "morning": TimeWindow(from: LocalTime(minutesSinceMidnight: 5 * 60), to: LocalTime(minutesSinceMidnight: 11 * 60 + 59)),
        "afternoon": TimeWindow(from: LocalTime(minutesSinceMidnight: 12 * 60), to: LocalTime(minutesSinceMidnight: 17 * 60 + 59)),
        "evening": TimeWindow(from: LocalTime(minutesSinceMidnight: 18 * 60), to: LocalTime(minutesSinceMidnight: 23 * 60 + 59)),
    ]

    /// Words that mean any time.
    public static let anyWords: Set<String> = ["", "any", "any time", "anytime", "all", "none", "no", "-"]

    /// The window typed, or `nil` for any time; `checkOrder` refuses a window that ends before it starts.
    public static func read(_ text: String, checkOrder: Bool = true) throws(Problem) -> TimeWindow? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if anyWords.contains(trimmed) { return nil }
        if let window = named[trimmed] { return window }
        let unified = trimmed.replacingOccurrences(of: "–", with: "-").replacingOccurrences(of: " to ", with: "-")
        let ends = unified.split(separator: "-", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard ends.count == 2 else { throw .unreadable(text) }
        let window = TimeWindow(from: try time(ends[0], in: text), to: try time(ends[1], in: text))
        if checkOrder, !window.isValid { throw .endsBeforeStart(window) }
        return window
    }

    private static func time(_ text: String, in whole: String) throws(Problem) -> LocalTime {
        if let time = LocalTime(text) { return time }
        if text.count <= 2, text.allSatisfy(\.isASCII), let hour = Int(text) {
            guard let time = LocalTime(hour: hour, minute: 0) else { throw .noSuchTime(text) }
            return time
        }
        if text.contains(":") { throw .noSuchTime(text) }
        throw .unreadable(whole)
    }
}
