// Times the availability screen over many synthetic offers, through its public face only: the search, and typed
// commands and arrow keys on the interactive screen. Prints milliseconds; asserts nothing.
//   swift run -c release --package-path Modules/FlightAvailability FlightAvailabilityBenchmark [offers] [label part]
// Wall-clock times wander on a shared machine; for a steady figure count instructions of one timing, e.g.
//   perf stat -e instructions <binary> 1000 "typed commands"
import Entities
import FlightAvailability
import Foundation
import Services
import TerminalUI

/// Serves a fixed list of offers, a page at a time, as a server would.
final class InMemoryOfferService: OfferService {
    let offers: [Offer]
    let offerRequest: OfferRequest

    init(offers: [Offer], offerRequest: OfferRequest) {
        self.offers = offers
        self.offerRequest = offerRequest
    }

    func createOfferRequest(_ request: SearchRequest, returnOffers: Bool) async throws(ServiceError) -> OfferRequest {
        offerRequest
    }

    func offers(_ query: OfferQuery) async throws(ServiceError) -> Page<Offer> {
        let start = query.after.flatMap(Int.init) ?? 0
        let end = min(offers.count, start + (query.limit ?? 50))
        return Page(items: Array(offers[start..<end]), after: end < offers.count ? String(end) : nil)
    }

    func offer(id: String) async throws(ServiceError) -> Offer {
        guard let offer = offers.first(where: { $0.id == id }) else { throw .malformedResponse("no offer \(id)") }
        return offer
    }
}

/// A terminal that reads scripted lines and counts what is written, so the timings are the module's and not a
/// test terminal's screen model.
@MainActor
final class CountingTerminal: Terminal {
    let isInteractive: Bool
    let columns: Int
    let rows = 24
    let style = Style.plain
    private var lines: [String]
    private var keys: [KeyInput]
    private(set) var written = 0

    init(columns: Int = 80, lines: [String] = [], keys: [KeyInput] = []) {
        self.columns = columns
        self.lines = lines
        self.keys = keys
        self.isInteractive = !keys.isEmpty
    }

    func write(_ text: String) { written += text.utf8.count }
    func writeDiagnostic(_ text: String) {}
    func discardPendingInput() {}
    func holdInterrupts(notice: String, stopping: String) {}
    func releaseInterrupts() {}

    func readLine(prompt: String, default: String?) async -> LineInput {
        guard !lines.isEmpty else { return .end }
        return .text(lines.removeFirst())
    }

    func readKey() async -> KeyInput {
        if !keys.isEmpty { return keys.removeFirst() }
        guard !lines.isEmpty else { return .end }
        return .line(lines.removeFirst())
    }
}

@MainActor
final class NullRouter: FlightAvailabilityRouter {
    func availabilityDidChoose(offer: Offer, search: SearchRequest) {}
    func availabilityDidGoBack() {}
}

enum Synthetic {
    static let airports = [
        Airport(iataCode: "LHR", name: "London Heathrow Airport", cityName: "London", iataCountryCode: "GB", timeZone: "Europe/London"),
        Airport(iataCode: "DUB", name: "Dublin Airport", cityName: "Dublin", iataCountryCode: "IE", timeZone: "Europe/Dublin"),
        Airport(iataCode: "KEF", name: "Keflavik International Airport", cityName: "Reykjavik", iataCountryCode: "IS", timeZone: "Atlantic/Reykjavik"),
        Airport(iataCode: "BOS", name: "Logan International Airport", cityName: "Boston", iataCountryCode: "US", timeZone: "America/New_York"),
        Airport(iataCode: "JFK", name: "John F Kennedy International Airport", cityName: "New York", iataCountryCode: "US", timeZone: "America/New_York"),
    ]
    static let carriers = [
        Carrier(iataCode: "BA", name: "British Airways"), Carrier(iataCode: "VS", name: "Virgin Atlantic"),
        Carrier(iataCode: "AA", name: "American Airlines"), Carrier(iataCode: "EI", name: "Aer Lingus"),
        Carrier(iataCode: "FI", name: "Icelandair"), Carrier(iataCode: "ZZ", name: "Duffel Airways"),
    ]

    static func day(_ text: String) -> CalendarDate {
        CalendarDate(text) ?? CalendarDate(Date(), in: TimeZone(secondsFromGMT: 0) ?? .current)
    }

    static func slice(_ index: Int, leg: Int, date: CalendarDate) -> Slice {
        let stops = index % 3
        let origin = leg == 0 ? airports[0] : airports[4]
        let destination = leg == 0 ? airports[4] : airports[0]
        let via = Array(Array(airports[1...3]).shuffledDeterministically(seed: index).prefix(stops))
        let path = [origin] + via + [destination]
        var minute = 6 * 60 + (index * 37) % (14 * 60)
        let carrier = carriers[index % carriers.count]
        var segments: [Segment] = []
        for (hop, pair) in zip(path, path.dropFirst()).enumerated() {
            let flight = 90 + (index * 13 + hop * 29) % 400
            let departs = LocalDateTime(date: date.adding(days: minute / 1440), time: LocalTime(minutesSinceMidnight: minute))
            minute += flight
            let arrives = LocalDateTime(date: date.adding(days: minute / 1440), time: LocalTime(minutesSinceMidnight: minute))
            minute += 75
            segments.append(Segment(
                id: "seg_\(index)_\(leg)_\(hop)", origin: pair.0, destination: pair.1, departingAt: departs,
                arrivingAt: arrives, duration: ISODuration(minutes: flight), marketingCarrier: carrier,
                marketingCarrierFlightNumber: String(100 + index % 900), operatingCarrier: hop == 1 ? carriers[(index + 1) % carriers.count] : carrier,
                passengers: [SegmentPassenger(passengerId: "pas_1", cabinClass: .economy, baggages: [])]))
        }
        return Slice(
            id: "sli_\(index)_\(leg)", origin: Place(origin), destination: Place(destination), duration: nil,
            fareBrandName: nil, segments: segments)
    }

    static func offers(count: Int, legs: Int) -> [Offer] {
        (0..<count).map { index in
            let dates = [day("2027-03-18"), day("2027-03-28")]
            return Offer(
                id: "off_\(index)",
                totalAmount: Money(amount: Decimal(250 + (index * 7919) % 1800) + Decimal(index % 100) / 100, currency: "GBP"),
                baseAmount: nil, taxAmount: nil, owner: carriers[index % carriers.count],
                passengers: [OfferPassenger(id: "pas_1", type: .adult)],
                slices: (0..<legs).map { slice(index, leg: $0, date: dates[$0]) },
                conditions: Conditions(), paymentRequirements: PaymentRequirements(requiresInstantPayment: true),
                expiresAt: Date(timeIntervalSinceNow: 1800))
        }
    }

    static func search(legs: Int) -> SearchRequest {
        let out = SearchSlice(origin: "LHR", destination: "JFK", departureDate: day("2027-03-18"))
        let back = SearchSlice(origin: "JFK", destination: "LHR", departureDate: day("2027-03-28"))
        return SearchRequest(slices: legs == 1 ? [out] : [out, back], passengers: [.adult], cabinClass: .economy)
    }

    static func offerRequest(legs: Int) -> OfferRequest {
        let request = search(legs: legs)
        return OfferRequest(
            id: "orq_bench",
            slices: request.slices.map {
                OfferRequestSlice(
                    origin: Place($0.origin == "LHR" ? airports[0] : airports[4]),
                    destination: Place($0.destination == "LHR" ? airports[0] : airports[4]), departureDate: $0.departureDate)
            },
            passengers: [OfferPassenger(id: "pas_1", type: .adult)], cabinClass: .economy, offers: [], createdAt: nil)
    }
}

extension Array {
    /// A fixed reordering, so every run builds the same offers.
    func shuffledDeterministically(seed: Int) -> [Element] {
        guard count > 1 else { return self }
        var copy = self
        for index in copy.indices.reversed() {
            copy.swapAt(index, (seed &* 31 &+ index &* 17) % (index + 1))
        }
        return copy
    }
}

/// Only the timings whose label contains this (the second argument), so one can be counted on its own.
let only = CommandLine.arguments.dropFirst(2).first

@MainActor
func time(_ label: String, repeats: Int, _ body: () async -> Void) async {
    if let only, !label.contains(only) { return }
    var samples: [Double] = []
    for _ in 0..<repeats {
        let start = ContinuousClock.now
        await body()
        let elapsed = ContinuousClock.now - start
        samples.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
    }
    samples.sort()
    let median = samples[samples.count / 2]
    print("\(label): median \(String(format: "%.1f", median)) ms, min \(String(format: "%.1f", samples[0])) ms (\(repeats) runs)")
}

@MainActor
func main() async {
    let count = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 1000
    for legs in [1, 2] {
        let service = InMemoryOfferService(offers: Synthetic.offers(count: count, legs: legs), offerRequest: Synthetic.offerRequest(legs: legs))
        let builder = FlightAvailabilityBuilder(offers: service)
        let request = Synthetic.search(legs: legs)
        let kind = legs == 1 ? "one-way" : "round trip"

        await time("search alone (paging through the service), \(count) \(kind) offers", repeats: 7) {
            _ = try? await service.search(request)
        }
        let commands = ["sort duration", "filter stops 1", "next", "sort departure", "filter carrier BA,VS", "filter clear",
                        "sort arrival", "prev", "filter depart 09:00-12:00", "sort price"]
        let rounds = 10
        await time("interactive, \(count) \(kind) offers, search + \(commands.count * rounds) typed commands", repeats: 5) {
            let terminal = CountingTerminal(columns: 120, lines: Array(repeating: commands, count: rounds).flatMap { $0 })
            await builder.build(input: FlightAvailabilityInput(request: request), router: NullRouter(), terminal: terminal).run()
        }
        let moves = Array(repeating: KeyInput.down, count: 250) + Array(repeating: KeyInput.up, count: 250)
        await time("interactive, \(count) \(kind) offers, search + \(moves.count) arrow keys (each redraws the page)", repeats: 5) {
            let terminal = CountingTerminal(columns: 120, keys: moves + [.end])
            await builder.build(input: FlightAvailabilityInput(request: request), router: NullRouter(), terminal: terminal).run()
        }
    }
}

await main()
