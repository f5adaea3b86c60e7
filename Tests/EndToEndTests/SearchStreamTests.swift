import Entities
import Foundation
import Testing

/// `flights search` over batch offer requests on the sandbox's slow and failing routes: `--stream` prints each
/// batch as it arrives, `--supplier-timeout` leaves out the slower airlines and says so, and an airline that sent
/// nothing is named while the others' offers are shown.
@Suite struct SearchStreamTests {
    /// One `--stream` line.
    private struct Batch: Decodable {
        let offerRequestID: String
        let offers: [Offer]
        let totalBatches: Int
        let remainingBatches: Int
        let emptyBatches: Int
        let final: Bool

        enum CodingKeys: String, CodingKey {
            case offerRequestID = "offer_request_id", offers, totalBatches = "total_batches"
            case remainingBatches = "remaining_batches", emptyBatches = "empty_batches", final
        }
    }

    /// What an offer sells, whatever its id: the airline, each flight and when it leaves, the fare and the total.
    private func flights(_ offer: Offer) -> String {
        let legs = offer.slices.flatMap(\.segments).map { "\($0.marketingCarrierFlightNumber) \($0.departingAt)" }
        return "\(offer.owner.iataCode ?? "") \(legs) \(offer.slices.first?.fareBrandName ?? "") \(offer.totalAmount.amount)"
    }

    private func batches(_ output: String) throws -> [Batch] {
        try output.split(separator: "\n").map { try DuffelJSON.decoder().decode(Batch.self, from: Data($0.utf8)) }
    }

    @Test func streamPrintsTheFirstBatchWhileTheSlowestAirlineHasNotAnswered() async throws {
        try await FlightsApp.withFreshData { app in
            // LHR → LAX: batches after 0.3, 2 and 8 seconds.
            let process = try app.start(["search", "LHR", "LAX", "--depart", TravelData.nextMonthISO, "--stream", "--json"])
            defer { process.terminate() }
            // Only the first line: the next may be arriving, half written.
            let seen = try await process.waitForOutput(containing: "\n")
            let first = try batches(String(seen.prefix { $0 != "\n" })).first
            // Printed while the 8-second batch was still to come: streamed, not printed at the end.
            #expect((first?.remainingBatches ?? 0) >= 1, "\(process.transcript)")
            #expect(first?.final == false)
            #expect(first?.offers.isEmpty == false)
            #expect(first?.totalBatches == 3)
        }
    }

    @Test func streamedBatchesMakeTheWholeListAndAFailedOneIsCounted() async throws {
        try await FlightsApp.withFreshData { app in
            // LHR → SFO: three batches after 0.3, 1 and 2 seconds, the second failing (it comes back empty).
            let search = ["search", "LHR", "SFO", "--depart", TravelData.nextMonthISO]
            let streamed = try await app.run(search + ["--stream", "--json"])
            #expect(streamed.status == 0, "\(streamed)")
            let lines = try batches(streamed.output)
            #expect(lines.filter(\.offers.isEmpty).count == 1, "\(streamed)")
            #expect(lines.map(\.final) == Array(repeating: false, count: lines.count - 1) + [true])
            #expect(lines.last?.remainingBatches == 0)
            #expect(lines.last?.emptyBatches == 1)
            #expect(Set(lines.map(\.offerRequestID)).count == 1)
            // The whole list, printed once every batch is in, is the batches' offers.
            let all = try await app.run(search + ["--json"])
            #expect(all.status == 0, "\(all)")
            let listed = try DuffelJSON.decoder().decode(SearchOutput.self, from: Data(all.output.utf8)).offers
            // Another search (another id for each offer), of the same flights and fares.
            let (whole, batched) = (Set(listed.map(flights)), Set(lines.flatMap(\.offers).map(flights)))
            #expect(whole == batched, "only listed: \(whole.subtracting(batched)); only streamed: \(batched.subtracting(whole))")
            #expect(all.errors.contains("1 of 3 airlines sent no offers"), "\(all)")
        }
    }

    @Test func aSupplierTimeoutLeavesOutTheSlowestAirlinesAndSaysSo() async throws {
        try await FlightsApp.withFreshData { app in
            // LHR → LAX: batches after 0.3, 2 and 8 seconds; with 2 s allowed, the last comes back empty.
            let run = try await app.run([
                "search", "LHR", "LAX", "--depart", TravelData.nextMonthISO, "--supplier-timeout", "2", "--stream",
            ])
            #expect(run.status == 0, "\(run)")
            let lines = try batches(run.output)
            #expect(lines.last?.offers.isEmpty == true, "\(run)")
            #expect(lines.last?.emptyBatches == 1, "\(run)")
            #expect(run.errors.contains("1 of 3 airlines sent no offers"), "\(run)")
            #expect(run.errors.contains("within the 2 s allowed"), "\(run)")
            let refused = try await app.run(["search", "LHR", "LAX", "--depart", TravelData.nextMonthISO, "--supplier-timeout", "1"])
            #expect(refused.status == 64, "\(refused)")
            #expect(refused.errors.contains("--supplier-timeout must be from 2 to 60 seconds"), "\(refused)")
        }
    }

    @Test func aFailingAirlineLeavesTheOthersShownWithALineSayingSo() async throws {
        try await FlightsApp.withFreshData { app in
            let run = try await app.run(["search", "LHR", "SFO", "--depart", TravelData.nextMonthISO, "--limit", "3"])
            #expect(run.status == 0, "\(run)")
            #expect(run.output.contains("Showing 3 of"), "\(run)")
            #expect(run.errors.contains("1 of 3 airlines sent no offers"), "\(run)")
            #expect(run.errors.contains("airlines still answering"), "\(run)")
        }
    }
}
