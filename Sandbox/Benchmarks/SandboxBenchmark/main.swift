// Searches per second against an in-process sandbox over loopback, through the project's own Duffel client
// on libcurl, the time to generate a 250-offer search, and the sandbox's start-up. A benchmark, not a test: it prints figures and
// never fails on a timing. Run it from a release build:
//
//   swift run -c release --package-path Sandbox --scratch-path Sandbox/.build-release flights-sandbox-benchmark
//
// Options: --searches N (sequential searches, default 300), --concurrency C (default 8).

import CurlHTTP
import DuffelServices
import Entities
import Foundation
import Logging
import SandboxServer
import Services

struct Options {
    var searches = 300
    var concurrency = 8

    init(arguments: [String]) {
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--searches": searches = iterator.next().flatMap(Int.init) ?? searches
            case "--concurrency": concurrency = iterator.next().flatMap(Int.init) ?? concurrency
            default: print("ignoring unknown argument \(argument)")
            }
        }
        searches = max(10, searches)
        concurrency = max(1, concurrency)
    }
}

/// Routes of every kind: transatlantic, Gulf, transpacific, short European hops, domestic, two-stop.
let routes = [
    ("LHR", "JFK"), ("CDG", "DXB"), ("SFO", "NRT"), ("MAD", "LIS"), ("FRA", "SIN"), ("SYD", "LAX"), ("AMS", "BCN"),
    ("DEL", "LHR"), ("ORD", "MIA"), ("BTS", "SYD"),
]
let utc = TimeZone(secondsFromGMT: 0) ?? .current
let today = CalendarDate(Date(), in: utc)

/// The `index`-th search: routes and dates cycle, so a search is rarely one the sandbox has cached.
func search(_ index: Int) -> SearchRequest {
    let (origin, destination) = routes[index % routes.count]
    let date = today.adding(days: 14 + (index / routes.count) % 150)
    return SearchRequest(
        slices: [SearchSlice(origin: origin, destination: destination, departureDate: date)], passengers: [.adult],
        cabinClass: .economy)
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction))]
}

func milliseconds(_ value: Double) -> String { String(format: "%.2f ms", value * 1_000) }

let options = Options(arguments: CommandLine.arguments)
var logger = Logger(label: "sandbox-benchmark")
logger.logLevel = .critical
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flights-sandbox-benchmark-\(UUID().uuidString)")
let clock = ContinuousClock()
let startBegan = clock.now
let sandbox = try await Sandbox.start(SandboxConfiguration(
    dataDirectory: directory, rateLimit: RateLimitPolicy(limit: 100_000_000, window: .seconds(60)), logger: logger))
let startedAt = clock.now
let http = try HTTPClient(configuration: HTTPClientConfiguration(retry: .none))
// 0. Start-up, as the app's embedded sandbox starts: listening, then answering a first place suggestion (which
// needs the airport data).
if let url = URL(string: sandbox.baseURL.absoluteString + "/places/suggestions?query=lon") {
    let firstAsked = clock.now
    _ = try await http.send(HTTPRequest(
        method: .get, url: url,
        headers: ["Authorization": "Bearer \(SandboxConfiguration.appToken)", "Duffel-Version": "v2"]))
    print("start-up: listening after \(milliseconds(seconds(startedAt - startBegan))), "
          + "first place suggestion \(milliseconds(seconds(clock.now - firstAsked))) later")
}
let client = DuffelClient(
    configuration: DuffelConfiguration(baseURL: sandbox.baseURL, accessToken: SandboxConfiguration.appToken),
    transport: http)
let offers = client.offerService

print("flights-sandbox benchmark: \(options.searches) searches, loopback \(sandbox.baseURL)")

// Warm up: the airport directory loads on first use, and the first connections open.
for index in 0..<20 { _ = try await offers.createOfferRequest(search(10_000 + index), returnOffers: true) }

// 1. One search at a time, each a new one (generated, encoded, gzipped, sent, decoded).
var latencies: [Double] = []
var offerCount = 0
let sequentialStart = clock.now
for index in 0..<options.searches {
    let started = clock.now
    let result = try await offers.createOfferRequest(search(index), returnOffers: true)
    latencies.append(seconds(clock.now - started))
    offerCount += result.offers.count
}
let sequential = seconds(clock.now - sequentialStart)
print(String(format: "sequential: %.0f searches/s (%d searches, %.1f offers each), ",
             Double(options.searches) / sequential, options.searches, Double(offerCount) / Double(options.searches))
      + "p50 \(milliseconds(percentile(latencies, 0.5))), p95 \(milliseconds(percentile(latencies, 0.95)))")

// 2. Several searches in flight at once, as several app users would make them.
let concurrentSearches = options.searches * 2
let concurrentStart = clock.now
try await withThrowingTaskGroup(of: Void.self) { group in
    var next = 0
    for _ in 0..<options.concurrency {
        let index = 20_000 + next
        next += 1
        group.addTask { _ = try await offers.createOfferRequest(search(index), returnOffers: true) }
    }
    while try await group.next() != nil, next < concurrentSearches {
        let index = 20_000 + next
        next += 1
        group.addTask { _ = try await offers.createOfferRequest(search(index), returnOffers: true) }
    }
    try await group.waitForAll()
}
let concurrent = seconds(clock.now - concurrentStart)
print(String(format: "concurrent (%d in flight): %.0f searches/s (%d searches)",
             options.concurrency, Double(concurrentSearches) / concurrent, concurrentSearches))

// 3. The same search again and again: its answer is kept encoded and gzipped (an offer request id carries the
// second the search was made, so a new second means a new search), so this is mostly HTTP and the client.
let repeatedStart = clock.now
for _ in 0..<options.searches { _ = try await offers.createOfferRequest(search(0), returnOffers: true) }
let repeated = seconds(clock.now - repeatedStart)
print(String(format: "repeated search (answer kept): %.0f searches/s", Double(options.searches) / repeated))

// 4. A 250-offer round-trip search: the server reports its generation and encoding time in server-timing.
var generate: [Double] = []
var encode: [Double] = []
var compress: [Double] = []
var roundTrips: [Double] = []
for index in 0..<30 {
    let outbound = today.adding(days: 20 + index)
    let body = """
        {"data":{"slices":[{"origin":"LHR","destination":"JFK","departure_date":"\(outbound)"},\
        {"origin":"JFK","destination":"LHR","departure_date":"\(outbound.adding(days: 7))"}],\
        "passengers":[{"type":"adult"}],"cabin_class":"economy"}}
        """
    guard let url = URL(string: sandbox.baseURL.absoluteString + "/air/offer_requests?return_offers=true") else { break }
    let started = clock.now
    let response = try await http.send(HTTPRequest(
        method: .post, url: url,
        headers: [
            "Authorization": "Bearer \(SandboxConfiguration.appToken)", "Duffel-Version": "v2",
            "Content-Type": "application/json", "x-sandbox-offer-count": "250",
        ],
        body: Data(body.utf8)))
    let decoded = try DuffelJSON.decoder().decode(DataEnvelope<OfferRequest>.self, from: response.body).data
    roundTrips.append(seconds(clock.now - started))
    guard decoded.offers.count == 250 else {
        print("expected 250 offers, got \(decoded.offers.count)")
        break
    }
    for part in (response.headers["server-timing"] ?? "").split(separator: ",") {
        let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard pieces.count == 2, let value = Double(pieces[1].replacingOccurrences(of: "dur=", with: "")) else { continue }
        if pieces[0] == "generate" { generate.append(value / 1_000) }
        if pieces[0] == "encode" { encode.append(value / 1_000) }
        if pieces[0] == "gzip" { compress.append(value / 1_000) }
    }
}
print("250-offer search (30 runs, medians): generate \(milliseconds(percentile(generate, 0.5))), "
      + "encode \(milliseconds(percentile(encode, 0.5))), gzip \(milliseconds(percentile(compress, 0.5))), round trip with decoding \(milliseconds(percentile(roundTrips, 0.5)))")

await http.shutdown()
await sandbox.stop()
try? FileManager.default.removeItem(at: directory)
