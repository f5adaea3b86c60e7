import AirportData
import Foundation
import Testing

/// The recorded `places-*.json` responses stand in for Duffel's place suggestions in module tests, and
/// the sandbox answers the same queries from `AirportDirectory`: both must list the same places in the
/// same order, with the same airport facts.
@Suite("Recorded place suggestions agree with the directory")
struct PlaceFixtureTests {
    struct Suggestions: Decodable {
        let data: [Place]
    }

    struct Place: Decodable {
        let type: String?
        let iataCode: String
        let name: String
        let timeZone: String?
        let latitude: Double?
        let longitude: Double?
        let airports: [Place]?

        enum CodingKeys: String, CodingKey {
            case type, name, latitude, longitude, airports
            case iataCode = "iata_code"
            case timeZone = "time_zone"
        }
    }

    static let responses = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Sources/FixtureServices/Responses")

    @Test("each recorded suggestion list is the directory's, in order", arguments: [
        ("places-lon.json", "lon"),
        ("places-new-york.json", "new york"),
        ("places-jfk.json", "JFK"),
        ("places-paris-cdg.json", "paris cdg"),
    ])
    func sameOrder(file: String, query: String) throws {
        let data = try Data(contentsOf: Self.responses.appendingPathComponent(file))
        let recorded = try JSONDecoder().decode(Suggestions.self, from: data).data
        let live = AirportDirectory.world.suggestions(for: query, limit: recorded.count)
        #expect(recorded.map(\.iataCode) == live.map(\.iataCode))
        for (place, match) in zip(recorded, live) {
            switch match {
            case .city(let city):
                #expect(place.type == "city")
                #expect(place.name == city.name)
                #expect(place.airports?.map(\.iataCode) == city.airports.map(\.iataCode))
            case .airport(let airport):
                #expect(place.type == "airport")
                #expect(place.name == airport.name)
                #expect(place.timeZone == airport.timeZone)
                #expect(place.latitude == airport.latitude && place.longitude == airport.longitude)
            }
        }
    }
}
