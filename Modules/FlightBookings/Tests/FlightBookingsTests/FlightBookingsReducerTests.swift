import Entities
import FixtureServices
import Foundation
import ModuleCore
import Services
import TerminalUI
import Testing
@testable import FlightBookings

/// The reducer as a function: given a state and an action, the whole new state and the exact effects.
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

    private func prompt(_ state: FlightBookingsState) -> FlightBookingsEffect { .show(.prompt(state.prompt)) }

    // MARK: The list

    @Test func appearingOnTheListReadsTheBookings() {
        var state = state()
        let effects = Reducer.reduce(&state, .appeared(now: quoteTime))
        var expected = self.state()
        expected.now = quoteTime
        #expect(state == expected)
        #expect(effects == [.show(.note(.progress("Reading your bookings…"))), .loadBookings])
    }

    @Test func theBookingsReadAreListedAndAsked() async throws {
        let booked = try await Booked()
        var state = state()
        let list = BookingList(records: [booked.record], reconciliations: [])
        let effects = Reducer.reduce(&state, .bookingsLoaded(.success(list), now: quoteTime))
        var expected = self.state()
        expected.now = quoteTime
        expected.records = [booked.record]
        expected.step = .list
        #expect(state == expected)
        #expect(effects == [
            .show(.note(.progressEnded)), .show(.list(expected.listViewModel())),
            .show(.prompt(.text(question: "Open a booking (1–1), n for a new search, b to go back:"))),
        ])
    }

    @Test func aStoreThatCannotBeReadEndsAPrintedList() {
        var state = state(FlightBookingsInput(presentation: .text))
        let failure = BookingStoreError.io(path: "/tmp/bookings.json", reason: "permission denied")
        let effects = Reducer.reduce(&state, .bookingsLoaded(.failure(failure), now: quoteTime))
        var expected = self.state(FlightBookingsInput(presentation: .text))
        expected.now = quoteTime
        expected.step = .finished
        #expect(state == expected)
        // The bookings file, not the flight service: the App gives it the bookings file's exit status.
        #expect(effects == [
            .show(.note(.progressEnded)), .show(.note(.error(failure.description, suggestion: nil))), .show(.prompt(nil)),
            .navigate(.finished(.storeFailed(failure.description))),
        ])
    }

    @Test func aNumberOutOfRangeIsExplainedAndANumberInRangeReadsTheBooking() async throws {
        let booked = try await Booked()
        var state = state()
        state.step = .list
        state.records = [booked.record]
        let before = state
        let wrong = Reducer.reduce(&state, .entered("7"))
        #expect(state == before)
        #expect(wrong == [
            .show(.note(.error("Enter a booking's number (1–1), n for a new search, or b to go back.", suggestion: nil))),
            prompt(state),
        ])
        let right = Reducer.reduce(&state, .entered(" 1 "))
        #expect(state == before)
        #expect(right == [.show(.note(.progress("Reading the booking from the flight service…"))), .refresh(booked.record)])
    }

    @Test func backOnTheListLeavesAndCtrlCStopsAsking() {
        var state = state()
        state.step = .list
        let before = state
        #expect(Reducer.reduce(&state, .interrupted).isEmpty)
        #expect(Reducer.reduce(&state, .inputEnded).isEmpty)
        #expect(Reducer.reduce(&state, .back) == [.show(.prompt(nil)), .navigate(.back)])
        #expect(state == before)
    }

    // MARK: One booking

    @Test func aRefreshedBookingIsShownInTheDetail() async throws {
        let booked = try await Booked()
        var state = state()
        state.step = .list
        let booking = Booking(record: booked.record, order: booked.order)
        let effects = Reducer.reduce(&state, .refreshed(booking, now: quoteTime))
        var expected = self.state()
        expected.now = quoteTime
        expected.step = .detail
        expected.current = booking
        #expect(state == expected)
        #expect(effects == [
            .show(.note(.progressEnded)), .show(.detail(expected.detailViewModel(booking))),
            .show(.prompt(.text(question: "What next? c to cancel, r to refresh, b for the list, n for a new search:"))),
        ])
    }

    @Test func anUnknownReferenceEndsAPrintedRunAsNotFound() {
        var state = state(FlightBookingsInput(request: .show(reference: "zzzzzz"), presentation: .text))
        let opened = Reducer.reduce(&state, .appeared(now: quoteTime))
        #expect(state.lookup == .show)
        #expect(opened == [.show(.note(.progress("Looking up booking ZZZZZZ…"))), .lookUp(reference: "zzzzzz")])
        let effects = Reducer.reduce(&state, .lookedUp(.notFound, now: quoteTime))
        var expected = self.state(FlightBookingsInput(request: .show(reference: "zzzzzz"), presentation: .text))
        expected.now = quoteTime
        expected.step = .finished
        #expect(state == expected)
        #expect(effects == [
            .show(.note(.progressEnded)),
            .show(.note(.error(
                "There is no booking ZZZZZZ on this machine or at the flight service.",
                suggestion: "Check the reference (six letters and digits, as the airline gave it); `flights bookings` lists the bookings kept here."))),
            .show(.prompt(nil)), .navigate(.finished(.notFound(reference: "ZZZZZZ"))),
        ])
    }

    // MARK: Cancelling

    @Test func cancellingAsksForAQuoteThenToConfirmIt() async throws {
        let booked = try await Booked()
        let booking = Booking(record: booked.record, order: booked.order)
        var state = detail(booking, records: [booked.record])
        let asked = Reducer.reduce(&state, .entered("c"))
        #expect(state == detail(booking, records: [booked.record]))
        #expect(asked == [
            .show(.note(.progress("Asking the airline what cancelling would refund…"))),
            .quoteCancellation(orderID: booked.order.id),
        ])
        let quote = try await booked.orders.quoteCancellation(orderID: booked.order.id)
        let effects = Reducer.reduce(&state, .quoted(.success(quote), now: quoteTime))
        var expected = detail(booking, records: [booked.record])
        expected.step = .confirmCancel(quote)
        #expect(state == expected)
        #expect(effects == [
            .show(.note(.progressEnded)), .show(.quote(expected.quoteViewModel(quote, booking: booking))),
            .show(.prompt(.confirm(question: "Cancel booking ERDAH6 for a refund of £372.50?", default: false))),
        ])
    }

    @Test func aConfirmedQuoteIsCancelledShielded() async throws {
        let booked = try await Booked()
        let booking = Booking(record: booked.record, order: booked.order)
        let quote = try await booked.orders.quoteCancellation(orderID: booked.order.id)
        var state = detail(booking, records: [booked.record])
        state.step = .confirmCancel(quote)
        let before = state
        let effects = Reducer.reduce(&state, .confirmed(true, now: quoteTime))
        #expect(state == before)
        #expect(effects == [Reducer.changing("Cancelling…", reference: "ERDAH6", what: "cancelled"), .confirmCancellation(quote, booking)])
    }

    @Test func anExpiredQuoteIsAskedForAgainOnce() async throws {
        let booked = try await Booked()
        let booking = Booking(record: booked.record, order: booked.order)
        let quote = try await booked.orders.quoteCancellation(orderID: booked.order.id)
        var state = detail(booking, records: [booked.record])
        state.step = .confirmCancel(quote)
        let effects = Reducer.reduce(&state, .confirmed(true, now: afterQuoteExpiry))
        var expected = detail(booking, records: [booked.record])
        expected.step = .confirmCancel(quote)
        expected.now = afterQuoteExpiry
        expected.requotedOnce = true
        #expect(state == expected)
        #expect(effects == [
            .show(.note(.message(Notice(.info, "The refund quote has expired; asking the airline again.")))),
            .show(.note(.progress("Asking the airline what cancelling would refund…"))),
            .quoteCancellation(orderID: booked.order.id),
        ])
        // The second time, the API decides.
        let again = Reducer.reduce(&state, .confirmed(true, now: afterQuoteExpiry))
        #expect(state.requotedOnce == false)
        #expect(again == [Reducer.changing("Cancelling…", reference: "ERDAH6", what: "cancelled"), .confirmCancellation(quote, booking)])
    }

    @Test func aFailedCancellationGoesBackToTheDetail() async throws {
        let booked = try await Booked()
        let booking = Booking(record: booked.record, order: booked.order)
        let quote = try await booked.orders.quoteCancellation(orderID: booked.order.id)
        var state = detail(booking, records: [booked.record])
        state.step = .confirmCancel(quote)
        let effects = Reducer.reduce(&state, .cancellationConfirmed(.notCancelled(.timedOut), now: quoteTime))
        let expected = detail(booking, records: [booked.record])
        #expect(state == expected)
        #expect(effects == [
            .show(.note(.progressEnded)),
            .show(.note(.error(
                "The booking was not cancelled: \(ServiceError.timedOut.message)", suggestion: ServiceError.timedOut.suggestion))),
            prompt(expected),
        ])
    }

    @Test func aCancellationWhoseAnswerWasLostButCouldNotBeCheckedSaysItMayHaveBeenDone() async throws {
        let booked = try await Booked()
        let booking = Booking(record: booked.record, order: booked.order)
        let quote = try await booked.orders.quoteCancellation(orderID: booked.order.id)
        var state = detail(booking, records: [booked.record])
        state.step = .confirmCancel(quote)
        let effects = Reducer.reduce(
            &state, .cancellationConfirmed(.unknown(.timedOut, lookup: .cannotConnect("refused")), now: quoteTime))
        let expected = detail(booking, records: [booked.record])
        #expect(state == expected)
        guard case .show(.note(.error(let text, let suggestion))) = effects.dropFirst().first else {
            Issue.record("expected an error, got \(effects)")
            return
        }
        #expect(text.hasPrefix("Booking ERDAH6 may have been cancelled: the answer was lost"))
        #expect(!text.contains("not cancelled"))
        #expect(suggestion == "Check with `flights booking ERDAH6` before cancelling again.")
        #expect(effects.last == prompt(expected))
    }

    @Test func aCancellationFoundDoneAfterALostAnswerIsReportedCancelled() async throws {
        let booked = try await Booked()
        let booking = Booking(record: booked.record, order: booked.order)
        var quote = try await booked.orders.quoteCancellation(orderID: booked.order.id)
        var state = detail(booking, records: [booked.record])
        state.step = .confirmCancel(quote)
        quote.confirmedAt = quoteTime
        var after = booking
        after.order?.cancelledAt = quoteTime
        let effects = Reducer.reduce(
            &state, .cancellationConfirmed(.cancelled(CancellationDone(cancellation: quote, booking: after), recovered: true), now: quoteTime))
        #expect(state.current == after)
        let successes = effects.compactMap { effect -> String? in
            if case .show(.note(.message(let notice))) = effect, notice.kind == .success { return notice.message }
            return nil
        }
        #expect(successes.count == 1)
        #expect(successes.first?.hasPrefix("Booking ERDAH6 is cancelled (the answer was lost; reading the booking again shows it cancelled).") == true)
    }

    @Test func aDeclinedCancelOffTheInteractiveScreenEndsDeclined() async throws {
        let booked = try await Booked()
        let booking = Booking(record: booked.record, order: booked.order)
        let quote = try await booked.orders.quoteCancellation(orderID: booked.order.id)
        let input = FlightBookingsInput(request: .cancel(reference: "ERDAH6"), presentation: .text)
        var state = state(input, canAsk: true)
        state.current = booking
        state.step = .confirmCancel(quote)
        let effects = Reducer.reduce(&state, .confirmed(false, now: quoteTime))
        var expected = self.state(input, canAsk: true)
        expected.current = booking
        expected.step = .finished
        expected.now = quoteTime
        #expect(state == expected)
        #expect(effects == [
            .show(.note(.message(Notice(.info, "Not cancelled.")))), .show(.prompt(nil)), .navigate(.finished(.declined)),
        ])
    }

    // MARK: Paying

    @Test func payWithYesPaysTheTotalAtOnceShielded() async throws {
        let booked = try await Booked(type: .hold)
        let booking = Booking(record: booked.record, order: booked.order)
        let input = FlightBookingsInput(request: .pay(reference: "ERDAH6"), presentation: .text, assumeYes: true)
        var state = state(input)
        state.lookup = .pay
        let effects = Reducer.reduce(&state, .lookedUp(.found(booking), now: quoteTime))
        let total = Money(amount: 412.5, currency: "GBP")
        var expected = self.state(input)
        expected.now = quoteTime
        expected.current = booking
        expected.paying = total
        #expect(state == expected)
        #expect(effects == [
            .show(.note(.progressEnded)), .show(.detail(expected.detailViewModel(booking))),
            Reducer.changing("Paying £412.50…", reference: "ERDAH6", what: "paid"), .pay(booking, amount: total),
        ])
    }

    @Test func aScriptIsNeverAskedToPayANewPrice() async throws {
        let booked = try await Booked(type: .hold)
        var repriced = Booking(record: booked.record, order: booked.order)
        repriced.order?.totalAmount = Money(amount: 433.13, currency: "GBP")
        let input = FlightBookingsInput(request: .pay(reference: "ERDAH6"), presentation: .text, assumeYes: true)
        var state = state(input)
        state.current = Booking(record: booked.record, order: booked.order)
        state.paying = Money(amount: 412.5, currency: "GBP")
        let effects = Reducer.reduce(
            &state, .paid(.priceChanged(old: Money(amount: 412.5, currency: "GBP"), booking: repriced), now: quoteTime))
        var expected = self.state(input)
        expected.now = quoteTime
        expected.current = repriced
        expected.step = .finished
        #expect(state == expected)
        #expect(effects == [
            .show(.note(.progressEnded)),
            .show(.note(.error(
                "Nothing was paid: the airline changed the price from £412.50 to £433.13.",
                suggestion: "Run the command again to pay the new price (with --total 433.13 to agree it in advance)."))),
            .show(.prompt(nil)), .navigate(.finished(.declined)),
        ])
    }
}
