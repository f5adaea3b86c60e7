import Entities
import Foundation

/// Offer ids from one search, shared by every test that only needs an offer to book. The sandbox's offer ids carry
/// their search (they are valid in any data directory for 30 minutes), so one `flights search` per route serves a
/// whole run instead of one per test.
actor SharedOffers {
    static let shared = SharedOffers()

    private var searches: [[String]: Task<[String], any Error>] = [:]

    /// The ids of next month's `origin` → `destination` offers, cheapest first; `extra` adds search options
    /// (`--infants 1`).
    func offers(from origin: String = "LHR", to destination: String = "JFK", _ extra: [String] = []) async throws -> [String] {
        let arguments = ["search", origin, destination, "--depart", TravelData.nextMonthISO, "--json"] + extra
        if let search = searches[arguments] { return try await search.value }
        let search = Task<[String], any Error> {
            try await FlightsApp.withFreshData { app in
                let run = try await app.run(arguments)
                guard run.status == 0 else { throw EndToEndFailure("the shared search failed:\n\(run)") }
                let ids = try DuffelJSON.decoder().decode(SearchOutput.self, from: Data(run.output.utf8)).offers.map(\.id)
                guard ids.count >= 2 else { throw EndToEndFailure("the shared search found fewer than 2 offers:\n\(run)") }
                return ids
            }
        }
        searches[arguments] = search
        return try await search.value
    }
}
