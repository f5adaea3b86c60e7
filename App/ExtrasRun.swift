import Entities
import Foundation
import ModuleCore
import Services
import TravelText
import Trips

/// `flights add-bags REF` and `flights seats REF --seat …`: bags or seats for a booking already made, priced by the
/// core's `AddExtras` (`ExtrasQuote`), shown, then added once agreed (`--yes`, or a person at a terminal), only at
/// the total a script agreed (`--total`). A paid booking pays them now; a held one adds them to what the hold costs.
@MainActor
struct ExtrasRun {
    /// What is added.
    enum Wanted: Sendable {
        /// Checked bags, this many for each passenger on each flight.
        case bags(perPassenger: Int)
        /// Seats: one dictionary per passenger, in the booking's order, from a flight (`ZZ117`, `LHR-JFK`) to a seat.
        case seats([[String: String]])
    }

    var reference: String
    var wanted: Wanted
    /// `--yes`; `--total`, the total agreed beforehand (what agrees to bags sold for only some passengers and
    /// flights); `--json`, the booking's order after them as Duffel's JSON on standard output.
    var agreement: Agreement

    /// 0 added, 1 no such booking, no bags sold or not those seats, 2 not agreed or another total, 69 the booking
    /// takes no extras or adding failed, 73 the bookings file cannot be read.
    func run(in context: CommandContext) async -> FlowOutcome {
        await context.onBooking(reference) { booking, reference in await add(to: booking, reference: reference, context) }
    }

    /// What is wanted, priced and added when the booking takes it.
    private func add(to booking: Booking, reference: String, _ context: CommandContext) async -> FlowOutcome {
        let backend = context.backend
        switch wanted {
        case .bags(let each):
            if let why = booking.extrasBlocker(backend: backend.name, addsExtras: true, now: backend.now(), timeZone: backend.timeZone) {
                return refused("Bags cannot be added to booking \(reference): \(why).", context)
            }
            guard let order = booking.shownOrder else { return .backendError("The booking's order could not be read.") }
            return await bags(each, order: order, booking: booking, reference: reference, context)
        case .seats(let seats):
            if let why = booking.seatsBlocker(
                backend: backend.name, addsExtras: true, readsSeatMaps: true, now: backend.now(), timeZone: backend.timeZone) {
                return refused("Seats cannot be chosen for booking \(reference): \(why).", context)
            }
            guard let order = booking.shownOrder, let offerID = booking.record?.offerID else {
                return .backendError("The booking's order could not be read.")
            }
            return await self.seats(seats, offerID: offerID, order: order, booking: booking, reference: reference, context)
        }
    }

    private func refused(_ text: String, _ context: CommandContext) -> FlowOutcome {
        context.problem(text)
        return .backendError(text)
    }

    /// The bags the airline sells for the order, `each` for each passenger on each flight, priced.
    private func bags(_ each: Int, order: Order, booking: Booking, reference: String, _ context: CommandContext) async -> FlowOutcome {
        context.progress("Asking the airline which bags it sells for booking \(reference)…")
        let offered = await AddExtras(context.trip).availableServices(orderID: order.id)
        context.writer.hideProgress()
        switch offered {
        case .failure(let failure):
            context.problem(
                "The bags the airline sells for booking \(reference) could not be read: \(failure.message)", suggestion: failure.suggestion)
            return .backendError(failure.message)
        case .success(let available):
            guard let quote = ExtrasQuote(bags: available, order: order, quantity: each) else {
                context.problem("The airline sells no more checked bags for booking \(reference)\(each > 1 ? " (\(each) for each passenger)" : "").")
                return .noResults
            }
            return await add(quote, to: booking, reference: reference, context)
        }
    }

    /// The seats named, checked on the booked offer's seat maps, priced.
    private func seats(
        _ wanted: [[String: String]], offerID: String, order: Order, booking: Booking, reference: String, _ context: CommandContext
    ) async -> FlowOutcome {
        context.progress("Reading the seat maps of booking \(reference)…")
        let read = await AddExtras(context.trip).seatMaps(offerID: offerID)
        context.writer.hideProgress()
        let maps: [SeatMap]
        switch read {
        case .failure(let failure):
            context.problem(
                "The seat maps of booking \(reference) could not be read: \(failure.message)",
                suggestion: failure.suggestion + " Some airlines sell seats only when booking; then they are chosen at check-in.")
            return .backendError(failure.message)
        case .success(let answer):
            maps = answer
        }
        let resolved = SeatRequests.resolve(
            wanted,
            passengers: order.passengers.map { SeatRequests.Passenger(id: $0.id, onLap: $0.type == .infantWithoutSeat) },
            segments: order.slices.flatMap(\.segments), maps: maps, command: "flights seats \(reference)",
            within: "booking \(reference)")
        guard resolved.problems.isEmpty, let quote = ExtrasQuote(seats: resolved.seats, order: order) else {
            let problems = !resolved.problems.isEmpty ? resolved.problems
                : resolved.seats.isEmpty ? ["No seat was named: add --seat FLIGHT=SEAT (--seat ZZ117=14C)."]
                : ["The seats are priced in more than one currency: add them one flight at a time."]
            context.problems(problems)
            return .noResults
        }
        return await add(quote, to: booking, reference: reference, context)
    }

    /// `quote` shown, then added once agreed, at the total agreed.
    private func add(_ quote: ExtrasQuote, to booking: Booking, reference: String, _ context: CommandContext) async -> FlowOutcome {
        context.show(BookingText.extrasBlocks(quote, reference: reference))
        let kind = quote.kind.rawValue
        if let agreedTotal = agreement.amount, !AgreedAmount.matches(agreedTotal, quote.total) {
            context.problem(
                "Nothing was added: the \(kind) cost \(quote.total.formatted), not the \(AgreedAmount.money(agreedTotal, as: quote.total).formatted) agreed to.",
                suggestion: "Run the command again with --total \(quote.total.wireAmount) to add them.")
            return .declined
        }
        if !quote.unavailable.isEmpty, agreement.amount == nil {
            // Fewer than asked for is not what --yes agreed to: only a --total that names it adds it.
            context.inform("Nothing added: the airline sells these for only some passengers and flights. Run the command again with --total \(quote.total.wireAmount) to add them as shown.")
            return .declined
        }
        guard await context.agree(
            BookingText.extrasQuestion(quote), agreement, notDone: "Nothing added.", yesTo: "add them for \(quote.total.formatted)")
        else { return .declined }
        context.changing("Adding the \(kind)…", reference: reference, what: "given the \(kind)")
        let outcome = await AddExtras(context.trip).add(quote, to: booking, agreedTotal: quote.total.amount)
        context.writer.hideProgress()
        switch outcome {
        case .added(let after, let recovered):
            context.succeeded(BookingText.extrasAdded(
                quote, to: after, reference: reference, recovered: recovered, pay: "`flights pay \(reference)`"))
            if agreement.json, let order = after.order { context.output(order, naming: "order") }
            context.show(after)
            return .done
        case .notAdded(let failure):
            context.problem("No \(kind) were added to booking \(reference): \(failure.message)", suggestion: failure.suggestion)
            return .backendError(failure.message)
        case .priceChanged(let now):
            context.problem(
                "No \(kind) were added to booking \(reference): they cost \(now.formatted) now.",
                suggestion: "Run the command again with --total \(now.wireAmount) to add them at that price.")
            return .declined
        case .unknown(let failure):
            let text = "The \(kind) for booking \(reference) may have been added: the answer was lost (\(failure.message)) and the booking could not be read again."
            context.problem(text, suggestion: "Check with `flights booking \(reference)` before adding them again.")
            return .backendError(text)
        }
    }
}
