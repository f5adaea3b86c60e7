import Entities
import Foundation
import Testing

/// `flights search`: JSON for scripts, a table for people, and exit codes that say how it went.
@Suite struct SearchCommandTests {
    @Test func jsonParsesAndDecodesIntoOffersForTheRoute() async throws {
        try await FlightsApp.withFreshData { app in
            let run = try await app.run(["search", "LHR", "JFK", "--depart", TravelData.nextMonthISO, "--json"])
            #expect(run.status == 0, "\(run)")

            // Standard output is JSON and nothing else.
            let data = Data(run.output.utf8)
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(run)")
            #expect((object["offer_request_id"] as? String)?.hasPrefix("orq_") == true)
            let rawOffers = try #require(object["offers"] as? [[String: Any]])
            #expect(!rawOffers.isEmpty)

            let decoded = try DuffelJSON.decoder().decode(SearchOutput.self, from: data)
            #expect(decoded.offers.count == rawOffers.count)
            for offer in decoded.offers {
                #expect(offer.id.hasPrefix("off_"))
                #expect(offer.slices.first?.origin.iataCode == "LHR")
                #expect(offer.slices.first?.destination.iataCode == "JFK")
                #expect(offer.slices.first?.segments.first?.departingAt.date.description == TravelData.nextMonthISO)
            }
            // Without --sort, the cheapest first.
            let amounts = decoded.offers.map(\.totalAmount.amount)
            #expect(amounts == amounts.sorted(), "not in price order: \(amounts)")
        }
    }

    /// A proxy set in the environment (common in companies and CI) must not swallow the embedded sandbox, which
    /// lives on loopback: a proxy nobody listens on would fail every request that went through it.
    @Test func aProxyInTheEnvironmentDoesNotCatchTheEmbeddedSandbox() async throws {
        try await FlightsApp.withFreshData { app in
            let proxy = "http://127.0.0.1:9"
            let run = try await app.run(
                ["search", "LHR", "JFK", "--depart", TravelData.nextMonthISO, "--json", "--limit", "1"],
                environment: ["http_proxy": proxy, "HTTP_PROXY": proxy, "https_proxy": proxy, "all_proxy": proxy])
            #expect(run.status == 0, "\(run)")
            #expect(try DuffelJSON.decoder().decode(SearchOutput.self, from: Data(run.output.utf8)).offers.count == 1)
        }
    }

    @Test func limitAndSortByDurationAreHonoured() async throws {
        try await FlightsApp.withFreshData { app in
            let all = try await app.run(["search", "LHR", "JFK", "--depart", TravelData.nextMonthISO, "--json"])
            #expect(all.status == 0, "\(all)")
            let every = try DuffelJSON.decoder().decode(SearchOutput.self, from: Data(all.output.utf8)).offers
            try #require(every.count > 5, "too few offers to check a limit: \(every.count)")

            let limited = try await app.run([
                "search", "LHR", "JFK", "--depart", TravelData.nextMonthISO, "--sort", "duration", "--limit", "5", "--json",
            ])
            #expect(limited.status == 0, "\(limited)")
            let shortest = try DuffelJSON.decoder().decode(SearchOutput.self, from: Data(limited.output.utf8)).offers
            #expect(shortest.count == 5)
            let durations = shortest.map(\.totalDuration.seconds)
            #expect(durations == durations.sorted(), "not in duration order: \(durations)")
            // The five shortest of the whole search, not five cheap ones re-ordered.
            let expected = Array(every.map(\.totalDuration.seconds).sorted().prefix(5))
            #expect(durations == expected)
        }
    }

    @Test func tableShowsAHeaderAndTheLimitedRows() async throws {
        try await FlightsApp.withFreshData { app in
            let run = try await app.run(["search", "LHR", "JFK", "--depart", TravelData.nextMonthISO, "--limit", "3"])
            #expect(run.status == 0, "\(run)")
            #expect(run.output.contains("London (LHR) → New York (JFK)"), "\(run)")
            let header = try #require(run.output.components(separatedBy: "\n").first { $0.contains("Departs") }, "\(run)")
            for column in ["Arrives", "Duration", "Stops", "Airline", "Flights", "Price"] {
                #expect(header.contains(column), "the header lacks \(column): \(header)")
            }
            let rows = Screen.offerRows(in: run.output)
            #expect(rows.count == 3, "\(run)")
            #expect(rows.allSatisfy { $0.contains("£") }, "\(rows)")
            #expect(run.output.contains("Showing 3 of"), "\(run)")
        }
    }

    struct ExitCase: Sendable, CustomTestStringConvertible {
        let name: String
        let arguments: [String]
        let status: Int32
        /// What the output (either stream) must say.
        let says: [String]
        var testDescription: String { "\(name) → \(status)" }
    }

    static let exitCases: [ExitCase] = [
        ExitCase(name: "offers", arguments: ["LHR", "JFK", "--depart", TravelData.nextMonthISO], status: 0, says: ["£"]),
        ExitCase(name: "no offers (PVD → RAI)", arguments: ["PVD", "RAI", "--depart", TravelData.nextMonthISO], status: 1,
                 says: ["No flights found"]),
        ExitCase(name: "unknown airport", arguments: ["XQZ", "JFK", "--depart", TravelData.nextMonthISO], status: 64,
                 says: ["XQZ"]),
        ExitCase(name: "a past date", arguments: ["LHR", "JFK", "--depart", TravelData.lastMonthISO], status: 64,
                 says: [TravelData.lastMonthISO, "past"]),
        ExitCase(name: "an unknown sort", arguments: ["LHR", "JFK", "--depart", TravelData.nextMonthISO, "--sort", "fastest"],
                 status: 64, says: ["--sort"]),
        ExitCase(name: "the search times out (STN → LHR, 504)", arguments: ["STN", "LHR", "--depart", TravelData.nextMonthISO],
                 status: 69, says: ["✗"]),
    ]

    @Test(arguments: exitCases)
    func exitCodeSaysHowTheSearchWent(_ exitCase: ExitCase) async throws {
        try await FlightsApp.withFreshData { app in
            let run = try await app.run(["search"] + exitCase.arguments)
            #expect(run.status == exitCase.status, "\(run)")
            for text in exitCase.says {
                #expect((run.output + run.errors).contains(text), "expected \(text.debugDescription):\n\(run)")
            }
            if exitCase.status != 0 {
                // A failure is explained on standard error, never with a table on standard output.
                #expect(!run.errors.isEmpty, "\(run)")
                #expect(Screen.offerRows(in: run.output).isEmpty, "\(run)")
            }
        }
    }
}
