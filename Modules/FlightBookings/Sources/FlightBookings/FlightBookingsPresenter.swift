import Entities
import Foundation
import Services

/// Drives the bookings screen: the list, one booking, and cancelling, interactively or as one printed answer.
@MainActor
final class FlightBookingsPresenter {
    /// Where the screen is; kept when the screen is covered, so it comes back where it was.
    enum Step: Equatable {
        case start
        case list
        case detail
        case confirmCancel(OrderCancellation)
        case confirmPay(Money)
        case finished
    }

    weak var view: (any FlightBookingsView)?
    weak var router: (any FlightBookingsRouter)?

    let input: FlightBookingsInput
    let interactor: FlightBookingsInteractor
    /// Whether the terminal can answer a question (a TTY): a text-mode cancel without `--yes` asks only then.
    let canAsk: Bool
    var step: Step = .start
    private(set) var records: [BookingRecord] = []
    private var notes: [BookingsMessage] = []
    /// The booking open in the detail, as last read.
    var current: Booking?
    /// Pending bookings the flight service has no order for, as the last check found.
    private var pendingNotFoundKeys: [String] = []
    /// Whether the refund quote being confirmed was already asked for again because it had expired.
    private var requotedOnce = false

    init(input: FlightBookingsInput, interactor: FlightBookingsInteractor, canAsk: Bool) {
        self.input = input
        self.interactor = interactor
        self.canAsk = canAsk
    }

    var isInteractive: Bool { input.presentation == .interactive }

    // MARK: View events

    /// The screen is shown: the first time, do what was asked; after that, show again where the screen was.
    func didAppear() async {
        guard step == .start else { return redisplay() }
        switch (input.presentation, input.request) {
        case (.interactive, .list):
            await openList()
        case (.interactive, .show(let reference)):
            await openBooking(reference: reference, cancelling: false)
        case (.interactive, .cancel(let reference)):
            await openBooking(reference: reference, cancelling: true)
        case (_, .pay(let reference)):
            await openBooking(reference: reference, cancelling: false, paying: true)
        case (_, .list):
            await printList()
        case (_, .show(let reference)):
            await openBooking(reference: reference, cancelling: false)
        case (_, .cancel(let reference)):
            await openBooking(reference: reference, cancelling: true)
        }
    }

    /// The traveller answered the current prompt.
    func didAnswer(_ answer: BookingsAnswer) async {
        switch (step, answer) {
        case (.list, .text(let text)):
            await answerList(text)
        case (.detail, .text(let text)):
            await answerDetail(text)
        case (.confirmCancel(let quote), .confirmed(let yes)):
            if yes { await confirm(quote) } else { decline() }
        case (.confirmPay(let amount), .confirmed(let yes)):
            if yes { await pay(amount) } else { declinePayment() }
        default:
            ask()
        }
    }

    /// The traveller asked to go back (Esc).
    func didGoBack() async {
        switch step {
        case .list:
            leave()
        case .detail:
            await openList()
        case .confirmCancel:
            decline()
        case .confirmPay:
            declinePayment()
        case .start, .finished:
            return
        }
    }

    // MARK: The list

    private func openList() async {
        view?.displayProgress("Reading your bookings…")
        let result = await interactor.loadBookings()
        view?.hideProgress()
        switch result {
        case .success(let list):
            records = list.records
            notes = reconciliationNotes(list)
            current = nil
            view?.displayList(listViewModel())
            step = .list
            ask()
        case .failure(let error):
            view?.displayError(error.description, suggestion: nil)
            records = []
            notes = []
            step = .list
            ask()
        }
    }

    private func printList() async {
        view?.displayProgress("Reading your bookings…")
        let result = await interactor.loadBookings()
        view?.hideProgress()
        switch result {
        case .success(let list):
            records = list.records
            notes = reconciliationNotes(list)
            if input.presentation == .json {
                for note in notes { view?.displayMessage(note) }
                guard let json = encode(records) else { return finish(.failed("The bookings could not be written as JSON.")) }
                view?.displayOutput(json)
            } else {
                view?.displayList(listViewModel())
            }
            finish(.done)
        case .failure(let error):
            view?.displayError(error.description, suggestion: nil)
            finish(.failed(error.description))
        }
    }

    private func answerList(_ text: String) async {
        let answer = text.trimmingCharacters(in: .whitespaces).lowercased()
        switch answer {
        case "n":
            view?.displayPrompt(nil)
            router?.navigateToSearch()
        case "b", "q":
            leave()
        case "r":
            await openList()
        default:
            guard let number = Int(answer), records.indices.contains(number - 1) else {
                let range = records.isEmpty ? "" : "a booking's number (1–\(records.count)), "
                view?.displayError("Enter \(range)n for a new search, or b to go back.", suggestion: nil)
                return ask()
            }
            view?.displayProgress("Reading the booking from the flight service…")
            let booking = await interactor.refresh(records[number - 1])
            view?.hideProgress()
            show(booking)
        }
    }

    // MARK: One booking

    private func openBooking(reference: String, cancelling: Bool, paying: Bool = false) async {
        view?.displayProgress("Looking up booking \(reference.uppercased())…")
        let lookup = await interactor.booking(reference: reference)
        view?.hideProgress()
        switch lookup {
        case .found(let booking):
            if !isInteractive, input.presentation == .json, !cancelling, !paying {
                return printJSON(booking)
            }
            show(booking)
            if cancelling {
                await startCancel()
            } else if paying {
                await startPayment()
            } else if !isInteractive {
                finishShown(booking)
            }
        case .notFound:
            view?.displayError(
                "There is no booking \(reference.uppercased()) on this machine or at the flight service.",
                suggestion: "Check the reference (six letters and digits, as the airline gave it); `flights bookings` lists the bookings kept here.")
            if isInteractive { await openList() } else { finish(.notFound(reference: reference.uppercased())) }
        case .failed(let error):
            view?.displayError(
                "Booking \(reference.uppercased()) is not kept on this machine, and the flight service could not be asked: \(error.message)",
                suggestion: error.suggestion)
            if isInteractive { await openList() } else { finish(.failed(error.message)) }
        case .storeFailed(let error):
            view?.displayError(error.description, suggestion: nil)
            if isInteractive { await openList() } else { finish(.failed(error.description)) }
        }
    }

    func show(_ booking: Booking) {
        current = booking
        view?.displayDetail(detailViewModel(booking))
        if isInteractive {
            step = .detail
            ask()
        }
    }

    private func finishShown(_ booking: Booking) {
        if let problem = booking.refreshProblem {
            finish(.failed("The booking could not be refreshed from the flight service: \(problem.message)"))
        } else {
            finish(.done)
        }
    }

    private func printJSON(_ booking: Booking) {
        guard let order = booking.order else {
            let reason = booking.refreshProblem?.message ?? (booking.otherBackend.map { "it was booked through \($0)" } ?? "it has no order at the flight service")
            view?.displayDetail(detailViewModel(booking))
            return finish(.failed("The booking's order could not be read: \(reason)"))
        }
        for warning in detailViewModel(booking).warnings { view?.displayMessage(BookingsMessage(.warning, warning)) }
        guard let json = encode(order) else { return finish(.failed("The order could not be written as JSON.")) }
        view?.displayOutput(json)
        finish(.done)
    }

    private func answerDetail(_ text: String) async {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "c":
            await startCancel()
        case "p":
            await startPayment()
        case "r":
            await refreshCurrent()
        case "b":
            await openList()
        case "n":
            view?.displayPrompt(nil)
            router?.navigateToSearch()
        default:
            view?.displayError("Enter \(detailChoices()).", suggestion: nil)
            ask()
        }
    }

    private func refreshCurrent() async {
        guard let booking = current else { return await openList() }
        view?.displayProgress("Reading the booking from the flight service…")
        var fresh = booking
        if let record = booking.record {
            fresh = await interactor.refresh(record)
        } else if let reference = booking.reference, case .found(let found) = await interactor.booking(reference: reference) {
            fresh = found
        }
        view?.hideProgress()
        show(fresh)
    }

    // MARK: Cancelling

    private func startCancel() async {
        guard let booking = current else { return await openList() }
        if let blocker = interactor.cancellationBlocker(booking) {
            if case .alreadyCancelled = blocker {
                // Asking twice for what is already done is not a failure: a script that retries must not loop.
                view?.displayMessage(BookingsMessage(.info, "Booking \(booking.reference ?? "") is already cancelled: \(describe(blocker))"))
                return isInteractive ? ask() : finish(.done)
            }
            let message = "Booking \(booking.reference ?? "") cannot be cancelled: \(describe(blocker))"
            view?.displayError(message, suggestion: nil)
            return isInteractive ? ask() : finish(.failed(message))
        }
        guard let orderID = booking.order?.id else { return ask() }
        view?.displayProgress("Asking the airline what cancelling would refund…")
        let quote = await interactor.quoteCancellation(orderID: orderID)
        view?.hideProgress()
        switch quote {
        case .success(let quote):
            view?.displayQuote(quoteViewModel(quote, booking: booking))
            await askToConfirm(quote)
        case .failure(let error):
            view?.displayError("The cancellation could not be quoted: \(error.message)", suggestion: error.suggestion)
            if isInteractive { ask() } else { finish(.failed(error.message)) }
        }
    }

    private func askToConfirm(_ quote: OrderCancellation) async {
        if !isInteractive {
            if input.assumeYes { return await confirm(quote) }
            guard canAsk, input.presentation == .text else {
                if input.presentation == .json, let json = encode(quote) { view?.displayOutput(json) }
                view?.displayMessage(BookingsMessage(
                    .info, "Not cancelled. This is not a terminal that can answer, so run the command again with --yes to cancel."))
                return finish(.declined)
            }
        }
        step = .confirmCancel(quote)
        ask()
    }

    private func confirm(_ quote: OrderCancellation) async {
        guard let booking = current else { return await openList() }
        // A quote that expired while the traveller thought is asked for again, once: one that looks expired as it
        // arrives says more about the clocks than the quote, and the API decides when it is confirmed.
        if interactor.hasExpired(quote), !requotedOnce {
            requotedOnce = true
            view?.displayMessage(BookingsMessage(.info, "The refund quote has expired; asking the airline again."))
            return await startCancel()
        }
        requotedOnce = false
        view?.displayProgress("Cancelling…")
        let result = await interactor.confirmCancellation(quote, of: booking)
        view?.hideProgress()
        switch result {
        case .success(let done):
            current = done.booking
            let refund = done.cancellation.refundTo == "awaiting_payment"
                ? "It was never paid, so nothing is refunded."
                : done.cancellation.refundAmount.map { "\($0.formatted) goes back to \(TravelFormat.refundDestination(done.cancellation.refundTo))." }
                    ?? "Nothing is refunded."
            view?.displayMessage(BookingsMessage(.success, "Booking \(done.booking.reference ?? "") is cancelled. \(refund)"))
            if isInteractive {
                show(done.booking)
            } else {
                if input.presentation == .json, let json = encode(done.cancellation) { view?.displayOutput(json) }
                view?.displayDetail(detailViewModel(done.booking))
                finish(.done)
            }
        case .failure(let error):
            view?.displayError("The booking was not cancelled: \(error.message)", suggestion: error.suggestion)
            if isInteractive {
                step = .detail
                ask()
            } else {
                finish(.failed(error.message))
            }
        }
    }

    private func decline() {
        requotedOnce = false
        view?.displayMessage(BookingsMessage(.info, "Not cancelled."))
        if isInteractive {
            step = .detail
            ask()
        } else {
            finish(.declined)
        }
    }

    // MARK: Moving between steps

    func ask() {
        view?.displayPrompt(prompt())
    }

    func prompt() -> BookingsPrompt? {
        switch step {
        case .start, .finished:
            return nil
        case .list:
            let open = records.isEmpty ? "" : "Open a booking (1–\(records.count)), "
            return .text(question: "\(open)n for a new search, b to go back:")
        case .detail:
            return .text(question: "What next? \(detailChoices()):")
        case .confirmCancel(let quote):
            let reference = current?.reference ?? ""
            let refund = quote.refundAmount.map { " for a refund of \($0.formatted)" } ?? " with nothing refunded"
            return .confirm(question: "Cancel booking \(reference)\(refund)?", default: false)
        case .confirmPay(let amount):
            return .confirm(question: "Pay \(amount.formatted) now for booking \(current?.reference ?? "")?", default: false)
        }
    }

    func detailChoices() -> String {
        let pay = current.map { interactor.paymentBlocker($0) == nil } == true ? "p to pay, " : ""
        let cancel = current.map { interactor.cancellationBlocker($0) == nil } == true ? "c to cancel, " : ""
        return "\(pay)\(cancel)r to refresh, b for the list, n for a new search"
    }

    private func leave() {
        view?.displayPrompt(nil)
        router?.navigateBack()
    }

    func finish(_ outcome: FlightBookingsOutcome) {
        step = .finished
        view?.displayPrompt(nil)
        router?.bookingsDidFinish(outcome)
    }

    private func redisplay() {
        switch step {
        case .list:
            view?.displayList(listViewModel())
        case .detail:
            if let current { view?.displayDetail(detailViewModel(current)) }
        case .confirmCancel(let quote):
            if let current {
                view?.displayDetail(detailViewModel(current))
                view?.displayQuote(quoteViewModel(quote, booking: current))
            }
        case .confirmPay:
            if let current { view?.displayDetail(detailViewModel(current)) }
        case .start, .finished:
            break
        }
        ask()
    }

    func encode<Value: Encodable>(_ value: Value) -> String? {
        guard let data = try? DuffelJSON.encoder(pretty: true).encode(value) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: View models

    func listViewModel() -> BookingListViewModel {
        let notFound = Set(pendingNotFoundKeys)
        let rows = records.map { record in
            var reference = record.bookingReference ?? "–"
            if let highlight = input.highlight, record.bookingReference?.uppercased() == highlight.uppercased() {
                reference += " (new)"
            }
            var status = record.state.displayName
            if record.state == .awaitingPayment, let deadline = record.paymentRequiredBy {
                status = deadline <= interactor.now
                    ? "Hold lapsed \(TravelFormat.dayAndTime(LocalDateTime(deadline, in: interactor.timeZone)))"
                    : "Pay by \(TravelFormat.dayAndTime(LocalDateTime(deadline, in: interactor.timeZone)))"
            }
            if record.state == .pending {
                status = notFound.contains(record.bookingKey) ? "Pending: not booked" : "Pending: not confirmed"
            }
            return BookingListViewModel.Row(
                reference: reference, route: record.route,
                departs: record.legs.first?.departingAt.map(TravelFormat.dayAndTime) ?? "–",
                passengers: record.passengers.joined(separator: ", "), total: record.total.formatted, status: status)
        }
        return BookingListViewModel(rows: rows, location: interactor.storeLocation, notes: notes)
    }

    private func reconciliationNotes(_ list: BookingList) -> [BookingsMessage] {
        pendingNotFoundKeys = []
        var notes: [BookingsMessage] = []
        for reconciliation in list.reconciliations {
            switch reconciliation {
            case .confirmed(let record):
                notes.append(BookingsMessage(
                    .success,
                    "The booking sent on \(sent(record)) went through after all: reference \(record.bookingReference ?? "–")."))
            case .notFound(let record):
                pendingNotFoundKeys.append(record.bookingKey)
                notes.append(BookingsMessage(
                    .warning,
                    "The booking sent on \(sent(record)) is not at the flight service: as far as it can tell, it did "
                        + "not go through and nothing is booked. Search again to book; it stays listed as pending and is "
                        + "checked again each time the list opens."))
            case .lookupFailed(let records, let error):
                notes.append(BookingsMessage(
                    .warning,
                    "\(records.count) pending booking\(records.count == 1 ? "" : "s") could not be checked "
                        + "(\(error.message)). They stay pending; open the list again later."))
            }
        }
        if let problem = list.storeProblem {
            notes.append(BookingsMessage(.warning, "A confirmed booking could not be written back: \(problem.description)"))
        }
        return notes
    }

    /// `Sun 22 Nov 2026 10:20 GMT (LHR → JFK)`: when a booking was sent, and where to.
    private func sent(_ record: BookingRecord) -> String {
        "\(TravelFormat.instant(record.createdAt, in: interactor.timeZone)) (\(record.route))"
    }

    func detailViewModel(_ booking: Booking) -> BookingDetailViewModel {
        let zone = interactor.timeZone
        var warnings: [String] = []
        if let other = booking.otherBackend {
            warnings.append("Booked through \(other); this run talks to \(interactor.backend), so it is shown as kept on this machine.")
        }
        if let problem = booking.refreshProblem {
            warnings.append("It could not be refreshed from the flight service (\(problem.message)); this is what this machine keeps.")
        }
        if let problem = booking.storeProblem {
            warnings.append("The local record could not be updated: \(problem.description)")
        }
        var actions: [String] = []
        if let blocker = interactor.cancellationBlocker(booking) {
            // A cancelled booking says so in its status; "cannot be cancelled" would only contradict the news.
            if case .alreadyCancelled = blocker {} else { actions.append("Cannot be cancelled: \(describe(blocker))") }
        } else {
            let how = isInteractive || booking.reference == nil ? "with c" : "with `flights cancel \(booking.reference ?? "")`"
            actions.append("Can be cancelled \(how): the refund is quoted before anything is cancelled.")
        }
        if interactor.paymentBlocker(booking) == nil {
            let how = isInteractive || booking.reference == nil ? "with p" : "with `flights pay \(booking.reference ?? "")`"
            actions.insert("Held: pay for it \(how) before the deadline; the price is checked first.", at: 0)
        }
        if let offered = booking.order?.availableActions, !offered.isEmpty {
            actions.append("The airline allows: \(offered.map(\.rawValue).joined(separator: ", ")).")
        }
        guard let order = booking.order else {
            return recordDetail(booking, actions: actions, warnings: warnings)
        }
        var rows = [
            BookingsRow("Reference", order.bookingReference),
            BookingsRow("Order", order.id),
            BookingsRow("Status", status(of: order)),
            BookingsRow("Airline", order.owner.name),
        ]
        var total = order.totalAmount?.formatted ?? "Unknown (the flight service did not say)"
        if let base = order.baseAmount, let tax = order.taxAmount {
            total += " (base \(base.formatted) + taxes \(tax.formatted))"
        }
        rows.append(BookingsRow("Total", total))
        rows.append(BookingsRow("Payment", payment(of: order)))
        if let booked = order.createdAt { rows.append(BookingsRow("Booked", TravelFormat.instant(booked, in: zone))) }
        rows.append(BookingsRow(
            "Kept", booking.record == nil ? "Not on this machine (found at the flight service)" : interactor.storeLocation))
        let passengers = order.passengers.map { passenger in
            var parts = [([passenger.title?.displayName, passenger.givenName, passenger.familyName].compactMap { $0 }).joined(separator: " ")]
            if let type = passenger.type { parts.append(type.displayName.lowercased()) }
            if let born = passenger.bornOn { parts.append("born \(TravelFormat.day(born))") }
            parts.append(order.eTicket(for: passenger.id).map { "e-ticket \($0)" } ?? "no e-ticket yet")
            return parts.joined(separator: " · ")
        }
        return BookingDetailViewModel(
            title: "Booking \(order.bookingReference) · \(order.status.displayName)", rows: rows,
            itinerary: BookingsFormat.itinerary(order.slices), passengers: passengers,
            conditions: [
                BookingsRow("Refund before departure", BookingsFormat.condition(order.conditions.refundBeforeDeparture)),
                BookingsRow("Changes before departure", BookingsFormat.condition(order.conditions.changeBeforeDeparture)),
            ],
            actions: actions, warnings: warnings)
    }

    private func recordDetail(_ booking: Booking, actions: [String], warnings: [String]) -> BookingDetailViewModel {
        guard let record = booking.record else {
            return BookingDetailViewModel(
                title: "Booking", rows: [], itinerary: [], passengers: [], conditions: [], actions: actions,
                warnings: warnings)
        }
        var status = record.state.displayName
        if record.state == .pending {
            status = "Pending: the flight service has no order with this booking's key (as far as it can tell, nothing is booked)"
        }
        let rows = [
            BookingsRow("Reference", record.bookingReference ?? "–"),
            BookingsRow("Order", record.orderID ?? "–"),
            BookingsRow("Status", status),
            BookingsRow("Total", record.total.formatted),
            BookingsRow("Sent", TravelFormat.instant(record.createdAt, in: interactor.timeZone)),
            BookingsRow("Kept", interactor.storeLocation),
        ]
        let legs = record.legs.map { leg in
            let departs = leg.departingAt.map { " · departs \(TravelFormat.dayAndTime($0)) local time" } ?? ""
            let arrives = leg.arrivingAt.map { " · arrives \(TravelFormat.dayAndTime($0)) local time" } ?? ""
            return ItineraryLegViewModel(
                title: "\(leg.origin) → \(leg.destination)\(departs)\(arrives)",
                flights: leg.flightNumbers.isEmpty ? [] : [leg.flightNumbers.joined(separator: ", ")])
        }
        return BookingDetailViewModel(
            title: "Booking \(record.bookingReference ?? "(no reference)") · \(record.state.displayName)", rows: rows,
            itinerary: legs, passengers: record.passengers, conditions: [], actions: actions, warnings: warnings)
    }

    private func status(of order: Order) -> String {
        switch order.status {
        case .confirmed: "Confirmed"
        case .awaitingPayment: "Held, awaiting payment"
        case .cancelled: order.cancelledAt.map { "Cancelled on \(TravelFormat.instant($0, in: interactor.timeZone))" } ?? "Cancelled"
        }
    }

    private func payment(of order: Order) -> String {
        let zone = interactor.timeZone
        if let paid = order.paymentStatus.paidAt { return "Paid on \(TravelFormat.instant(paid, in: zone))" }
        if order.paymentStatus.awaitingPayment, order.cancelledAt == nil {
            if let deadline = order.paymentStatus.paymentRequiredBy, deadline <= interactor.now {
                return "Hold lapsed: it had to be paid by \(TravelFormat.instant(deadline, in: zone))"
            }
            let deadline = order.paymentStatus.paymentRequiredBy.map { " by \(TravelFormat.instant($0, in: zone))" } ?? ""
            return "\(order.totalAmount?.formatted ?? "The total") to pay\(deadline)"
        }
        return order.status == .confirmed ? "Paid" : "Not paid"
    }

    private func quoteViewModel(_ quote: OrderCancellation, booking: Booking) -> CancellationQuoteViewModel {
        let reference = booking.reference ?? ""
        let refund = quote.refundAmount?.formatted ?? "nothing"
        var rows = [
            BookingsRow("Refund", quote.refundAmount?.formatted ?? "Nothing is refunded"),
            BookingsRow("Goes to", TravelFormat.refundDestination(quote.refundTo)),
        ]
        if quote.refundTo != "awaiting_payment", let paid = booking.order?.totalAmount, let refunded = quote.refundAmount,
           let kept = paid.subtracting(refunded), kept.amount > 0 {
            rows.append(BookingsRow("Kept by the airline", kept.formatted))
        }
        if let expires = quote.expiresAt {
            rows.append(BookingsRow(
                "Quote valid until",
                "\(TravelFormat.instant(expires, in: interactor.timeZone)) (\(TravelFormat.remaining(until: expires, from: interactor.now)))"))
        }
        return CancellationQuoteViewModel(headline: "Cancelling booking \(reference) refunds \(refund).", rows: rows)
    }

    func describe(_ blocker: CancellationBlocker) -> String {
        switch blocker {
        case .otherBackend(let other):
            "it was booked through \(other), and this run talks to \(interactor.backend); cancel it from there."
        case .neverBooked:
            "it was never booked: the airline refused the order."
        case .neverConfirmed:
            "the flight service has no order for it, so there is nothing to cancel."
        case .unreadable(let error):
            "its order could not be read from the flight service\(error.map { " (\($0.message))" } ?? ""); try again in a moment."
        case .alreadyCancelled(let date):
            "it was already cancelled on \(TravelFormat.instant(date, in: interactor.timeZone))."
        case .notAllowed(let offered):
            "the airline does not allow cancelling it now (it offers: \(offered.isEmpty ? "nothing" : offered.map(\.rawValue).joined(separator: ", ")))."
        }
    }
}

/// How the bookings screen writes times, places and rules: the presenter's formatting, kept apart so the flow above
/// stays readable.
enum BookingsFormat {
    static func condition(_ condition: Condition?) -> String {
        guard let condition else { return "Not stated by the airline" }
        guard condition.allowed else { return "Not allowed" }
        guard let penalty = condition.penalty else { return "Allowed" }
        return penalty.amount == 0 ? "Allowed, no fee" : "Allowed, fee \(penalty.formatted)"
    }

    /// Each leg and its flights, on the airports' clocks.
    static func itinerary(_ slices: [Slice]) -> [ItineraryLegViewModel] {
        let names: [String]
        if slices.count == 1 {
            names = ["Flight"]
        } else if slices.count == 2, slices[0].origin.iataCode == slices[1].destination.iataCode {
            names = ["Outbound", "Return"]
        } else {
            names = slices.indices.map { "Leg \($0 + 1)" }
        }
        return zip(names, slices).map { name, slice in
            var title = "\(name) · \(slice.origin.iataCode) → \(slice.destination.iataCode)"
            if let departs = slice.departingAt { title += " · \(TravelFormat.day(departs.date))" }
            title += " · \(slice.totalDuration.formatted)"
            let flights = slice.segments.map { segment in
                var line = "\(segment.flightNumber) · \(TravelFormat.local(segment.departingAt, at: segment.origin)) \(segment.origin.name) (\(segment.origin.iataCode))"
                if let terminal = segment.originTerminal { line += " T\(terminal)" }
                line += " → \(TravelFormat.local(segment.arrivingAt, at: segment.destination)) \(segment.destination.name) (\(segment.destination.iataCode))"
                if let terminal = segment.destinationTerminal { line += " T\(terminal)" }
                if segment.isOperatedByAnotherCarrier { line += " · operated by \(segment.operatingCarrier.name)" }
                if let aircraft = segment.aircraft { line += " · \(aircraft.name)" }
                return line
            }
            return ItineraryLegViewModel(title: title, flights: flights)
        }
    }
}
