import Entities
import FixtureServices
import Foundation
import TerminalUI
import Testing
import TravelText
import Trips

/// The offers as `flights search` prints them: the same table the offers screen draws, with each offer's id.
@Suite struct OfferTableTests {
    private func recorded(_ file: FixtureFile) throws -> OfferRequest {
        try file.decode(DataEnvelope<OfferRequest>.self).data
    }

    private func search(_ request: OfferRequest) -> SearchRequest {
        SearchRequest(
            slices: request.slices.map {
                SearchSlice(origin: $0.origin.iataCode, destination: $0.destination.iataCode, departureDate: $0.departureDate)
            },
            passengers: [.adult])
    }

    @Test("at most the limit, each offer's id under its lines, how many there were; every line fits",
          arguments: [60, 80, 120])
    func listing(width: Int) throws {
        let found = try recorded(.offerRequestOneWay)
        let ordered = OfferOrder.price.sorted(found.offers)
        let text = OfferTable.listing(
            search(found), offerRequest: found, shown: Array(ordered.prefix(3)), total: ordered.count, sortedBy: .price,
            width: width)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.allSatisfy { TerminalText.displayWidth(of: $0) <= width }, "\(text)")
        let ids = lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("off_") }
        #expect(ids == ordered.prefix(3).map(\.id))
        #expect(lines.last == "Showing 3 of \(ordered.count) offers.")
        #expect(lines.contains("Sort: price"))
        let titles = try #require(lines.first { $0.contains("Departs") })
        #expect(titles.contains("Fare") && titles.contains("Price"), "\(titles)")
    }

    @Test("sorted by CO₂: the status and the column say CO₂, least first; no column without any estimate")
    func emissions() throws {
        let found = try recorded(.offerRequestOneWay)
        let ordered = OfferOrder.emissions.sorted(found.offers)
        let text = OfferTable.listing(
            search(found), offerRequest: found, shown: Array(ordered.prefix(3)), total: ordered.count,
            sortedBy: .emissions, width: 80)
        #expect(text.contains("Sort: CO₂"))
        #expect(!text.lowercased().contains("emissions"))
        #expect(text.split(separator: "\n").contains { $0.hasSuffix("CO₂    Price") }, "\(text)")

        var bare = ordered
        for index in bare.indices { bare[index].totalEmissionsKg = nil }
        let plain = OfferTable.listing(
            search(found), offerRequest: found, shown: bare, total: bare.count, sortedBy: .price, width: 120)
        #expect(!plain.contains("CO₂") && !plain.contains(" kg"), "\(plain)")
    }

    @Test("nothing found says so, with the places searched")
    func none() throws {
        let found = try recorded(.offerRequestEmpty)
        let text = OfferTable.listing(search(found), offerRequest: found, shown: [], total: 0, sortedBy: .price, width: 80)
        #expect(text.hasSuffix("No flights found for Providence (PVD) → Praia (RAI) on Fri 18 Dec."), "\(text)")
    }
}

/// The date grid as `flights search --grid` prints it.
@Suite struct DateGridTextTests {
    @Test("a round trip is a matrix of every pair of days, the lowest marked, at 80 columns")
    func matrix() throws {
        let request = SearchRequest(
            slices: [
                SearchSlice(origin: "LHR", destination: "JFK", departureDate: try #require(CalendarDate("2026-12-18"))),
                SearchSlice(origin: "JFK", destination: "LHR", departureDate: try #require(CalendarDate("2026-12-28"))),
            ],
            passengers: [.adult, .adult])
        let plan = DateGridPlan(around: request, today: try #require(CalendarDate("2026-11-22")))
        var fares: [GridDays: FlexibleDateFare] = [:]
        for (index, days) in plan.cells.enumerated() {
            fares[days] = .cheapest(Money(amount: Decimal(1_400 + index), currency: "GBP"))
        }
        let view = DateGridView(plan: plan, fares: fares, header: TripHeader(request), highlight: (3, 3), marksHighlight: false)
        let lines = DateGridDrawing.text(view, width: 80).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.contains("Lowest total for the whole party of 2: departure across, return down"))
        let rows = lines.filter { $0.range(of: #"^[a-g] [A-Z][a-z]{2} \d"#, options: .regularExpression) != nil }
        #expect(rows.count == 7)
        #expect(rows.allSatisfy { $0.components(separatedBy: "£").count - 1 == 7 })
        #expect(rows.filter { $0.contains("*") }.count == 1)
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines.contains { $0.hasPrefix("Totals rounded; * the lowest.") })
    }
}
