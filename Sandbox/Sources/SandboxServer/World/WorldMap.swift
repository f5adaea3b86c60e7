import AirportData
import Entities
import Foundation

/// One airport as the generator needs it: the wire form, the clock, the position and how busy it is.
struct AirportInfo: Sendable, Hashable {
    var code: String
    var countryCode: String
    var cityCode: String?
    var zone: TimeZone
    var latitude: Double
    var longitude: Double
    /// Annual passengers in millions, 0 when the reference data does not say (a small airport).
    var passengersMillions: Double
    var wire: Airport

    /// How far a route from here can plausibly go without a stop, by how busy the airport is.
    var size: AirportSize {
        switch passengersMillions {
        case 30...: .major
        case 10..<30: .large
        case 2..<10: .medium
        default: .small
        }
    }

    static func == (lhs: AirportInfo, rhs: AirportInfo) -> Bool { lhs.code == rhs.code }
    func hash(into hasher: inout Hasher) { hasher.combine(code) }
}

enum AirportSize: Int, Sendable, Comparable {
    case small, medium, large, major

    static func < (lhs: AirportSize, rhs: AirportSize) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The sandbox's view of the real airports in Fixtures' reference data: places for suggestions, airports for
/// segments, distances for durations and prices.
final class WorldMap: Sendable {
    /// The world of the bundled airport data, which is loaded on first use (a large part of a sandbox's start-up):
    /// ``warmUp()`` starts that in the background.
    static let shared = WorldMap(directory: { AirportDirectory.world })

    private let loadDirectory: @Sendable () -> AirportDirectory
    private var directory: AirportDirectory { loadDirectory() }
    private let cache = LockedCache<String, AirportInfo?>(budget: 4_096)

    init(directory: @escaping @Sendable () -> AirportDirectory) {
        self.loadDirectory = directory
    }

    /// Starts loading the airport data off the caller's task, so that a sandbox can open its store and bind while it
    /// loads; the task ends when the data is loaded (a request that needs it meanwhile waits for it).
    @discardableResult
    func warmUp() -> Task<Void, Never> {
        Task.detached(priority: .userInitiated) { [loadDirectory] in _ = loadDirectory() }
    }

    /// The airport with IATA code `code`, or `nil`.
    func airport(_ code: String) -> AirportInfo? {
        if let cached = cache.value(for: code) { return cached }
        let info = directory.airport(iataCode: code).map(info)
        cache.store(info, for: code)
        return info
    }

    /// The airports a code names: itself when it is an airport, a city's airports when it is a city.
    func airports(for code: String) -> [AirportInfo] {
        if let airport = airport(code) { return [airport] }
        guard let city = directory.city(iataCode: code) else { return [] }
        return city.airports.compactMap { airport($0.iataCode) }
            .sorted { ($0.passengersMillions, $1.code) > ($1.passengersMillions, $0.code) }
    }

    /// The IATA metropolitan area with code `code` (`LON`), or `nil`.
    func city(_ code: String) -> CityRecord? { directory.city(iataCode: code) }

    /// Whether `code` is an airport or a city the sandbox knows.
    func knows(_ code: String) -> Bool { !airports(for: code).isEmpty }

    /// The place a search's slice names, as Duffel echoes it in an offer request.
    func place(for code: String) -> Place? {
        if let airport = airport(code) { return Place(airport.wire) }
        guard let city = directory.city(iataCode: code) else { return nil }
        return WorldMap.cityPlace(city, airports: airports(for: code).map(\.wire))
    }

    /// Places matching what a traveller typed, best first; a city comes with its airports.
    func suggestions(for query: String, limit: Int) -> [Place] {
        directory.suggestions(for: query, limit: limit).compactMap { match in
            switch match {
            case .airport(let record):
                return airport(record.iataCode).map { Place($0.wire) }
            case .city(let city):
                return WorldMap.cityPlace(city, airports: airports(for: city.iataCode).map(\.wire))
            }
        }
    }

    /// Great-circle distance in kilometres.
    static func distance(_ a: AirportInfo, _ b: AirportInfo) -> Double {
        let radians = Double.pi / 180
        let lat1 = a.latitude * radians, lat2 = b.latitude * radians
        let dLat = lat2 - lat1, dLon = (b.longitude - a.longitude) * radians
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * 6_371.0 * asin(min(1, sqrt(h)))
    }

    private func info(_ record: AirportRecord) -> AirportInfo {
        let cityCode = directory.cityCode(of: record)
        let wire = Airport(
            id: "arp_\(record.iataCode.lowercased())_\(record.countryCode.lowercased())", iataCode: record.iataCode,
            icaoCode: record.icaoCode, name: record.name, cityName: record.city,
            iataCityCode: cityCode, iataCountryCode: record.countryCode, timeZone: record.timeZone,
            latitude: record.latitude, longitude: record.longitude)
        return AirportInfo(
            code: record.iataCode, countryCode: record.countryCode, cityCode: cityCode,
            zone: TimeZone(identifier: record.timeZone) ?? SearchKey.utc, latitude: record.latitude,
            longitude: record.longitude,
            passengersMillions: AirportTraffic.estimate(code: record.iataCode, name: record.name), wire: wire)
    }

    private static func cityPlace(_ city: CityRecord, airports: [Airport]) -> Place {
        Place(
            kind: .city, id: "cit_\(city.iataCode.lowercased())_\(city.countryCode.lowercased())",
            iataCode: city.iataCode, name: city.name, iataCountryCode: city.countryCode,
            latitude: airports.first?.latitude, longitude: airports.first?.longitude, airports: airports)
    }
}
