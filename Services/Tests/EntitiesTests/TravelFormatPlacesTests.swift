import Entities
import Foundation
import Testing

/// `London (LHR)`, written in one place for every module.
@Suite struct TravelFormatPlacesTests {
    static func airport(_ code: String, name: String, city: String?) throws -> Airport {
        let json = """
            {"iata_code": "\(code)", "name": "\(name)", "city_name": \(city.map { "\"\($0)\"" } ?? "null"),
             "iata_country_code": "GB", "time_zone": "Europe/London"}
            """
        return try DuffelJSON.decoder().decode(Airport.self, from: Data(json.utf8))
    }

    @Test func aNameComesWithItsCodeAndNoNameLeavesTheCode() {
        #expect(TravelFormat.named("London", code: "LHR") == "London (LHR)")
        #expect(TravelFormat.named("", code: "LHR") == "LHR")
        #expect(TravelFormat.named(nil, code: "LHR") == "LHR")
    }

    @Test func anAirportByItsNameOrByTheCityItServes() throws {
        let heathrow = try Self.airport("LHR", name: "Heathrow Airport", city: "London")
        #expect(TravelFormat.airport(heathrow) == "Heathrow Airport (LHR)")
        #expect(TravelFormat.city(of: heathrow) == "London (LHR)")
        let unnamedCity = try Self.airport("XYZ", name: "Somewhere Field", city: "")
        #expect(TravelFormat.city(of: unnamedCity) == "Somewhere Field (XYZ)")
        let nameless = try Self.airport("ABC", name: "", city: nil)
        #expect(TravelFormat.airport(nameless) == "ABC")
        #expect(TravelFormat.city(of: nameless) == "ABC")
    }
}
