import AirportData
import Foundation
import Testing

@Suite("The bundled world directory")
struct WorldDirectoryTests {
    let world = AirportDirectory.world

    @Test("loads strictly, with several thousand airports and the IATA metropolitan cities")
    func loadsStrictly() throws {
        let directory = try AirportDirectory.loadWorld()
        #expect(directory.airports.count > 7_000)
        #expect(directory.cities.count > 30)
        #expect(world.airports.count == directory.airports.count)
        #expect(world.cities.count == directory.cities.count)
    }

    @Test("airports are sorted by code and every code is unique")
    func airportsSortedAndUnique() {
        let codes = world.airports.map(\.iataCode)
        #expect(codes == codes.sorted())
        #expect(Set(codes).count == codes.count)
    }

    @Test("every airport's time zone is one Foundation knows")
    func timeZonesKnownToFoundation() {
        let unknown = Set(world.airports.map(\.timeZone)).filter { TimeZone(identifier: $0) == nil }.sorted()
        #expect(unknown.isEmpty, "time zones Foundation does not resolve: \(unknown)")
    }

    @Test("every airport has plausible fields")
    func fieldsArePlausible() {
        for airport in world.airports {
            #expect(airport.iataCode.count == 3 && airport.iataCode == airport.iataCode.uppercased())
            #expect(airport.countryCode.count == 2, "\(airport.iataCode): country \(airport.countryCode)")
            #expect(!airport.name.isEmpty && !airport.city.isEmpty, "\(airport.iataCode) lacks a name or city")
            #expect((-90...90).contains(airport.latitude) && (-180...180).contains(airport.longitude))
            if let icao = airport.icaoCode { #expect(icao.count == 4, "\(airport.iataCode): ICAO \(icao)") }
        }
    }

    @Test("looks airports up by IATA code, in any case")
    func airportByCode() throws {
        let heathrow = try #require(world.airport(iataCode: "LHR"))
        #expect(heathrow.icaoCode == "EGLL")
        #expect(heathrow.city == "London")
        #expect(heathrow.countryCode == "GB")
        #expect(heathrow.timeZone == "Europe/London")
        #expect(abs(heathrow.latitude - 51.47) < 0.01 && abs(heathrow.longitude + 0.46) < 0.01)
        #expect(world.airport(iataCode: "jfk")?.timeZone == "America/New_York")
        #expect(world.airport(iataCode: "RAI")?.countryCode == "CV")
        #expect(world.airport(iataCode: "QQQ") == nil)
        #expect(world.airport(iataCode: "") == nil)
    }

    @Test("looks cities up by code and knows which city an airport belongs to")
    func citiesByCode() throws {
        let london = try #require(world.city(iataCode: "lon"))
        #expect(london.name == "London")
        #expect(london.countryCode == "GB")
        #expect(london.airports.map(\.iataCode) == ["LHR", "LGW", "STN", "LTN", "LCY", "SEN"])

        let newYork = try #require(world.city(iataCode: "NYC"))
        #expect(newYork.airports.map(\.iataCode) == ["JFK", "LGA", "EWR"])

        let heathrow = try #require(world.airport(iataCode: "LHR"))
        let newark = try #require(world.airport(iataCode: "EWR"))
        let providence = try #require(world.airport(iataCode: "PVD"))
        #expect(world.cityCode(of: heathrow) == "LON")
        #expect(world.cityCode(of: newark) == "NYC")
        #expect(world.cityCode(of: providence) == nil)
        #expect(world.city(iataCode: "LHR") == nil)
    }

    @Test("every city's airports are in the directory and belong to it")
    func cityMembersResolve() {
        for city in world.cities {
            #expect(!city.airports.isEmpty, "\(city.iataCode) has no airports")
            for airport in city.airports {
                #expect(world.airport(iataCode: airport.iataCode) == airport)
            }
        }
    }

    @Test("great-circle distances", arguments: [
        ("LHR", "JFK", 5_540.0, 15.0),
        ("JFK", "LHR", 5_540.0, 15.0),
        ("SYD", "LAX", 12_050.0, 60.0),
        ("CDG", "ORY", 35.0, 3.0),
    ])
    func distances(from: String, to: String, kilometres: Double, tolerance: Double) throws {
        let origin = try #require(world.airport(iataCode: from))
        let destination = try #require(world.airport(iataCode: to))
        let distance = world.distance(from: origin, to: destination).converted(to: .kilometers).value
        #expect(abs(distance - kilometres) <= tolerance, "\(from)-\(to): \(distance) km")
    }

    @Test("an airport is no distance from itself")
    func zeroDistance() throws {
        let heathrow = try #require(world.airport(iataCode: "LHR"))
        #expect(world.distance(from: heathrow, to: heathrow).value == 0)
    }

    @Test("ships the data's licence and version")
    func licence() {
        #expect(AirportDirectory.dataLicense.contains("MIT License"))
        #expect(AirportDirectory.dataVersion.count == 8 && AirportDirectory.dataVersion.allSatisfy(\.isNumber))
    }
}
