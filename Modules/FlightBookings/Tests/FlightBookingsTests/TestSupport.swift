import Entities
import FixtureServices
import Foundation
import Services
import ModuleCore
import Synchronization
import TerminalUI
@testable import FlightBookings

/// The recorded order is made at 10:24 UTC on 2026-11-22; its cancellation quote is made at 11:02 and expires at 11:32.
let orderTime = Date(timeIntervalSince1970: 1_795_343_091)  // 2026-11-22T10:24:51Z
let quoteTime = Date(timeIntervalSince1970: 1_795_345_500)  // 2026-11-22T11:05:00Z
let afterQuoteExpiry = Date(timeIntervalSince1970: 1_795_347_600)  // 2026-11-22T11:40:00Z
let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current

/// A calendar date from a literal; a typo fails the test that uses it rather than crashing.
func day(_ text: String) -> CalendarDate {
    CalendarDate(text) ?? CalendarDate(dayNumber: 0)
}

/// An order body as FlightSummary sends it, carrying `key` in its metadata.
func orderBody(key: String, type: OrderType = .instant) -> OrderCreation {
    OrderCreation(
        type: type, selectedOffers: ["off_0000Bf7EUcGQ22QJSC5NYu"],
        passengers: [PassengerDetails(
            id: "pas_0000BdlnJxvVWHajsjWoDW", title: .ms, gender: .female, givenName: "Imogen",
            familyName: "Fairweather", bornOn: day("1990-04-12"), email: "imogen.fairweather@example.com",
            phoneNumber: "+442079460123")],
        payments: [], metadata: ["flights_booking_key": key])
}

/// A record as FlightSummary writes it before sending the order.
func pendingRecord(key: String, at date: Date, backend: String = "fixtures") -> BookingRecord {
    BookingRecord(
        bookingKey: key, offerID: "off_0000Bf7EUcGQ22QJSC5NYu", backend: backend,
        legs: [BookingRecord.Leg(
            origin: "LHR", destination: "JFK", departingAt: LocalDateTime("2026-12-18T08:25:00"),
            arrivingAt: LocalDateTime("2026-12-18T11:30:00"), flightNumbers: ["ZZ117"])],
        passengers: ["Imogen Fairweather"], total: Money(amount: 412.5, currency: "GBP"), state: .pending,
        createdAt: date, updatedAt: date)
}

/// The orders service and the store after one confirmed booking, as FlightSummary leaves them.
struct Booked {
    let orders: FixtureOrderService
    let store: FixtureBookingStore
    let order: Order
    let record: BookingRecord

    init(type: OrderType = .instant) async throws {
        orders = FixtureOrderService()
        order = try await orders.createOrder(orderBody(key: "key-1", type: type))
        record = pendingRecord(key: "key-1", at: orderTime).updated(from: order, at: orderTime)
        store = FixtureBookingStore(records: [record])
    }
}

/// The label/value rows the views show are TerminalUI's rows.
typealias BookingsRow = KeyValueList.Row
/// The messages the views show are TerminalUI's notices.
typealias BookingsMessage = Notice

extension Notice {
    /// The message's text.
    var text: String { message }
}

/// The traveller's answer to a prompt, as the tests type it.
enum BookingsAnswer {
    case text(String)
    case confirmed(Bool)
}

/// A presenter over `interactor` for `input`, showing on `view` and leaving through `router`.
@MainActor
func makePresenter(
    _ input: FlightBookingsInput, interactor: FlightBookingsInteractor, canAsk: Bool, view: any FlightBookingsView,
    router: any FlightBookingsRouter
) -> FlightBookingsPresenter {
    let state = FlightBookingsState(
        input: input, canAsk: canAsk, backend: interactor.backend, storeLocation: interactor.storeLocation,
        timeZone: interactor.timeZone, now: interactor.now)
    let presenter = FlightBookingsPresenter(store: Store(state), interactor: interactor, router: router)
    presenter.view = view
    return presenter
}

/// The view events the presenter tests send, as the terminal view sends them.
extension FlightBookingsPresenter {
    func didAppear() async { await appear() }

    func didAnswer(_ answer: BookingsAnswer) async {
        switch answer {
        case .text(let text): await send(.entered(text))
        case .confirmed(let yes): await confirm(yes)
        }
    }

    func didGoBack() async { await send(.back) }

    var step: FlightBookingsStep { state.step }
    var current: Booking? { state.current }
    func detailChoices() -> String { state.detailChoices }
}

/// Everything the presenter showed or asked, in order.
@MainActor
final class SpyView: FlightBookingsView {
    enum Event: Equatable {
        case list(BookingListViewModel)
        case detail(BookingDetailViewModel)
        case quote(CancellationQuoteViewModel)
        case message(BookingsMessage)
        case error(String, String?)
        case prompt(BookingsPrompt?)
        case progress(String)
        case progressEnded
        case output(String)
        case calendar(String)
    }

    private(set) var events: [Event] = []
    private(set) var prompt: BookingsPrompt?

    var lists: [BookingListViewModel] { events.compactMap { if case .list(let list) = $0 { list } else { nil } } }
    var details: [BookingDetailViewModel] { events.compactMap { if case .detail(let detail) = $0 { detail } else { nil } } }
    var quotes: [CancellationQuoteViewModel] { events.compactMap { if case .quote(let quote) = $0 { quote } else { nil } } }
    var messages: [BookingsMessage] { events.compactMap { if case .message(let message) = $0 { message } else { nil } } }
    var errors: [String] { events.compactMap { if case .error(let text, _) = $0 { text } else { nil } } }
    var outputs: [String] { events.compactMap { if case .output(let text) = $0 { text } else { nil } } }
    var calendars: [String] { events.compactMap { if case .calendar(let text) = $0 { text } else { nil } } }

    func displayList(_ list: BookingListViewModel) { events.append(.list(list)) }
    func displayDetail(_ detail: BookingDetailViewModel) { events.append(.detail(detail)) }
    func displayQuote(_ quote: CancellationQuoteViewModel) { events.append(.quote(quote)) }
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
    func displayCalendar(_ text: String) { events.append(.calendar(text)) }
    func displayPrompt(_ prompt: BookingsPrompt?) {
        self.prompt = prompt
        events.append(.prompt(prompt))
    }
}

/// Every way the screen left, in order.
@MainActor
final class SpyRouter: FlightBookingsRouter {
    enum Exit: Equatable {
        case search
        case back
        case finished(FlightBookingsOutcome)
    }

    private(set) var exits: [Exit] = []

    func navigateToSearch() { exits.append(.search) }
    func navigateBack() { exits.append(.back) }
    func bookingsDidFinish(_ outcome: FlightBookingsOutcome) { exits.append(.finished(outcome)) }
}

extension CancellationOutcome {
    /// The cancellation, when it was done.
    var done: CancellationDone? {
        if case .cancelled(let done, _) = self { return done }
        return nil
    }
}
