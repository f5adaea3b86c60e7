import Entities
import FixtureServices
import Foundation
import Services
import Testing
import Trips

/// A passengers file checked against the offer as sold now (`BookTravellers.prepare`): its seats on the flights'
/// maps, its bags among those sold, a hold's limits and the agreed total with them. What `flights book` and the
/// MCP `book` tool ask; nothing is sent while any of it is wrong.
@Suite("A passengers file checked against the offer")
struct BookTravellersTests {
    /// The recorded offer's adult, with `seats` and `bags` asked for.
    private func traveller(seats: [String: String] = [:], bags: [String: Int] = [:]) throws -> PassengersFile.Traveller {
        var imogen = try #require(try PassengersFile.travellers(from: Data(#"""
            [{"title": "ms", "given_name": "Imogen", "family_name": "Fairweather", "born_on": "1990-04-12", "gender": "f",
              "email": "imogen.fairweather@example.com", "phone_number": "+442079460123"}]
            """#.utf8)).first)
        imogen.seats = seats
        imogen.bags = bags
        return imogen
    }

    /// The trip over the fixtures, with seat maps unless `seatMaps` is false.
    private func trip(seatMaps: Bool = true) -> (FixtureTrip, TripServices) {
        let fixture = FixtureTrip()
        var trip = fixture.trip
        trip.extras = seatMaps ? FixtureExtrasService(offers: fixture.offers) : nil
        return (fixture, trip)
    }

    private func prepare(
        _ traveller: PassengersFile.Traveller, hold: Bool = false, agreed: Decimal? = nil, seatMaps: Bool = true
    ) async throws -> (BookingPreparation, FixtureTrip) {
        let (fixture, trip) = trip(seatMaps: seatMaps)
        let request = TravellersBooking(
            offerID: try recordedOffer().id, travellers: [traveller], hold: hold, agreedTotal: agreed)
        return (await BookTravellers(trip).prepare(request, today: day("2026-11-22")), fixture)
    }

    @Test("a file's seat and bag: the seat checked on its flight's map, both booked as services, paid with the fare")
    func seatAndBag() async throws {
        let (preparation, fixture) = try await prepare(try traveller(seats: ["zz 117": "32a"], bags: ["*": 1]), agreed: 450.50)
        guard case .ready(let booking, let total, let seats) = preparation else {
            Issue.record("not ready: \(preparation)")
            return
        }
        let maps = try FixtureFile.seatMaps.decode(Page<SeatMap>.self).items
        let offer = try recordedOffer()
        let seat = try #require(maps[0].seat("32A")?.service(for: offer.passengers[0].id))
        #expect(booking.services == [SelectedService(id: seat.id), SelectedService(id: "ase_0000Bt4BwJ0hul7H4PR9MS")])
        #expect(total == gbp(450.5))
        #expect(seats.map(\.designator) == ["32A"])
        #expect(fixture.orders.count("createOrder") == 0, "preparing sends nothing")
    }

    @Test("a taken seat, an unknown flight, too many bags, or seats without seat maps: each said, nothing ready",
          arguments: [
            (["ZZ117": "31A"], [:], true, "Passenger 1: seat 31A on ZZ117 is taken. `flights seats off_0000Bf7EUcGQ22QJSC5NYu` shows the free ones."),
            (["BA1": "32A"], [:], true, "Passenger 1: no flight BA1 in this offer (its flights: ZZ117 (LHR-JFK))."),
            ([:], ["LHR-JFK": 2], true, "Passenger 1: at most 1 extra bag on LHR-JFK, not 2."),
            ([:], ["JFK-LHR": 1], true, "Passenger 1: no leg JFK-LHR in this offer (its legs: LHR-JFK)."),
            (["LHR-JFK": "32A"], [:], false, "This flight service reads no seat maps, so seats cannot be chosen here."),
          ] as [([String: String], [String: Int], Bool, String)])
    func fileProblems(_ seats: [String: String], _ bags: [String: Int], _ seatMaps: Bool, _ problem: String) async throws {
        let (preparation, fixture) = try await prepare(try traveller(seats: seats, bags: bags), seatMaps: seatMaps)
        #expect(preparation == .invalid([problem]))
        #expect(fixture.orders.count("createOrder") == 0)
    }

    @Test("with seats or bags, the total agreed is the fare and the extras")
    func agreedTotalWithExtras() async throws {
        let (preparation, _) = try await prepare(try traveller(bags: ["*": 1]), agreed: 412.50)
        guard case .priceChanged(let agreed, let now, _) = preparation else {
            Issue.record("expected another total: \(preparation)")
            return
        }
        #expect(agreed == gbp(412.5) && now == gbp(432.5))
    }

    @Test("a hold carries no seats or bags: refused before the seat maps are read", arguments: [true, false])
    func holdWithExtras(seat: Bool) async throws {
        let traveller = seat ? try traveller(seats: ["ZZ117": "32A"]) : try traveller(bags: ["*": 1])
        let (fixture, trip) = trip()
        let extras = FixtureExtrasService(offers: fixture.offers)
        var held = trip
        held.extras = extras
        let request = TravellersBooking(offerID: try recordedOffer().id, travellers: [traveller], hold: true)
        let preparation = await BookTravellers(held).prepare(request, today: day("2026-11-22"))
        #expect(preparation == .invalid([BookTravellers.heldExtrasProblem]))
        #expect(extras.seatMapReads.isEmpty)
    }
}
