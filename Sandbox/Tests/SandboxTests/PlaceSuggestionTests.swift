import Entities
import Foundation
import Services
import Testing

@Suite("Place suggestions")
struct PlaceSuggestionTests {
    @Test("a city comes first with its airports, and they follow it")
    func cityWithAirports() async throws {
        try await Harness.run { harness in
            let places = try await harness.places.suggestions(for: "london")
            let first = try #require(places.first)
            #expect(first.kind == .city)
            #expect(first.iataCode == "LON")
            #expect(first.airports.map(\.iataCode).contains("LHR"))
            #expect(first.airports.map(\.iataCode).contains("LGW"))
            let following = places.dropFirst().prefix(first.airports.count).map(\.iataCode)
            #expect(Set(following) == Set(first.airports.map(\.iataCode)))
            #expect(places.allSatisfy { $0.kind == .city || $0.timeZone != nil })
        }
    }

    @Test("an airport code matches that airport first, with Duffel's fields")
    func airportCode() async throws {
        try await Harness.run { harness in
            let places = try await harness.places.suggestions(for: "JFK")
            let first = try #require(places.first)
            #expect(first.kind == .airport)
            #expect(first.iataCode == "JFK")
            #expect(first.timeZone == "America/New_York")
            #expect(first.iataCountryCode == "US")
            #expect(first.iataCityCode == "NYC")
            #expect(first.id == "arp_jfk_us")
        }
    }

    @Test("a partial city name finds the city", arguments: [("san fran", "SFO"), ("amster", "AMS"), ("dubai", "DXB")])
    func partialNames(query: String, expected: String) async throws {
        try await Harness.run { harness in
            let codes = try await harness.places.suggestions(for: query).prefix(4)
                .flatMap { [$0.iataCode] + $0.airports.map(\.iataCode) }
            #expect(codes.contains(expected))
        }
    }

    @Test("a query that matches nothing gives an empty list, and no query is a 422 naming the parameter")
    func emptyAndMissing() async throws {
        try await Harness.run { harness in
            #expect(try await harness.places.suggestions(for: "zzqqxx").isEmpty)
            let response = try await harness.raw(.get, "/places/suggestions")
            #expect(response.status == 422)
            let error = try harness.decodeError(response)
            #expect(error.primary?.type == .validation)
            #expect(error.primary?.source?.parameter == "query")
        }
    }
}
