import Entities
import FixtureServices
@testable import FlightAvailability
import Foundation
import Services
import Testing
@testable import Trips
import TravelText

/// How offers, legs and searches read: the module's own text, and the shared TravelFormat where it is used.
@Suite("FlightAvailability format")
struct FlightAvailabilityFormatTests {
    @Test("rows: local times, durations, stops with airports, codeshares, cabin, price")
    func rowFormatting() throws {
        let offers = try Recorded.offers(.offerRequestOneWay)
        func row(_ flight: String) throws -> OfferRow {
            let offer = try #require(offers.first { $0.slices[0].segments[0].flightNumber == flight })
            return OfferFormat.row(offer, number: 3, highlighted: false)
        }
        let twoStops = try row("ZZ221")
        #expect(twoStops.legs[0].departs == "07:00")
        #expect(twoStops.legs[0].arrives == "16:10")
        #expect(twoStops.legs[0].duration == "14h 10m")
        #expect(twoStops.legs[0].stops == "2 stops DUB, BOS")
        #expect(twoStops.legs[0].flights == "ZZ221, ZZ813, ZZ402")
        #expect(twoStops.legs[0].airline == "Duffel Airways")
        #expect(twoStops.legs[0].fare == "Basic")
        #expect(twoStops.price == "£298.00")
        #expect(twoStops.number == 3)

        // Searched by city, the times say which airport: London has six.
        let offer = try #require(offers.first { $0.slices[0].segments[0].flightNumber == "ZZ221" })
        let byCity = OfferFormat.row(
            offer, number: 1, highlighted: false,
            searched: [SearchSlice(origin: "LON", destination: "NYC", departureDate: date("2026-12-18"))])
        #expect(byCity.legs[0].departs == "07:00 LHR")
        #expect(byCity.legs[0].arrives == "16:10 JFK")

        let codeshare = try row("BA213")
        #expect(codeshare.legs[0].flights == "BA213, BA4417 op. AA")
        #expect(codeshare.legs[0].airline == "British Airways")
        let codeshareFirst = try row("DL9463")
        #expect(codeshareFirst.legs[0].flights == "DL9463 op. KL, DL173, DL5732")

        let direct = try row("BA117")
        #expect(direct.legs[0].stops == "Direct")
        #expect(direct.legs[0].duration == "7h 55m")
        #expect(direct.price == "£498.77")
    }

    @Test("arrivals on a later or earlier day carry the difference")
    func arrivalDayDifference() throws {
        let offers = try Recorded.offers(.offerRequestRoundTrip)
        var slice = try #require(offers.first?.slices[1])
        #expect(OfferFormat.arrival(slice) == "11:15+1")
        let segment = slice.segments[slice.segments.count - 1]
        slice.segments[slice.segments.count - 1].arrivingAt = LocalDateTime(
            date: segment.arrivingAt.date.adding(days: -2), time: segment.arrivingAt.time)
        #expect(OfferFormat.arrival(slice) == "11:15-1")
    }

    @Test("a multi-city search chains its places")
    func multiCityHeader() {
        let request = SearchRequest(
            slices: [
                SearchSlice(origin: "LHR", destination: "JFK", departureDate: date("2026-12-18")),
                SearchSlice(origin: "JFK", destination: "LAX", departureDate: date("2026-12-21")),
            ],
            passengers: [.adult, .infantOnLap])
        #expect(OfferFormat.route(request, nil) == "LHR → JFK → LAX")
        #expect(OfferFormat.dates(request) == "Fri 18 Dec, Mon 21 Dec")
        // TravelFormat says where the infant sits.
        #expect(TravelFormat.passengers(request.passengers) == "1 adult, 1 infant on a lap")
    }

    @Test("a round trip shows both legs under one number, dates and passengers in the header")
    func roundTripRows() throws {
        let request = try FixtureFile.offerRequestRoundTrip.decode(DataEnvelope<OfferRequest>.self).data
        var state = FlightAvailabilityState(
            input: FlightAvailabilityInput(request: Searches.roundTrip), inputStyle: .lines, today: date("2026-11-22"))
        _ = FlightAvailabilityReducer.reduce(&state, .appeared)
        _ = FlightAvailabilityReducer.reduce(
            &state, .searchAnswered(id: 1, .success(OfferSearchResult(offerRequest: request, offers: request.offers))))
        guard case .results(let results)? = AvailabilityViewModels.screen(state) else {
            Issue.record("expected a page of offers, got \(String(describing: AvailabilityViewModels.screen(state)))")
            return
        }
        #expect(results.header.title == "London (LHR) ⇄ New York (JFK)")
        // TravelFormat gives a child's age when it is known.
        #expect(results.header.details == "Fri 18 Dec – Mon 28 Dec · 2 adults, 1 child (8) · Economy · 6 offers")
        #expect(results.showsLegRoute)
        #expect(results.rows.count == 6)
        #expect(results.rows.allSatisfy { $0.legs.count == 2 })
        let first = try #require(results.rows.first)
        #expect(first.price == "£1,401.61")
        #expect(first.legs.map(\.route) == ["LHR–JFK", "JFK–LHR"])
        #expect(first.legs.map(\.departs) == ["13:10", "20:35"])
        #expect(first.legs.map(\.arrives) == ["18:05", "11:15+1"])
        #expect(first.legs.map(\.duration) == ["9h 55m", "9h 40m"])
        #expect(first.legs.map(\.stops) == ["1 stop KEF", "1 stop KEF"])
        #expect(first.legs.map(\.flights) == ["FI451, FI615", "FI614, FI450"])
        #expect(first.legs.map(\.airline) == ["Icelandair", "Icelandair"])
        // Each offer takes two lines, so a page holds half as many.
        #expect(state.offersPerPage == 6)
    }
}
