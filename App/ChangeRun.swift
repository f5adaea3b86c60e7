import Entities
import Foundation
import ModuleCore
import Services
import TerminalUI
import TravelText
import Trips

/// `flights change REF --flight 2 --date +3`: a face over the core's `ChangeFlights` and `ChangePlan`. The booking
/// is read, the plan judged on it, the airline's change offers listed (TravelText's `ChangeText`, numbered, cheapest
/// first), the one chosen with `--offer` (the cheapest otherwise) read again and made into a change; it is confirmed
/// with `--yes`, and with `--total` only at that total. A price that moved is never taken; an offer that expired is
/// asked for again once; a lost answer is settled by reading.
@MainActor
struct ChangeRun {
    /// Which of the airline's change offers to take.
    enum Choice: Sendable, Equatable {
        /// The cheapest (the first listed).
        case cheapest
        /// The offer numbered so in the listing, from 1.
        case number(Int)
        /// The offer with this id (`oco_…`).
        case id(String)
    }

    /// What moves where.
    var plan: ChangePlan
    /// Which offer to take (`--offer`).
    var choice: Choice = .cheapest
    /// The change to confirm, or the booking after it, as Duffel's JSON.
    var json: Bool
    /// `--yes`.
    var assumeYes: Bool
    /// `--total`: the change total agreed (below zero: money back).
    var agreedTotal: Decimal?

    /// 0 changed, 2 not confirmed or another total, 64 the plan does not fit the booking, 69 refused or failed.
    func run(_ reference: String, in context: CommandContext) async -> FlowOutcome {
        let flights = ChangeFlights(context.trip)
        context.progress("Looking up booking \(reference)…")
        let order: Order
        switch await flights.find(reference) {
        case .success(let found): order = found
        case .failure(let failure):
            let text = "Booking \(reference) could not be read: \(failure.message)"
            context.problem(text, suggestion: failure.suggestion)
            return .backendError(text)
        }
        context.writer.hideProgress()
        let reference = order.bookingReference
        if let problem = ChangePlan.orderProblem(order) {
            context.problem(problem)
            return .backendError(problem)
        }
        switch plan.request(for: order, today: context.today) {
        case .failure(.invalid(let reason)):
            context.problem(reason)
            return .badInput
        case .failure(.refused(let reason)):
            context.problem(reason)
            return .backendError(reason)
        case .success(let request):
            let moving = order.slices.filter { slice in request.slices.remove.contains { $0.sliceId == slice.id } }
            return await search(request, order: order, moving: moving, reference: reference, flights, context)
        }
    }

    /// Asks the airline for the change's offers and goes on with the cheapest; `again` after an offer expired.
    private func search(
        _ request: OrderChangeRequestCreation, order: Order, moving: [Slice], reference: String,
        _ flights: ChangeFlights, _ context: CommandContext, again: Bool = false
    ) async -> FlowOutcome {
        let days = request.slices.add.map { TravelFormat.day($0.departureDate, withYear: false) }.joined(separator: " and ")
        context.progress("Asking the airline for flights on \(days)…")
        let offers: [OrderChangeOffer]
        switch await flights.search(request) {
        case .success(let found): offers = found
        case .failure(let failure):
            let text = "The airline gave no way to change booking \(reference): \(failure.message)"
            context.problem(text, suggestion: failure.suggestion)
            return .backendError(text)
        }
        context.writer.hideProgress()
        guard !offers.isEmpty else {
            let text = "The airline has no flights for that change. Nothing was changed."
            context.problem(text)
            return .backendError(text)
        }
        if !json { context.show(ChangeText.offerBlocks(reference: reference, offers: offers) + ChangeText.offerIDBlocks(offers)) }
        // An id not in this listing may be an offer of an earlier one (each listing is a new request): read by its id.
        let listed = chosen(from: offers)
        let earlierID: String? = if case .id(let id) = choice, listed == nil { id } else { nil }
        guard let pickedID = listed?.id ?? earlierID else {
            let hint = json ? " Run it again without --json to see them listed." : ""
            context.problem(
                "Nothing was changed: the airline offered \(offers.count) way\(offers.count == 1 ? "" : "s") to change booking \(reference), and none is \(choiceName).",
                suggestion: "Choose one by its number in the list (--offer 2) or its id (--offer oco_…).\(hint)")
            return .badInput
        }
        let listedTotal = listed?.changeTotalAmount
        context.progress("Checking the price with the airline…")
        let recheck = await flights.recheck(pickedID)
        context.writer.hideProgress()
        if let earlierID {
            guard case .ready(_, let change) = recheck, change.orderId == order.id else {
                context.problem(
                    "Nothing was changed: the airline has no change offer \(UntrustedText.visible(earlierID)) for booking \(reference) now (expired, or made for another booking).",
                    suggestion: "Choose from the offers listed now: by number (--offer 2) or by the id shown under the list.")
                return .badInput
            }
        }
        switch recheck {
        case .ready(let offer, let change):
            let total = change.changeTotalAmount ?? offer.changeTotalAmount
            if let listedTotal, total != listedTotal {
                context.writer.show(.message(Notice(
                    .warning, "The airline's price moved from \(listedTotal.formatted) to \(total.formatted).")))
            }
            let confirmed = await confirm(change, offer: offer, total: total, order: order, moving: moving, reference: reference, flights, context)
            guard confirmed == nil else { return confirmed ?? .done }
            return await expired(request, order: order, moving: moving, reference: reference, flights, context, again: again)
        case .expired:
            return await expired(request, order: order, moving: moving, reference: reference, flights, context, again: again)
        case .failed(let failure):
            let text = "That change could not be made: \(failure.message)"
            context.problem(text, suggestion: failure.suggestion)
            return .backendError(text)
        }
    }

    /// The offer `choice` names among `offers` (cheapest first), if any.
    private func chosen(from offers: [OrderChangeOffer]) -> OrderChangeOffer? {
        switch choice {
        case .cheapest: offers.first
        case .number(let number): offers.indices.contains(number - 1) ? offers[number - 1] : nil
        case .id(let id): offers.first { $0.id == id }
        }
    }

    /// `offer 4`, `offer oco_…`, as a sentence names the choice.
    private var choiceName: String {
        switch choice {
        case .cheapest: "the cheapest"
        case .number(let number): "number \(number)"
        case .id(let id): UntrustedText.visible(id)
        }
    }

    /// An offer that expired before it was taken: asked for again once, then said.
    private func expired(
        _ request: OrderChangeRequestCreation, order: Order, moving: [Slice], reference: String,
        _ flights: ChangeFlights, _ context: CommandContext, again: Bool
    ) async -> FlowOutcome {
        let text = "That change offer has expired."
        guard !again else {
            context.problem(text)
            return .backendError(text)
        }
        context.writer.show(.message(Notice(.info, "\(text) Asking the airline again.")))
        return await search(request, order: order, moving: moving, reference: reference, flights, context, again: true)
    }

    /// The change and its total shown; confirmed with `--yes` at the total agreed, once. `nil` when the offer expired
    /// as it was confirmed (nothing changed: it is asked for again).
    private func confirm(
        _ change: OrderChange, offer: OrderChangeOffer, total: Money, order: Order, moving: [Slice], reference: String,
        _ flights: ChangeFlights, _ context: CommandContext
    ) async -> FlowOutcome? {
        if json {
            do throws(ServiceError) {
                context.output(try CommandJSON.text(change, naming: "change"))
            } catch {
                context.failure(error)
            }
        } else {
            context.show(ChangeText.changeBlocks(
                reference: reference, offer: offer, moving: moving, total: total, penalty: change.penaltyTotalAmount))
        }
        if let agreedTotal, !AgreedAmount.matches(agreedTotal, total) {
            context.problem(
                "Not changed: the change costs \(total.formatted), not the \(Money(amount: agreedTotal, currency: total.currency).formatted) agreed.",
                suggestion: "Run the command again with --total=\(total.wireAmount) to change at that total.")
            return .declined
        }
        guard assumeYes else {
            context.writer.show(.message(Notice(.info, "Not changed. Run the command again with --yes to change the booking.")))
            return .declined
        }
        context.writer.show(.change(PendingChange(
            "Changing booking \(reference)…",
            whenInterrupted: "Ctrl-C: the booking may have been changed — checking with the airline before stopping (Ctrl-C again stops now).",
            whenStopped: "Stopped before the airline answered: booking \(reference) may have been changed. `flights booking \(reference)` checks it.")))
        let confirmation = await flights.confirm(change, orderID: order.id, agreedTotal: total.amount, offer: offer)
        context.writer.hideProgress()
        switch confirmation {
        case .changed(let made, let read, let recovered):
            let after = read ?? order
            let how = recovered ? " (the answer was lost; reading the change shows it made)" : ""
            context.writer.show(.message(Notice(.success, "Booking \(reference) is changed\(how). \(ChangeText.moneyLine(made))")))
            if json {
                do throws(ServiceError) {
                    context.output(try CommandJSON.text(after, naming: "booking"))
                } catch {
                    context.failure(error)
                }
            }
            context.show(ChangeText.bookingBlocks(after))
            return .done
        case .priceChanged(let moved):
            let now = moved.changeTotalAmount.map(\.formatted) ?? "a new total"
            context.writer.show(.message(Notice(.warning, "Not changed: the airline's price moved from \(total.formatted) to \(now).")))
            return .declined
        case .expired:
            return nil
        case .failed(let failure):
            let text = "Booking \(reference) was not changed: \(failure.message)"
            context.problem(text, suggestion: failure.suggestion)
            return .backendError(text)
        case .unknown(let lost, let lookup):
            let text = "Booking \(reference) may have been changed: the answer was lost (\(lost.message)) and the change could not be read again (\(lookup.message))."
            context.problem(text, suggestion: "Check with `flights booking \(reference)` before changing it again.")
            return .backendError(text)
        }
    }
}
