import Entities
import FixtureServices
import Testing
import TravelText

/// Places as the search form suggests them and `flights places` prints them.
@Suite struct PlaceTableTests {
    @Test("a place is its name, its code, its city and its country; a city says it is all its airports")
    func rows() async throws {
        let london = try await FixturePlaceService().suggestions(for: "lon")
        #expect(PlaceTable.row(try #require(london.first)) == ["London (all airports)", "LON", "London", "United Kingdom"])
        let paris = try await FixturePlaceService().suggestions(for: "paris cdg")
        #expect(PlaceTable.listing(paris, width: 80).split(separator: "\n") == [
            "Place                                    Code  City   Country",
            "Charles de Gaulle International Airport  CDG   Paris  France",
        ])
    }

    @Test("a server's name is printed visibly: no control sequence reaches the terminal")
    func poisonedNames() throws {
        let place = Place(kind: .airport, iataCode: "LGW", name: "Gatwick \u{9B}31mRED\u{202E}txt", iataCountryCode: "GB")
        let listing = PlaceTable.listing([place], width: 80)
        #expect(!listing.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x202E }, "\(listing)")
        #expect(listing.contains("LGW"))
    }
}
