import Entities
import FixtureServices
import Foundation
import Services
import TerminalUI
import Testing
import Trips
@testable import FlightsApp


@MainActor
@Suite("The search commands: a face over the core")
struct SearchCommandFaceTests {
    @Test("offers found: Duffel's offers as JSON on standard output, progress on standard error, exit 0")
    func offersFound() async throws {
        let bench = CommandBench()
        let outcome = await bench.search("LHR", "JFK")
        #expect(outcome == .done && outcome.exitCode == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(bench.terminal.output.utf8)) as? [String: Any])
        #expect(Set(document.keys) == ["offer_request_id", "search", "offers"])
        let offers = try #require(document["offers"] as? [[String: Any]])
        // Every offer the service found, cheapest first.
        let found = try await bench.offers.search(
            SearchRequest(slices: [SearchSlice(origin: "LHR", destination: "JFK", departureDate: try #require(CalendarDate("2026-12-18")))],
                          passengers: [.adult], cabinClass: .economy, maxConnections: 1),
            sort: .totalAmount, maxOffers: 1_000)
        #expect(offers.count == found.offers.count && offers.count > 3)
        let amounts = offers.compactMap { ($0["total_amount"] as? String).flatMap { Decimal(string: $0) } }
        #expect(amounts == amounts.sorted())
        #expect(bench.terminal.diagnostics.contains("Searching flights LHR → JFK on Fri 18 Dec…"))
    }

    @Test("a table at most the limit long, each offer's id under it, and how many there were")
    func table() async throws {
        let all = CommandBench()
        _ = await all.search("LHR", "JFK")
        let count = try #require(try JSONSerialization.jsonObject(with: Data(all.terminal.output.utf8)) as? [String: Any])["offers"]
        let total = try #require(count as? [Any]).count
        let bench = CommandBench()
        let outcome = await bench.search("LHR", "JFK", json: false, limit: 3)
        #expect(outcome == .done)
        let lines = bench.terminal.output.split(separator: "\n")
        #expect(lines.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("off_") }.count == 3)
        #expect(lines.last.map(String.init) == "Showing 3 of \(total) offers.")
        #expect(lines.allSatisfy { $0.count <= 80 })
    }

    @Test("no offers: exit 1, and the output says so")
    func noOffers() async {
        let bench = CommandBench()
        let outcome = await bench.search("PVD", "RAI", json: false)
        #expect(outcome == .noResults && outcome.exitCode == 1)
        #expect(bench.terminal.output.contains("No flights found for"))
    }

    @Test("an unknown place: exit 64, nothing on standard output, the problem named on standard error")
    func badInput() async {
        let bench = CommandBench()
        let outcome = await bench.search("LHR", "Qqqqzzzz")
        #expect(outcome == .badInput && outcome.exitCode == 64)
        #expect(bench.terminal.output.isEmpty)
        #expect(bench.terminal.diagnostics.contains("✗ To: No airport or city matches “Qqqqzzzz”"))
    }

    @Test("the offer service fails: exit 69, the failure on standard error")
    func backendFails() async {
        let bench = CommandBench()
        bench.offers.replySearches(with: .failure(.timedOut))
        let outcome = await bench.search("LHR", "JFK")
        #expect(outcome.exitCode == 69)
        #expect(bench.terminal.output.isEmpty)
        #expect(bench.terminal.diagnostics.contains("✗ The flight service did not answer in time."))
    }

    @Test("places: a table or Duffel's places; none is exit 1, no text is exit 64")
    func places() async throws {
        let bench = CommandBench()
        #expect(await PlacesCommand.places(matching: "paris cdg", json: false, in: bench.context) == .done)
        #expect(bench.terminal.output.contains("Charles de Gaulle International Airport  CDG   Paris  France"))
        bench.terminal.clearOutput()
        #expect(await PlacesCommand.places(matching: "LHR", json: true, in: bench.context) == .done)
        let decoded = try DuffelJSON.decoder().decode([Place].self, from: Data(bench.terminal.output.utf8))
        #expect(decoded.map(\.iataCode) == ["LHR"])
        #expect(await PlacesCommand.places(matching: "zzzzqqq", json: false, in: bench.context) == .noResults)
        #expect(await PlacesCommand.places(matching: "", json: false, in: bench.context) == .badInput)
    }
}
