import AirportData
import Testing

@Suite("Place suggestions")
struct SuggestionTests {
    let world = AirportDirectory.world

    private func codes(_ query: String, limit: Int = 20) -> [String] {
        world.suggestions(for: query, limit: limit).map(\.iataCode)
    }

    @Test("'lon' gives the city London and its six airports before Londrina or Long Beach")
    func london() throws {
        let matches = world.suggestions(for: "lon")
        let first = try #require(matches.first)
        guard case .city(let london) = first else {
            Issue.record("expected the city LON first, got \(first)")
            return
        }
        #expect(london.iataCode == "LON")
        #expect(london.airports.count == 6)
        let listed = matches.map(\.iataCode)
        #expect(Array(listed.prefix(7)) == ["LON", "LHR", "LGW", "STN", "LTN", "LCY", "SEN"])
        let londrina = try #require(listed.firstIndex(of: "LDB"))
        let longBeach = try #require(listed.firstIndex(of: "LGB"))
        #expect(londrina > 6 && longBeach > 6)
    }

    @Test("'new york' gives NYC, then JFK, LGA, EWR")
    func newYork() {
        #expect(Array(codes("new york").prefix(4)) == ["NYC", "JFK", "LGA", "EWR"])
        #expect(Array(codes("New York").prefix(4)) == ["NYC", "JFK", "LGA", "EWR"])
    }

    @Test("an airport code gives that airport first", arguments: ["JFK", "jfk", " JFK ", "Jfk"])
    func airportCode(query: String) {
        #expect(codes(query).first == "JFK")
    }

    @Test("a city code gives the city, then its airports")
    func cityCode() {
        #expect(Array(codes("par").prefix(3)) == ["PAR", "CDG", "ORY"])
        #expect(Array(codes("NYC").prefix(4)) == ["NYC", "JFK", "LGA", "EWR"])
    }

    @Test("a code shared by a city and an airport lists the city, then its airports, once each")
    func sharedCode() {
        let listed = codes("DXB")
        #expect(Array(listed.prefix(3)) == ["DXB", "DXB", "DWC"])
        let matches = world.suggestions(for: "DXB")
        guard case .city = matches.first else {
            Issue.record("expected the city DXB first, got \(String(describing: matches.first))")
            return
        }
        #expect(matches.filter { if case .airport(let a) = $0 { a.iataCode == "DXB" } else { false } }.count == 1)
    }

    @Test("multi-word queries across city and airport", arguments: [
        ("paris cdg", "CDG"),
        ("london heathrow", "LHR"),
        ("san fran", "SFO"),
        ("heathrow", "LHR"),
        ("kennedy", "JFK"),
        ("gatwick", "LGW"),
        ("EGLL", "LHR"),
    ])
    func multiWord(query: String, expected: String) {
        #expect(codes(query).first == expected, "\(query): \(codes(query))")
    }

    @Test("case- and accent-insensitive", arguments: [
        ("são paulo", "SAO"),
        ("SAO PAULO", "SAO"),
        ("reykjavík", "REK"),
        ("ZÜRICH", "ZRH"),
        ("o'hare", "ORD"),
        ("ohare", "ORD"),
    ])
    func insensitive(query: String, expected: String) {
        #expect(codes(query).contains(expected), "\(query): \(codes(query))")
    }

    @Test("the same query in any case or accent gives the same list")
    func foldingIsConsistent() {
        #expect(codes("sao paulo") == codes("São Paulo"))
        #expect(codes("LONDON") == codes("london"))
    }

    @Test("busy international airports rank above strips with a similar name")
    func busyFirst() throws {
        // "san" matches dozens of places; the first must be a well-known airport, not a strip.
        let first = try #require(world.suggestions(for: "san").first)
        #expect(["SFO", "SAN", "SCL", "SJC", "SJU", "SAT"].contains(first.iataCode), "got \(first)")
    }

    @Test("matches come in tiers: code, city name, airport name, then words")
    func tiers() throws {
        // "york": York itself, then places whose name starts with "York", and only then New York,
        // which merely contains the word.
        let matches = world.suggestions(for: "york", limit: 50)
        let newYork = try #require(matches.firstIndex { $0.iataCode == "NYC" })
        guard case .airport(let first) = matches[0] else {
            Issue.record("expected an airport of York first, got \(matches[0])")
            return
        }
        #expect(first.city == "York")
        for match in matches[..<newYork] {
            guard case .airport(let airport) = match else {
                Issue.record("a city came before NYC: \(match)")
                continue
            }
            #expect(airport.city.lowercased().hasPrefix("york"), "\(airport.iataCode) (\(airport.city)) ranked before NYC")
        }
    }

    @Test("unknown text, blank text or a zero limit give nothing", arguments: ["xyzzyq", "", "   ", "!!!", "qqq zzz"])
    func nothing(query: String) {
        #expect(world.suggestions(for: query).isEmpty)
    }

    @Test("the limit is honoured, cutting a city's airports if need be")
    func limit() {
        #expect(world.suggestions(for: "lon", limit: 0).isEmpty)
        #expect(codes("lon", limit: 3) == ["LON", "LHR", "LGW"])
        #expect(world.suggestions(for: "a").count == 20)
        #expect(world.suggestions(for: "a", limit: 50).count == 50)
    }

    @Test("no place is listed twice")
    func noDuplicates() {
        for query in ["lon", "new york", "par", "a", "san", "international"] {
            let matches = world.suggestions(for: query, limit: 200)
            #expect(Set(matches).count == matches.count, "\(query) lists a place twice")
        }
    }
}
