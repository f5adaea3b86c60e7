import Entities
import Foundation
import ModuleCore
import Services
import Trips

/// Checked bags and seats added to a booking after it was made (`x` and `s`, or `flights add-bags REF` and `flights
/// seats REF --seat …`): priced first, confirmed by the traveller (or `--yes`, and `--total` when a script agreed
/// one), then added once. A paid booking pays them now; a held one adds them to what the hold costs, paid with it. A
/// lost answer is resolved by reading the order, never by adding twice.
extension FlightBookingsReducer {
    /// Why bags or seats cannot be added to `booking` now, as the end of a sentence; `nil` when they can.
    static func extrasBlocker(_ booking: Booking, in state: State) -> String? {
        guard state.addsExtras else { return "this backend adds nothing to a booking after it is made" }
        if let other = booking.otherBackend { return "it was booked through \(other), and this run talks to \(state.backend)" }
        guard let order = booking.shownOrder else { return "its order could not be read from the flight service" }
        if order.cancelledAt != nil { return "it is cancelled" }
        if order.paymentStatus.awaitingPayment, let deadline = order.paymentStatus.paymentRequiredBy, deadline <= state.now {
            return "the hold lapsed at \(TravelFormat.instant(deadline, in: state.timeZone))"
        }
        return nil
    }

    /// Asks the airline which bags the open booking can still add, unless it cannot add any.
    static func startAddingBags(_ state: inout State) -> [Effect] {
        guard let booking = state.current else { return openList(&state) }
        let reference = booking.reference ?? ""
        if let why = extrasBlocker(booking, in: state) {
            let text = "Bags cannot be added to booking \(reference): \(why)."
            return [error(text)] + askOrFinish(&state, .failed(text))
        }
        guard let orderID = booking.order?.id else { return [] }
        return [progress("Asking the airline which bags it sells for booking \(reference)…"), .run(.offerBags(orderID: orderID))]
    }

    /// The airline said which bags it sells: priced and asked (or, in a script, agreed), or why not.
    static func bagsOffered(_ state: inout State, _ outcome: Outcome<[AvailableService], ServiceError>) -> [Effect] {
        var effects: [Effect] = [hideProgress]
        guard let booking = state.current, let order = booking.shownOrder else { return effects }
        let reference = booking.reference ?? ""
        let available: [AvailableService]
        switch outcome {
        case .failure(let failure):
            effects.append(error(
                "The bags the airline sells for booking \(reference) could not be read: \(failure.message)", suggestion: failure.suggestion))
            return effects + askOrFinish(&state, .failed(failure.message))
        case .success(let services):
            available = services
        }
        let each = state.bagsPerPassenger
        guard let quote = ExtrasQuote(bags: available, order: order, quantity: each) else {
            let text = "The airline sells no more checked bags for booking \(reference)\(each > 1 ? " (\(each) for each passenger)" : "")."
            return effects + [error(text)] + askOrFinish(&state, .notFound(reference: reference))
        }
        return effects + askToAdd(&state, quote)
    }

    /// Shows `quote` and asks; off the interactive screen, `--total` must agree, `--yes` confirms, no terminal declines.
    static func askToAdd(_ state: inout State, _ quote: ExtrasQuote) -> [Effect] {
        let shown: [Effect] = state.isInteractive ? [] : [.print(state.extrasBlocks(quote, reference: state.current?.reference ?? ""))]
        if let refused = refuseOtherAmount(&state, than: quote.total, { agreed in
            error("Nothing was added: the \(quote.kind.rawValue) cost \(quote.total.formatted), not the \(agreed.formatted) agreed to.",
                  suggestion: "Run the command again with --total \(quote.total.wireAmount) to add them.")
        }) { return shown + refused }
        if !state.isInteractive, !quote.unavailable.isEmpty, state.input.acceptedTotal == nil {
            // Fewer than asked for is not what --yes agreed to: only a --total that names it adds it.
            return shown + [message(
                .info, "Nothing added: the airline sells these for only some passengers and flights. Run the command again with --total \(quote.total.wireAmount) to add them as shown.")]
                + finish(&state, .declined)
        }
        return shown + askOrGoAhead(
            &state, asking: .confirmExtras(quote), notDone: "Nothing added.", yesTo: "add them for \(quote.total.formatted)"
        ) { addExtras(&$0, quote) }
    }

    /// Adds `quote`'s bags or seats to the open booking.
    static func addExtras(_ state: inout State, _ quote: ExtrasQuote) -> [Effect] {
        guard let booking = state.current else { return [] }
        state.addingExtras = quote
        return [
            changing("Adding the \(quote.kind.rawValue)…", reference: booking.reference ?? "", what: "given the \(quote.kind.rawValue)"),
            .run(.addExtras(quote, booking)),
        ]
    }

    /// Adding the bags or seats ended.
    static func extrasAdded(_ state: inout State, _ outcome: ExtrasOutcome) -> [Effect] {
        let reference = state.current?.reference ?? ""
        let quote = state.addingExtras
        state.addingExtras = nil
        var effects: [Effect] = [hideProgress]
        switch outcome {
        case .added(let booking, let recovered):
            state.current = booking
            let how = recovered ? " (the answer was lost; the booking, read again, holds them)" : ""
            let owed = booking.shownOrder?.totalAmount ?? quote?.holdTotal
            let money = quote.map { quote in
                quote.total.amount == 0
                    ? ", free"
                    : quote.paysNow
                    ? ": \(quote.total.formatted) paid"
                    : ": the hold now costs \(owed?.formatted ?? "more"), paid with it before its deadline (\(state.isInteractive ? "p" : "`flights pay \(reference)`"))"
            } ?? ""
            let what = quote?.kind == .seats ? "Seats" : "Bags"
            effects.append(message(.success, "\(what) added to booking \(reference)\(how)\(money)."))
            if state.isInteractive { return effects + show(&state, booking) }
            if state.input.presentation == .json, let order = booking.order, let json = encode(order) {
                effects.append(.note(.output(json)))
            }
            effects.append(.print(state.detailBlocks(booking)))
            return effects + finish(&state, .done)
        case .notAdded(let failure):
            effects.append(error(
                "No \(quote?.kind.rawValue ?? "extras") were added to booking \(reference): \(failure.message)", suggestion: failure.suggestion))
            return backToBooking(&state, effects, else: .failed(failure.message))
        case .priceChanged(let now):
            let text = "No \(quote?.kind.rawValue ?? "extras") were added to booking \(reference): they cost \(now.formatted) now."
            effects.append(error(text, suggestion: "Ask for them again to see the price now."))
            return backToBooking(&state, effects, else: .declined)
        case .unknown(let failure):
            let text = "The \(quote?.kind.rawValue ?? "extras") for booking \(reference) may have been added: the answer was lost (\(failure.message)) and the booking could not be read again."
            effects.append(error(text, suggestion: "Check with `flights booking \(reference)` before adding them again."))
            return backToBooking(&state, effects, else: .failed(text))
        }
    }

    /// The traveller said no (or Esc).
    static func declineExtras(_ state: inout State) -> [Effect] {
        backToBooking(&state, [message(.info, "Nothing added.")], else: .declined)
    }
}
