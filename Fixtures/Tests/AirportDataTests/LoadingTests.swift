import AirportData
import Foundation
import Testing

@Suite("Loading CSV text")
struct LoadingTests {
    static let header = "iata,icao,name,city,subdivision,country,time_zone,latitude,longitude,passengers_millions"
    static let airports = """
        \(header)
        AAA,AAAA,"Alpha ""Big"" International, North",Alpha,,AA,Europe/London,51.5,-0.1,10
        BBB,,Bravo Field,Bravo,Region,BB,America/New_York,40.6,-73.8,
        CCC,CCCC,Charlie Airport,Alphaville,,AA,Europe/London,51,0,
        """
    static let cities = """
        iata,name,country,airports
        ALP,Alpha,AA,CCC AAA
        """

    @Test("reads quoted fields, blanks and optional columns")
    func readsFields() throws {
        let directory = try AirportDirectory(airportsCSV: Self.airports, citiesCSV: Self.cities)
        let alpha = try #require(directory.airport(iataCode: "AAA"))
        #expect(alpha.name == "Alpha \"Big\" International, North")
        #expect(alpha.subdivision == nil)
        let bravo = try #require(directory.airport(iataCode: "BBB"))
        #expect(bravo.icaoCode == nil)
        #expect(bravo.subdivision == "Region")
        #expect(bravo.latitude == 40.6 && bravo.longitude == -73.8)
        // AAA is in the city proper (Alpha), CCC in Alphaville: AAA first although listed second.
        #expect(directory.city(iataCode: "ALP")?.airports.map(\.iataCode) == ["AAA", "CCC"])
    }

    @Test("accepts CRLF line ends")
    func crlf() throws {
        let text = Self.airports.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n"
        let directory = try AirportDirectory(airportsCSV: text, citiesCSV: Self.cities)
        #expect(directory.airports.count == 3)
    }

    @Test("the traffic column is optional")
    func noTraffic() throws {
        let text = """
            iata,icao,name,city,subdivision,country,time_zone,latitude,longitude
            AAA,AAAA,Alpha,Alpha,,AA,Europe/London,51.5,-0.1
            """
        let directory = try AirportDirectory(airportsCSV: text, citiesCSV: "iata,name,country,airports")
        #expect(directory.airports.count == 1)
        #expect(directory.cities.isEmpty)
    }

    @Test("a missing column is named")
    func missingColumn() {
        let text = "iata,icao,name,city,subdivision,country,latitude,longitude\nAAA,,A,A,,AA,1,1"
        #expect(throws: AirportDataError.missingColumn(file: "airports.csv", column: "time_zone")) {
            try AirportDirectory(airportsCSV: text, citiesCSV: Self.cities)
        }
    }

    @Test("malformed rows are reported with their line", arguments: [
        ("AAA,,\"unterminated,A,,AA,Europe/London,1,1,", 2),
        ("AAA,,A,A,,AA,Europe/London,1", 2),
        ("AAAA,,A,A,,AA,Europe/London,1,1,", 2),
        ("AAA,,A,A,,AA,Europe/London,91,1,", 2),
        ("AAA,,A,A,,AA,Europe/London,north,1,", 2),
        ("AAA,,A,A,,AA,,1,1,", 2),
        ("AAA,,A,A,,AA,Europe/London,1,1,lots", 2),
        ("AAA,,A\"B,A,,AA,Europe/London,1,1,", 2),
    ])
    func malformed(row: String, line: Int) {
        let text = Self.header + "\n" + row
        do {
            _ = try AirportDirectory(airportsCSV: text, citiesCSV: "iata,name,country,airports")
            Issue.record("expected \(row) to be rejected")
        } catch {
            guard case .malformedRow(let file, let reportedLine, let reason) = error else {
                Issue.record("expected a malformed row, got \(error)")
                return
            }
            #expect(file == "airports.csv")
            #expect(reportedLine == line)
            #expect(!reason.isEmpty)
            #expect(error.description.contains("line \(line)"))
        }
    }

    @Test("duplicate codes and unknown city airports are rejected")
    func duplicatesAndUnknowns() {
        let duplicated = Self.airports + "\nAAA,,Again,A,,AA,Europe/London,1,1,"
        #expect(throws: AirportDataError.duplicateCode(file: "airports.csv", code: "AAA")) {
            try AirportDirectory(airportsCSV: duplicated, citiesCSV: Self.cities)
        }
        let cities = "iata,name,country,airports\nALP,Alpha,AA,AAA ZZZ"
        #expect(throws: AirportDataError.unknownAirport(city: "ALP", airport: "ZZZ")) {
            try AirportDirectory(airportsCSV: Self.airports, citiesCSV: cities)
        }
    }

    @Test("an empty file is rejected")
    func empty() {
        #expect(throws: AirportDataError.self) {
            try AirportDirectory(airportsCSV: "", citiesCSV: Self.cities)
        }
    }
}
