import Foundation
import Testing

/// `flights search … --grid`: the lowest total for each pair of days around a round trip, from the real binary on
/// the embedded sandbox, piped.
@Suite struct DateGridCommandTests {
    @Test func aRoundTripGridIsAMatrixOfEveryPairOfDays() async throws {
        try await FlightsApp.withFreshData { app in
            let run = try await app.run([
                "search", "LHR", "JFK", "--depart", TravelData.nextMonthISO, "--return", "+7", "--adults", "2", "--grid",
            ])
            #expect(run.status == 0, "\(run)")
            let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.contains("Lowest total for the whole party of 2: departure across, return down"), "\(run)")
            let header = try #require(lines.first { $0.hasPrefix("Depart →") }, "\(run)")
            #expect((1...7).allSatisfy { header.contains("\($0) ") }, "\(header)")
            // Seven return rows, a to g, each with a price in every column (the return is always after the
            // departure here), and exactly one lowest marked, at 80 columns.
            let rows = lines.filter { $0.range(of: #"^[a-g] [A-Z][a-z]{2} \d"#, options: .regularExpression) != nil }
            #expect(rows.count == 7, "\(run)")
            for row in rows { #expect(row.components(separatedBy: "£").count - 1 == 7, "\(row)") }
            #expect(run.output.components(separatedBy: "*").count - 1 >= 1)
            #expect(lines.allSatisfy { $0.count <= 80 })
            #expect(!run.output.contains("…"))
            #expect(run.errors.contains("Finding the lowest price around"), "\(run)")
        }
    }

    @Test func theGridAsJSONHasACellForEveryPairWithTheSearchedOneMarked() async throws {
        try await FlightsApp.withFreshData { app in
            let run = try await app.run([
                "search", "LHR", "JFK", "--depart", TravelData.nextMonthISO, "--return", "+7", "--grid", "--json",
            ])
            #expect(run.status == 0, "\(run)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
            let cells = try #require(document["cells"] as? [[String: Any]])
            #expect(cells.count == 49)
            let searched = cells.filter { $0["searched"] as? Bool == true }
            #expect(searched.count == 1)
            #expect(searched.first?["departure_date"] as? String == TravelData.nextMonthISO)
            #expect(cells.allSatisfy { $0["status"] as? String == "priced" }, "\(cells)")
            let lowest = cells.filter { $0["lowest"] as? Bool == true }.compactMap { $0["lowest_total_amount"] as? String }
            let amounts = cells.compactMap { cell -> Decimal? in
                (cell["lowest_total_amount"] as? String).flatMap { Decimal(string: $0) }
            }
            #expect(lowest.compactMap { Decimal(string: $0) }.allSatisfy { $0 == amounts.min() })
        }
    }

    @Test func aOneWayGridIsOneRowAndGridWithLimitIsRefused() async throws {
        try await FlightsApp.withFreshData { app in
            let run = try await app.run(["search", "LHR", "JFK", "--depart", TravelData.nextMonthISO, "--grid"])
            #expect(run.status == 0, "\(run)")
            #expect(run.output.contains("Lowest total, day by day"), "\(run)")
            #expect(run.output.split(separator: "\n").filter { $0.hasPrefix("Lowest ") && $0.contains("£") }.count == 1)

            let refused = try await app.run(
                ["search", "LHR", "JFK", "--depart", TravelData.nextMonthISO, "--grid", "--limit", "3"])
            #expect(refused.status == 64, "\(refused)")
            #expect(refused.errors.contains("--grid"), "\(refused)")
        }
    }
}
