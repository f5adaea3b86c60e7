import Entities
import Foundation
import Services
import FixtureServices
import Trips

enum Watches {
    static let day = CalendarDate(year: 2031, month: 3, day: 20) ?? CalendarDate(dayNumber: 0)

    static func search(_ from: String, _ to: String) -> SearchRequest {
        SearchRequest(slices: [SearchSlice(origin: from, destination: to, departureDate: day)], passengers: [.adult])
    }

    /// Two watches: LHR → JFK with six checks moving about £400 (under its £400 at the last), CDG → NRT with one.
    static func store() throws -> FixtureWatchStore {
        let store = FixtureWatchStore()
        let first = try store.add(PriceWatch(id: 0, search: search("LHR", "JFK"), below: 400, createdAt: Date(timeIntervalSince1970: 0)))
        let second = try store.add(PriceWatch(id: 0, search: search("CDG", "NRT"), createdAt: Date(timeIntervalSince1970: 0)))
        let totals: [Decimal] = [430, 455, 420, 470, 440, 395]
        try store.record(totals.enumerated().map { index, total in
            (first.id, PriceCheck(
                checkedAt: Date(timeIntervalSince1970: 1_900_000_000 + Double(index) * 86_400),
                lowest: Money(amount: total, currency: "GBP"),
                offer: WatchedOffer(
                    offerID: "off_\(index)", airlineCode: "BA", airline: "British Airways",
                    legs: [BookingRecord.Leg(origin: "LHR", destination: "JFK", departingAt: nil, arrivingAt: nil, flightNumbers: ["BA117"])],
                    fareBrand: "Basic", refundable: false, changeable: true)))
        })
        try store.record([(second.id, PriceCheck(checkedAt: Date(timeIntervalSince1970: 1_900_000_000), lowest: nil, offer: nil))])
        return store
    }
}
