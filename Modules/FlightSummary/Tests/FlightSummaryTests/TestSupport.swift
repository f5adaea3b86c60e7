import Entities
import FixtureServices
import Foundation
import Services
@testable import Trips
import ModuleCore
import Synchronization
import TerminalUI
@testable import FlightSummary

/// The recorded searches happen at 10:15 UTC on 2026-11-22 and their offers expire at 10:45.
let searchTime = Date(timeIntervalSince1970: 1_795_342_800)  // 2026-11-22T10:20:00Z
let afterExpiry = Date(timeIntervalSince1970: 1_795_345_200)  // 2026-11-22T11:00:00Z
let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current

/// The recorded `GET /air/offers/{id}` answer: ZZ117 LHR→JFK, one adult, £412.50, may be held.
func recordedOffer() throws -> Offer {
    try FixtureFile.offer.decode(DataEnvelope<Offer>.self).data
}

/// The offers of a recorded search, run through the fixture service so that it knows them for re-checks.
func searchedOffers(_ service: FixtureOfferService, roundTrip: Bool = false) async throws -> [Offer] {
    let request = roundTrip ? roundTripSearch : oneWaySearch
    return try await service.createOfferRequest(request, returnOffers: true).offers
}

/// A calendar date from a literal; a typo fails the test that uses it rather than crashing.
func day(_ text: String) -> CalendarDate {
    CalendarDate(text) ?? CalendarDate(dayNumber: 0)
}

let oneWaySearch = SearchRequest(
    slices: [SearchSlice(origin: "LHR", destination: "JFK", departureDate: day("2026-12-18"))],
    passengers: [.adult])

let roundTripSearch = SearchRequest(
    slices: [
        SearchSlice(origin: "LHR", destination: "JFK", departureDate: day("2026-12-18")),
        SearchSlice(origin: "JFK", destination: "LHR", departureDate: day("2026-12-28")),
    ],
    passengers: [.adult, .adult, .child(age: 8)])

/// A valid traveller for the recorded adult.
let imogen = PassengersFile.Traveller(
    title: "ms", givenName: "Imogen", familyName: "Fairweather", bornOn: "1990-04-12", gender: "f",
    email: "imogen.fairweather@example.com", phoneNumber: "+44 20 7946 0123")

/// The answers an adult's fields take, in the order they are asked.
let imogenAnswers = ["ms", "Imogen", "Fairweather", "1990-04-12", "f", "imogen.fairweather@example.com", "+442079460123"]

/// The passenger rules as of the recorded searches' day.
func rules(today: Date = searchTime) -> PassengerRules {
    PassengerRules(today: CalendarDate(today, in: utc))
}

/// Booking keys `key-1`, `key-2`, … so tests can tell them apart.
final class KeyMaker: Sendable {
    private let count = Mutex(0)
    func make() -> String {
        count.withLock { value in
            value += 1
            return "key-\(value)"
        }
    }
}

/// One log for the view and the store, to check what happened in which order.
final class EventLog: Sendable {
    private let entries = Mutex<[String]>([])
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}

/// The fixture store, logging each save with the record's state.
final class LoggingBookingStore: BookingStore {
    let store: FixtureBookingStore
    let log: EventLog

    init(store: FixtureBookingStore = FixtureBookingStore(), log: EventLog) {
        self.store = store
        self.log = log
    }

    var location: String { store.location }

    func save(_ record: BookingRecord) throws(BookingStoreError) {
        try store.save(record)
        log.append("save \(record.state.rawValue)")
    }

    func records() throws(BookingStoreError) -> [BookingRecord] { try store.records() }
}

/// An offer service answering from a script of offers or failures, for what the recorded files cannot show: a
/// price that moved, an offer with an infant. Once the script is used up, the last answer repeats.
final class ScriptedOfferService: OfferService {
    private let state: Mutex<(replies: [Result<Offer, ServiceError>], reads: [String])>

    init(_ replies: [Result<Offer, ServiceError>]) {
        state = Mutex((replies, []))
    }

    var reads: [String] { state.withLock { $0.reads } }

    func createOfferRequest(_ request: SearchRequest, returnOffers: Bool) async throws(ServiceError) -> OfferRequest {
        throw .transport("not scripted")
    }

    func offers(_ query: OfferQuery) async throws(ServiceError) -> Page<Offer> {
        throw .transport("not scripted")
    }

    func offer(id: String) async throws(ServiceError) -> Offer {
        let reply = state.withLock { state -> Result<Offer, ServiceError>? in
            state.reads.append(id)
            guard let first = state.replies.first else { return nil }
            if state.replies.count > 1 { state.replies.removeFirst() }
            return first
        }
        guard let reply else { throw FixtureFile.errorNotFound.error }
        return try reply.get()
    }
}

extension Offer {
    /// The same offer at another total (and base), as the airline might re-price it.
    func repriced(by amount: Decimal) -> Offer {
        var copy = self
        copy.totalAmount = Money(amount: totalAmount.amount + amount, currency: totalAmount.currency)
        if let base = baseAmount { copy.baseAmount = Money(amount: base.amount + amount, currency: base.currency) }
        return copy
    }
}

/// Every way the summary left, in order.
@MainActor
final class SpyRouter: FlightSummaryRouter {
    enum Exit: Equatable {
        case availability
        /// Told the moment the booking was made.
        case booked(String)
        /// The traveller moved on from the booking shown.
        case finished(String)
        /// To the seat maps, with this many seats chosen so far.
        case seats(chosen: Int)
    }

    /// What the seats screen hands back when asked (`nil`: the traveller went back unchanged).
    var seatsToHandBack: [SeatChoice]?

    private(set) var exits: [Exit] = []

    func summaryDidGoBack() { exits.append(.availability) }
    func summaryDidBook(_ order: Order) { exits.append(.booked(order.bookingReference)) }
    func summaryDidFinish(_ order: Order) { exits.append(.finished(order.bookingReference)) }
    func summaryWantsSeats(for offer: Offer, chosen: [SeatChoice]) async -> [SeatChoice]? {
        exits.append(.seats(chosen: chosen.count))
        return seatsToHandBack
    }
}

/// The screen the builder makes, wired to a spy router and fixture services on a wide virtual terminal (no line
/// wraps), driven through its runner: each action sent, and the work it starts awaited.
@MainActor
struct Harness {
    let orders: FixtureOrderService
    let store: FixtureBookingStore
    let log: EventLog
    let terminal = VirtualTerminal(columns: 400)
    let router: SpyRouter
    let runner: ScreenRunner<FlightSummaryReducer>
    let now: Date

    init(
        input: FlightSummaryInput, offers: any OfferService, orders: FixtureOrderService = FixtureOrderService(),
        store: FixtureBookingStore = FixtureBookingStore(),
        now: Date = searchTime
    ) {
        let log = EventLog()
        let keys = KeyMaker()
        self.orders = orders
        self.store = store
        self.log = log
        self.now = now
        let builder = FlightSummaryBuilder(
            offers: offers, orders: orders, bookings: LoggingBookingStore(store: store, log: log),
            backend: "fixtures", now: { now }, timeZone: utc, makeBookingKey: { keys.make() })
        router = SpyRouter()
        runner = builder.runner(
            input: input, router: router, terminal: terminal, services: builder.services(lookupDelays: [.zero]))
    }

    /// Everything the screen knows now.
    var state: FlightSummaryState { runner.state }

    /// Sends `action` and waits for the work it started, and the answers' work, to end.
    func send(_ action: FlightSummaryAction) async {
        runner.send(action)
        await runner.settled()
    }

    /// The screen is shown, at the harness's clock.
    func appear() async {
        await send(.appeared(now: now))
    }

    /// Answers the current text prompts with `answers`, one each.
    func type(_ answers: [String]) async {
        for answer in answers { await send(.entered(answer)) }
    }

    /// From the first prompt to the review, with `answers` for every passenger in turn.
    func enterDetails(_ answers: [String]...) async {
        await send(.confirmed(true))
        for passenger in answers { await type(passenger) }
    }

    /// The question asked now.
    /// The question asked, without its help (the help tests read it whole).
    var question: ScreenQuestion? { FlightSummaryReducer.screen(state).question?.helped(by: []) }

    /// The options of the current choice.
    var options: [String] {
        if case .choice(let options, _)? = question?.kind { return options }
        return []
    }

    /// Picks the review's option whose label starts with `prefix`.
    func choose(startingWith prefix: String) async -> Bool {
        guard let index = options.firstIndex(where: { $0.hasPrefix(prefix) }) else { return false }
        await send(.chose(index))
        return true
    }

    /// What was written for people (standard output, and diagnostics when standard output is for programs).
    var text: String { terminal.text + terminal.diagnostics }

    /// The messages of `symbol` written, in order (`✗` errors, `✓` successes, `•` information, `!` warnings).
    func notices(_ symbol: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            line.hasPrefix(symbol + " ") ? String(line.dropFirst(symbol.count + 1)) : nil
        }
    }

    /// The errors written, in order.
    var errors: [String] { notices("✗") }

    /// The value written beside `key` in the last list that has it (`Kept in` → `memory`).
    func row(_ key: String) -> String? {
        text.split(separator: "\n").reversed().lazy.compactMap { line -> String? in
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix(key + "  ") else { return nil }
            return String(trimmed.dropFirst(key.count).drop { $0 == " " })
        }.first
    }

    /// How many times `text` was written.
    func count(_ text: String) -> Int {
        self.text.components(separatedBy: text).count - 1
    }

    /// Logs `entry` the moment `text` is first written, so a test can tell what came before it.
    func logWhenShown(_ text: String, as entry: String) async {
        let log = log
        Task { try? await terminal.wait(for: text) { terminal in
            guard (terminal.text + terminal.diagnostics).contains(text) else { return false }
            log.append(entry)
            return true
        } }
        await Task.yield()
    }
}

/// The screen books through the trip's core; these name its use case as the work's tests call it.
extension FlightSummaryServices {
    func book(
        offer: Offer, passengers: [PassengerDetails], slots: [PassengerSlot], type: OrderType, lookUpFirst: Bool = false,
        services: [SelectedService] = [], total: Money? = nil
    ) async -> BookingAttempt {
        await booking.book(OfferBooking(
            offer: offer, passengers: passengers, slots: slots, type: type, lookUpFirst: lookUpFirst, services: services,
            total: total))
    }

    func orderCreation(
        offer: Offer, passengers: [PassengerDetails], slots: [PassengerSlot], type: OrderType, key: String,
        services: [SelectedService] = [], total: Money? = nil
    ) -> OrderCreation {
        OfferBooking(offer: offer, passengers: passengers, slots: slots, type: type, services: services, total: total)
            .orderCreation(key: key, total: total ?? offer.totalAmount)
    }

    func findOrder(key: String, since: Date? = nil) async -> Result<Order?, ServiceError> {
        await booking.findOrder(key: key, since: since)
    }
}
