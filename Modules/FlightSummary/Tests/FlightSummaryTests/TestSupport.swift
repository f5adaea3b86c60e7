import Entities
import FixtureServices
import Foundation
import Services
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
let imogen = FlightSummaryInput.Traveller(
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

/// Everything the presenter showed or asked, in order.
@MainActor
final class SpyView: FlightSummaryView {
    enum Event: Equatable {
        case summary(OfferSummaryViewModel)
        case priceChange(PriceChangeViewModel)
        case heading(String)
        case review(ReviewViewModel)
        case booking(BookingViewModel)
        case message(Notice)
        case error(String, String?)
        case prompt(SummaryPrompt?)
        case progress(String)
        case progressEnded
        case output(String)
    }

    private(set) var events: [Event] = []
    private(set) var prompt: SummaryPrompt?
    let log: EventLog?

    init(log: EventLog? = nil) {
        self.log = log
    }

    var errors: [String] { events.compactMap { if case .error(let text, _) = $0 { text } else { nil } } }
    var messages: [Notice] { events.compactMap { if case .message(let message) = $0 { message } else { nil } } }
    var bookings: [BookingViewModel] { events.compactMap { if case .booking(let booking) = $0 { booking } else { nil } } }
    var summaries: [OfferSummaryViewModel] { events.compactMap { if case .summary(let summary) = $0 { summary } else { nil } } }
    var priceChanges: [PriceChangeViewModel] { events.compactMap { if case .priceChange(let change) = $0 { change } else { nil } } }
    var outputs: [String] { events.compactMap { if case .output(let text) = $0 { text } else { nil } } }

    /// The question of the current prompt, whatever its kind.
    var question: String? {
        switch prompt {
        case .text(let question, _)?, .confirm(let question, _)?, .choice(let question, _, _)?: question
        case .acknowledge(let text)?: text
        case nil: nil
        }
    }

    /// The options of the current choice.
    var options: [String] {
        if case .choice(_, let options, _)? = prompt { return options }
        return []
    }

    func display(_ summary: OfferSummaryViewModel) { events.append(.summary(summary)) }
    func displayPriceChange(_ change: PriceChangeViewModel) { events.append(.priceChange(change)) }
    func displayPassengerHeading(_ heading: String) { events.append(.heading(heading)) }
    func displayReview(_ review: ReviewViewModel) { events.append(.review(review)) }
    func displayBooking(_ booking: BookingViewModel) {
        log?.append("show booking \(booking.headline)")
        events.append(.booking(booking))
    }
    func displayNote(_ note: ScreenNote) {
        switch note {
        case .message(let message): events.append(.message(message))
        case .error(let message, let suggestion): events.append(.error(message, suggestion))
        case .progress(let message): events.append(.progress(message))
        case .change(let change): events.append(.progress(change.message))
        case .progressEnded: events.append(.progressEnded)
        case .output(let text): events.append(.output(text))
        }
    }
    func displayPrompt(_ prompt: SummaryPrompt?) {
        self.prompt = prompt
        events.append(.prompt(prompt))
    }
}

/// Every way the summary left, in order.
@MainActor
final class SpyRouter: FlightSummaryRouter {
    enum Exit: Equatable {
        case availability
        case bookings(String)
        case finished(String)
    }

    private(set) var exits: [Exit] = []
    private(set) var outcomes: [FlightSummaryOutcome] = []

    func navigateBackToAvailability() { exits.append(.availability) }
    func navigateToBookings(highlighting order: Order) { exits.append(.bookings(order.bookingReference)) }
    func summaryDidFinish(_ outcome: FlightSummaryOutcome) {
        outcomes.append(outcome)
        exits.append(.finished(Self.name(outcome)))
    }

    static func name(_ outcome: FlightSummaryOutcome) -> String {
        switch outcome {
        case .booked: "booked"
        case .invalidInput: "invalidInput"
        case .offerUnavailable: "offerUnavailable"
        case .priceChanged: "priceChanged"
        case .failed: "failed"
        case .notSaved: "notSaved"
        case .declined: "declined"
        }
    }
}

/// A presenter wired to spies and fixture services, as the builder would wire it to a terminal view.
@MainActor
struct Harness {
    let orders: FixtureOrderService
    let store: FixtureBookingStore
    let log: EventLog
    let view: SpyView
    let router: SpyRouter
    let presenter: FlightSummaryPresenter
    let interactor: FlightSummaryInteractor

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
        interactor = FlightSummaryInteractor(
            offers: offers, orders: orders, bookings: LoggingBookingStore(store: store, log: log),
            backend: "fixtures", now: { now }, timeZone: utc, makeBookingKey: { keys.make() }, lookupDelays: [.zero])
        router = SpyRouter()
        let state = FlightSummaryState(
            input: input, storeLocation: interactor.storeLocation, timeZone: utc, now: interactor.now)
        presenter = FlightSummaryPresenter(store: Store(state), interactor: interactor, router: router)
        view = SpyView(log: log)
        presenter.view = view
    }

    /// Answers the current text prompts with `answers`, one each.
    func type(_ answers: [String]) async {
        for answer in answers { await presenter.send(.entered(answer)) }
    }

    /// From the first prompt to the review, with `answers` for every passenger in turn.
    func enterDetails(_ answers: [String]...) async {
        await presenter.send(.confirmed(true))
        for passenger in answers { await type(passenger) }
    }

    /// Picks the review's option whose label starts with `prefix`.
    func choose(startingWith prefix: String) async -> Bool {
        guard let index = view.options.firstIndex(where: { $0.hasPrefix(prefix) }) else { return false }
        await presenter.send(.chose(index))
        return true
    }
}
