public import AirportData
public import Entities
import Foundation
public import Services
import Synchronization

/// Place suggestions with no network: the recorded answers for `lon`, `new york`, `jfk` and `paris cdg`, and for
/// any other text the world's airports from `AirportDirectory`, encoded in Duffel's format and decoded back
/// through the same decoder as a live answer.
public final class FixturePlaceService: PlaceService {
    private let directory: AirportDirectory
    private let state = Mutex<State>(State())

    private struct State {
        var queries: [String] = []
        var replies: [String: FixtureReply] = [:]
        var failure: ServiceError?
    }

    /// Creates the service over `directory`.
    public init(directory: AirportDirectory = .world) {
        self.directory = directory
    }

    /// The queries asked so far, in order.
    public var queries: [String] { state.withLock { $0.queries } }

    /// Answers `query` (case-insensitive) with `reply` from now on.
    public func reply(to query: String, with reply: FixtureReply) {
        state.withLock { $0.replies[FixturePlaceService.key(query)] = reply }
    }

    /// Fails every call with `error` from now on (`nil` to stop).
    public func fail(with error: ServiceError?) {
        state.withLock { $0.failure = error }
    }

    public func suggestions(for query: String) async throws(ServiceError) -> [Place] {
        let key = FixturePlaceService.key(query)
        let (reply, failure) = state.withLock { state in
            state.queries.append(query)
            return (state.replies[key], state.failure)
        }
        if let failure { throw failure }
        if let reply {
            switch reply {
            case .file(let file): return try file.decode(Page<Place>.self).items
            case .failure(let error): throw error
            }
        }
        if key.isEmpty { return [] }
        if let recorded = FixturePlaceService.recorded[key] {
            return try recorded.decode(Page<Place>.self).items
        }
        let places = directory.suggestions(for: query).map(\.place)
        let body: Data
        do {
            body = try DuffelJSON.encoder().encode(Page(items: places))
        } catch {
            throw .malformedResponse("Suggestions could not be encoded: \(error)")
        }
        return try DuffelResponseDecoder.decode(Page<Place>.self, status: 200, body: body).items
    }

    private static let recorded: [String: FixtureFile] = [
        "lon": .placesLon, "new york": .placesNewYork, "jfk": .placesJFK, "paris cdg": .placesParisCDG,
    ]

    private static func key(_ query: String) -> String {
        query.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

extension AirportRecord {
    /// The airport in Duffel's terms.
    public func airport(cityCode: String?) -> Airport {
        Airport(
            id: "arp_\(iataCode.lowercased())_\(countryCode.lowercased())", iataCode: iataCode, icaoCode: icaoCode,
            name: name, cityName: city, iataCityCode: cityCode, iataCountryCode: countryCode, timeZone: timeZone,
            latitude: latitude, longitude: longitude)
    }
}

extension CityRecord {
    /// The city in Duffel's terms, with its airports.
    public var place: Place {
        Place(
            kind: .city, id: "cit_\(iataCode.lowercased())_\(countryCode.lowercased())", iataCode: iataCode,
            name: name, iataCountryCode: countryCode, airports: airports.map { $0.airport(cityCode: iataCode) })
    }
}

extension PlaceMatch {
    /// The match in Duffel's terms.
    public var place: Place {
        switch self {
        case .city(let city): return city.place
        case .airport(let airport):
            return Place(airport.airport(cityCode: AirportDirectory.world.cityCode(of: airport)))
        }
    }
}
