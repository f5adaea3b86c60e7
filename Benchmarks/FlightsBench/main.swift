// Times what a traveller waits for on screen, through the FlightAvailability module on a virtual terminal, against
// a running Duffel-v2 server (scripts/bench starts a release `flights-sandbox` for it). A benchmark, not a test: it
// prints one JSON line per measurement and never fails on a timing.
//
//   flights-bench --api URL [--token T] [--rounds N] [--offers N]
//
// - first page: a search of `--offers` offers (asked of the sandbox with its x-sandbox-offer-count header), from the
//   screen starting (the Enter that ends the search form) to the first page of the table painted, on an
//   interactive virtual terminal;
// - grid: one round-trip search to its first page, then `d` (the 7 × 7 departure × return grid, up to 49
//   searches, four at a time) to every cell answered, each on a new date so the server generates every answer,
//   and the grid's time as a multiple of the search's.
import CurlHTTP
import DuffelServices
import Entities
import FlightAvailability
import Foundation
import Services
import TerminalUI

let options = BenchOptions(arguments: CommandLine.arguments)
let http = try HTTPClient(configuration: HTTPClientConfiguration(retry: .none))
let today = CalendarDate(Date(), in: TimeZone(secondsFromGMT: 0) ?? .current)

/// The offer service a module is built with: the Duffel client, every request asking the sandbox for `offers` offers.
func offerService(offers: Int?) -> any OfferService {
    var transport: any HTTPTransport = http
    if let offers { transport = OfferCountTransport(base: http, offers: offers) }
    return DuffelClient(
        configuration: DuffelConfiguration(baseURL: options.api, accessToken: options.token), transport: transport
    ).offerService
}

/// A round-trip search, `round` steps of ten days into the future, so no two rounds ask the same.
func search(round: Int) -> SearchRequest {
    let outbound = today.adding(days: 21 + round * 10)
    return SearchRequest(
        slices: [
            SearchSlice(origin: "LHR", destination: "JFK", departureDate: outbound),
            SearchSlice(origin: "JFK", destination: "LHR", departureDate: outbound.adding(days: 7)),
        ],
        passengers: [.adult], cabinClass: .economy)
}

@MainActor
func firstPage(offers: Int) async throws -> [Double] {
    let builder = FlightAvailabilityBuilder(offers: offerService(offers: offers))
    var samples: [Double] = []
    for round in 0..<(options.rounds + 1) {
        let terminal = VirtualTerminal(columns: 120, isInteractive: true)
        let screen = builder.build(
            input: FlightAvailabilityInput(request: search(round: round)), router: QuietRouter(), terminal: terminal)
        let started = ContinuousClock.now
        let running = Task { await screen.run() }
        try await terminal.waitForOutput(containing: "Page 1 of", timeout: .seconds(60))
        let elapsed = ContinuousClock.now - started
        running.cancel()
        _ = await running.value
        if round > 0 { samples.append(elapsed.milliseconds) }  // the first round opens the connection
    }
    return samples
}

@MainActor
func grid() async throws -> (search: [Double], grid: [Double]) {
    let builder = FlightAvailabilityBuilder(offers: offerService(offers: nil))
    var searches: [Double] = []
    var grids: [Double] = []
    for round in 0..<(options.rounds + 1) {
        let terminal = VirtualTerminal(columns: 120, isInteractive: true)
        terminal.rows = 40
        let screen = builder.build(
            input: FlightAvailabilityInput(request: search(round: 18 + round)), router: QuietRouter(), terminal: terminal)
        let started = ContinuousClock.now
        let running = Task { await screen.run() }
        try await terminal.waitForOutput(containing: "Page 1 of", timeout: .seconds(60))
        let searched = ContinuousClock.now
        try await terminal.waitUntilAwaitingInput(timeout: .seconds(60))
        let asked = ContinuousClock.now
        terminal.type("d")
        // The grid is complete when it is painted to its last line (the keys) and its footnote no longer counts
        // the answers ("Searching… 12 of 40 found."); a condition is checked after every write, mid-paint too.
        try await terminal.wait(for: "the whole grid", timeout: .seconds(60)) { terminal in
            let shown = terminal.screen.joined(separator: "\n")
            return shown.contains("Lowest total") && shown.contains("Esc back to the offers") && !shown.contains("found.")
        }
        let gridded = ContinuousClock.now
        running.cancel()
        _ = await running.value
        if round > 0 {
            searches.append((searched - started).milliseconds)
            grids.append((gridded - asked).milliseconds)
        }
    }
    return (searches, grids)
}

@MainActor
func main() async throws {
    let page = try await firstPage(offers: options.offers)
    BenchOutput.line(["measure": "first_page_ms", "offers": options.offers, "median": page.median, "samples": page])
    let (searches, grids) = try await grid()
    BenchOutput.line(["measure": "search_first_page_ms", "median": searches.median, "samples": searches])
    BenchOutput.line(["measure": "grid_ms", "median": grids.median, "samples": grids])
}

try await main()
