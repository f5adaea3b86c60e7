import Entities
import FixtureServices
import Foundation
import ModuleCore
import ModuleTesting
import Services
import TerminalUI
import Testing
@testable import Trips
@testable import FlightBookings

/// The reducer as a story: each action, how the state changed, and the exact effects that followed.
@Suite("FlightBookingsReducer")
struct FlightBookingsReducerTests {
    private typealias Reducer = FlightBookingsReducer

    private func state(_ input: FlightBookingsInput = FlightBookingsInput(), canAsk: Bool = false) -> FlightBookingsState {
        FlightBookingsState(
            input: input, canAsk: canAsk, backend: "fixtures", storeLocation: "memory", timeZone: utc, now: orderTime)
    }

    /// A state showing `booking` in the interactive detail.
    private func detail(_ booking: Booking, records: [BookingRecord]) -> FlightBookingsState {
        var state = state()
        state.now = quoteTime
        state.step = .detail
        state.records = records
        state.current = booking
        return state
    }

    /// The question the screen asks in `state`, as its prompt.
    private func asked(_ state: FlightBookingsState) -> String? {
        Reducer.screen(state).question?.prompt
    }

    /// The screen, its question without its help (told by the module tests).
    private func bare(_ state: FlightBookingsState) -> ScreenModel {
        var model = Reducer.screen(state)
        model.question = model.question?.helped(by: [])
        return model
    }

    // MARK: The list

    @Test func theListIsReadThenListedAndAsked() async throws {
        let booked = try await Booked()
        var store = TestStore<Reducer>(state())
        store.send(.appeared(now: quoteTime), effects: [.note(.progress("Reading your bookings…")), .run(.loadBookings)]) {
            $0.now = quoteTime
            $0.waiting = true
        }
        // Nothing is asked while the bookings are read.
        #expect(Reducer.screen(store.state).question == nil)
        let list = BookingList(records: [booked.record], reconciliations: [])
        store.send(.bookingsLoaded(.success(list), now: quoteTime), effects: [.note(.progressEnded)]) {
            $0.records = [booked.record]
            $0.step = .list
            $0.waiting = false
        }
        #expect(bare(store.state) == ScreenModel(
            page: store.state.listBlocks(),
            question: .line("Open a booking (1–1), n for a new search, b to go back: ")))
    }

    @Test func aStoreThatCannotBeReadOnTheScreenShowsNoListButAsks() {
        var store = TestStore<Reducer>(state())
        let failure = BookingStoreError.io(path: "/tmp/bookings.json", reason: "permission denied")
        store.send(.bookingsLoaded(.failure(failure), now: quoteTime), effects: [
            .note(.progressEnded), .note(.error(failure.description, suggestion: nil)),
        ]) {
            $0.now = quoteTime
            $0.step = .list
            $0.listUnread = true
        }
        #expect(bare(store.state) == ScreenModel(question: .line("n for a new search, b to go back: ")))
    }

    @Test func aNumberOutOfRangeIsExplainedAndANumberInRangeReadsTheBooking() async throws {
        let booked = try await Booked()
        var start = state()
        start.step = .list
        start.records = [booked.record]
        var store = TestStore<Reducer>(start)
        let typed = try #require(Reducer.action(for: .line("7"), in: store.state))
        store.send(typed, effects: [
            .note(.error("Enter a booking's number (1–1), n for a new search, or b to go back.", suggestion: nil)),
        ]) { _ in }
        store.send(.entered(" 1 "), effects: [
            .note(.progress("Reading the booking from the flight service…")), .run(.refresh(booked.record)),
        ]) {
            $0.waiting = true
        }
    }

    @Test func backOnTheListLeavesAndCtrlCStopsAsking() {
        var start = state()
        start.step = .list
        var store = TestStore<Reducer>(start)
        #expect(Reducer.action(for: .interrupted, in: store.state) == .interrupted)
        store.send(.interrupted, effects: []) { $0.stopped = true }
        #expect(Reducer.screen(store.state).question == nil)
        // Shown again, it asks again.
        store.send(.appeared(now: orderTime), effects: []) { $0.stopped = false }
        #expect(Reducer.action(for: .ended, in: store.state) == .inputEnded)
        store.send(.inputEnded, effects: []) { $0.stopped = true }
        store.send(.appeared(now: orderTime), effects: []) { $0.stopped = false }
        #expect(Reducer.action(for: .back, in: store.state) == .back)
        store.send(.back, effects: [.leave(.back)]) { $0.stopped = true }
        #expect(Reducer.screen(store.state).question == nil)
    }

    // MARK: One booking

    @Test func aRefreshedBookingIsShownInTheDetail() async throws {
        let booked = try await Booked()
        var start = state()
        start.step = .list
        start.waiting = true
        var store = TestStore<Reducer>(start)
        let booking = Booking(record: booked.record, order: booked.order)
        store.send(.refreshed(booking, now: quoteTime), effects: [.note(.progressEnded)]) {
            $0.now = quoteTime
            $0.step = .detail
            $0.current = booking
            $0.waiting = false
        }
        #expect(bare(store.state) == ScreenModel(
            page: store.state.detailBlocks(booking),
            question: .keys("What next? c to cancel, r to refresh, b for the list, n for a new search:")))
    }

    @Test func anUnknownReferenceIsSaidOverTheList() {
        let input = FlightBookingsInput(request: .show(reference: "zzzzzz"))
        var store = TestStore<Reducer>(state(input))
        store.send(.appeared(now: quoteTime), effects: [
            .note(.progress("Looking up booking ZZZZZZ…")), .run(.lookUp(reference: "zzzzzz")),
        ]) {
            $0.now = quoteTime
            $0.lookup = .show
            $0.waiting = true
        }
        store.send(.lookedUp(.notFound, now: quoteTime), effects: [
            .note(.progressEnded),
            .note(.error(
                "There is no booking ZZZZZZ on this machine or at the flight service.",
                suggestion: "Check the reference (six letters and digits, as the airline gave it); the list shows the bookings kept here.")),
            .note(.progress("Reading your bookings…")), .run(.loadBookings),
        ]) {
            $0.lookup = nil
        }
    }

    // MARK: Cancelling

    @Test func cancellingAsksForAQuoteThenToConfirmIt() async throws {
        let booked = try await Booked()
        let booking = Booking(record: booked.record, order: booked.order)
        var store = TestStore<Reducer>(detail(booking, records: [booked.record]))
        store.send(.entered("c"), effects: [
            .note(.progress("Asking the airline what cancelling would refund…")),
            .run(.quoteCancellation(orderID: booked.order.id)),
        ]) {
            $0.waiting = true
        }
        let quote = try await booked.orders.quoteCancellation(orderID: booked.order.id)
        store.send(.quoted(.success(quote), now: quoteTime), effects: [
            .note(.progressEnded), .print(store.state.text.quoteBlocks(quote, booking: booking)),
        ]) {
            $0.step = .confirmCancel(quote)
            $0.waiting = false
        }
        // The booking stays on the page; the question commits, so keys typed before it do not answer it.
        let question = ScreenQuestion.keys(
            "Cancel booking ERDAH6 for a refund of £372.50? y yes · n no · Enter no", commits: true)
        #expect(bare(store.state) == ScreenModel(page: store.state.detailBlocks(booking), question: question))
        #expect(Reducer.problem(with: "maybe", in: store.state) == "Please answer y or n.")
        #expect(Reducer.problem(with: "YES", in: store.state) == nil)
        #expect(Reducer.action(for: .line(""), in: store.state) == .answered(false))
        #expect(Reducer.action(for: .line("y"), in: store.state) == .answered(true))
    }

    @Test func aConfirmedQuoteIsCancelledShielded() async throws {
        let booked = try await Booked()
        let booking = Booking(record: booked.record, order: booked.order)
        let quote = try await booked.orders.quoteCancellation(orderID: booked.order.id)
        var start = detail(booking, records: [booked.record])
        start.step = .confirmCancel(quote)
        var store = TestStore<Reducer>(start)
        // The clock is read as the answer comes: the quote may have expired while the traveller thought.
        store.send(.answered(true), effects: [.run(.readClock(confirming: true))]) { $0.waiting = true }
        let effects = store.send(.confirmed(true, now: quoteTime), effects: [
            Reducer.changing("Cancelling…", reference: "ERDAH6", what: "cancelled"),
            .run(.confirmCancellation(quote, booking)),
        ]) { _ in }
        #expect(effects.contains { if case .run(let work) = $0 { work.isShielded } else { false } })
    }

    @Test func anExpiredQuoteIsAskedForAgainOnce() async throws {
        let booked = try await Booked()
        let booking = Booking(record: booked.record, order: booked.order)
        let quote = try await booked.orders.quoteCancellation(orderID: booked.order.id)
        var start = detail(booking, records: [booked.record])
        start.step = .confirmCancel(quote)
        var store = TestStore<Reducer>(start)
        store.send(.confirmed(true, now: afterQuoteExpiry), effects: [
            .note(.message(Notice(.info, "The refund quote has expired; asking the airline again."))),
            .note(.progress("Asking the airline what cancelling would refund…")),
            .run(.quoteCancellation(orderID: booked.order.id)),
        ]) {
            $0.now = afterQuoteExpiry
            $0.requotedOnce = true
            $0.waiting = true
        }
        // The second time, the API decides.
        store.send(.confirmed(true, now: afterQuoteExpiry), effects: [
            Reducer.changing("Cancelling…", reference: "ERDAH6", what: "cancelled"), .run(.confirmCancellation(quote, booking)),
        ]) {
            $0.requotedOnce = false
        }
    }

    @Test func aFailedCancellationGoesBackToTheDetail() async throws {
        let booked = try await Booked()
        let booking = Booking(record: booked.record, order: booked.order)
        let quote = try await booked.orders.quoteCancellation(orderID: booked.order.id)
        var start = detail(booking, records: [booked.record])
        start.step = .confirmCancel(quote)
        start.waiting = true
        var store = TestStore<Reducer>(start)
        store.send(.cancellationConfirmed(.notCancelled(.timedOut), now: quoteTime), effects: [
            .note(.progressEnded),
            .note(.error(
                "The booking was not cancelled: \(ServiceError.timedOut.message)", suggestion: ServiceError.timedOut.suggestion)),
        ]) {
            $0.step = .detail
            $0.waiting = false
        }
        #expect(asked(store.state) == "What next? c to cancel, r to refresh, b for the list, n for a new search:")
    }

    @Test func aCancellationWhoseAnswerWasLostButCouldNotBeCheckedSaysItMayHaveBeenDone() async throws {
        let booked = try await Booked()
        let booking = Booking(record: booked.record, order: booked.order)
        let quote = try await booked.orders.quoteCancellation(orderID: booked.order.id)
        var start = detail(booking, records: [booked.record])
        start.step = .confirmCancel(quote)
        var store = TestStore<Reducer>(start)
        let effects = store.send(.cancellationConfirmed(.unknown(.timedOut, lookup: .cannotConnect("refused")), now: quoteTime)) {
            $0.step = .detail
        }
        guard case .note(.error(let text, let suggestion)) = effects.dropFirst().first else {
            Issue.record("expected an error, got \(effects)")
            return
        }
        #expect(text.hasPrefix("Booking ERDAH6 may have been cancelled: the answer was lost"))
        #expect(!text.contains("not cancelled"))
        #expect(suggestion == "Check with `flights booking ERDAH6` before cancelling again.")
        #expect(asked(store.state)?.hasPrefix("What next?") == true)
    }

    @Test func aCancellationFoundDoneAfterALostAnswerIsReportedCancelled() async throws {
        let booked = try await Booked()
        let booking = Booking(record: booked.record, order: booked.order)
        var quote = try await booked.orders.quoteCancellation(orderID: booked.order.id)
        var start = detail(booking, records: [booked.record])
        start.step = .confirmCancel(quote)
        var store = TestStore<Reducer>(start)
        quote.confirmedAt = quoteTime
        var after = booking
        after.order?.cancelledAt = quoteTime
        let effects = store.send(
            .cancellationConfirmed(.cancelled(CancellationDone(cancellation: quote, booking: after), recovered: true), now: quoteTime)
        ) {
            $0.current = after
            $0.step = .detail
        }
        let successes = effects.compactMap { effect -> String? in
            if case .note(.message(let notice)) = effect, notice.kind == .success { return notice.message }
            return nil
        }
        #expect(successes.count == 1)
        #expect(successes.first?.hasPrefix("Booking ERDAH6 is cancelled (the answer was lost; reading the booking again shows it cancelled).") == true)
    }

    // MARK: Paying

    @Test func aNewPriceOnTheScreenIsShownOnThePageAndAskedAgain() async throws {
        let booked = try await Booked(type: .hold)
        var repriced = Booking(record: booked.record, order: booked.order)
        repriced.order?.totalAmount = Money(amount: 433.13, currency: "GBP")
        var start = detail(Booking(record: booked.record, order: booked.order), records: [booked.record])
        start.step = .confirmPay(Money(amount: 412.5, currency: "GBP"))
        start.paying = Money(amount: 412.5, currency: "GBP")
        var store = TestStore<Reducer>(start)
        store.send(
            .paid(.priceChanged(old: Money(amount: 412.5, currency: "GBP"), booking: repriced), now: quoteTime),
            effects: [
                .note(.progressEnded),
                .note(.error("Nothing was paid: the airline changed the price from £412.50 to £433.13.", suggestion: nil)),
            ]
        ) {
            $0.current = repriced
            $0.paying = nil
            $0.step = .confirmPay(Money(amount: 433.13, currency: "GBP"))
        }
        #expect(Reducer.screen(store.state).page == store.state.detailBlocks(repriced))
        #expect(asked(store.state) == "Pay £433.13 now for booking ERDAH6? y yes · n no · Enter no")
    }

    // MARK: A calendar

}
