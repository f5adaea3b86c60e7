import Entities
import Foundation
import ModuleCore
import Services
import TerminalUI
import TravelText
import Trips

/// `flights book OFFER --passengers FILE`: a face over the core's `BookTravellers` (the file checked against the
/// offer as sold now: passengers, seats, bags, a hold's limits, the agreed total) and `BookOffer` (the record
/// written first, the booking key, a lost answer looked up). The offer in full and the passengers are shown with the
/// summary screen's words (TravelText's `SummaryFormat`); it books only with `--yes`, never at another total.
@MainActor
struct BookRun {
    var offerID: String
    var travellers: [PassengersFile.Traveller]
    /// `--yes`.
    var assumeYes: Bool
    /// `--total`: the total agreed, the fare with the seats and bags.
    var agreedTotal: Decimal?
    /// `--hold`: hold the booking and pay later.
    var hold: Bool
    /// `--json`: the order as Duffel's JSON on standard output.
    var json: Bool

    /// 0 booked, 2 not confirmed or another total, 64 the file does not fit the offer, 69 the offer or the booking
    /// failed, 73 the bookings file could not be written first (nothing sent).
    func run(in context: CommandContext) async -> FlowOutcome {
        context.progress("Checking offer \(offerID)…")
        let preparation = await BookTravellers(context.trip).prepare(
            TravellersBooking(offerID: offerID, travellers: travellers, hold: hold, agreedTotal: agreedTotal),
            today: context.today)
        context.writer.hideProgress()
        switch preparation {
        case .failed(let failure):
            context.problem("The offer could not be checked: \(failure.message)", suggestion: failure.suggestion)
            return .backendError(failure.message)
        case .offerGone(let message):
            return unavailable(message, context)
        case .priceChanged(let agreed, let now, let offer):
            let what = now == offer.totalAmount ? "the total is now" : "the total with the seats and bags is"
            let how = now == offer.totalAmount ? "to book at the new price" : "to book at that total"
            context.problem(
                "Nothing was booked: \(what) \(now.formatted), not the \(agreed.formatted) agreed to.",
                suggestion: "Run the command again with --total \(now.wireAmount) \(how).")
            return .declined
        case .invalid(let problems):
            return refuse(problems, context)
        case .ready(let booking, let total, let seats):
            return await book(booking, total: total, seats: seats, context)
        }
    }

    /// The file does not fit the offer: each problem, and nothing booked.
    private func refuse(_ problems: [String], _ context: CommandContext) -> FlowOutcome {
        if problems == [BookTravellers.heldExtrasProblem] {
            context.problem(problems[0], suggestion: "Run the command again without --hold to book and pay now with them, "
                + "or take the seats and bags out of the passengers file to hold the fare, then add them with "
                + "`flights add-bags REF` and `flights seats REF --seat …`.")
        } else if problems == [BookTravellers.notHeldProblem] {
            context.problem(problems[0], suggestion: "Run the command again without --hold to book and pay now.")
        } else {
            context.problems(problems)
            context.writer.show(.message(Notice(.info, "Nothing was booked. Correct the passengers file and run the command again.")))
        }
        return .badInput
    }

    /// The offer and the passengers shown; booked with `--yes` at the total shown.
    private func book(_ booking: OfferBooking, total: Money, seats: [SeatChoice], _ context: CommandContext) async -> FlowOutcome {
        let offer = booking.offer
        let timeZone = context.backend.timeZone
        context.show(SummaryFormat.summary(offer, slots: booking.slots, now: context.backend.now(), timeZone: timeZone).blocks)
        let bags = booking.services.filter { service in offer.extraBags.contains { $0.id == service.id } }
        let review = ReviewViewModel(
            entries: Array(zip(booking.slots, booking.passengers.map(PassengerDraft.init))), total: offer.totalAmount,
            extras: SummaryFormat.extrasRows(offer: offer, slots: booking.slots, seats: seats, bags: bags, total: total))
        context.show(review.blocks)
        guard assumeYes else {
            let what = hold ? "hold it (\(total.formatted) to pay later)" : "book and pay \(total.formatted)"
            context.writer.show(.message(Notice(.info, "Not booked. Run the same command with --yes to \(what).")))
            return .declined
        }
        context.writer.show(.change(PendingChange(
            hold ? "Holding…" : "Booking…",
            whenInterrupted: "Ctrl-C: the booking may have been made — checking with the airline before stopping (Ctrl-C again stops now).",
            whenStopped: "Stopped before the airline answered: the booking may have been made. `flights bookings` checks it.")))
        let attempt = await BookOffer(context.trip).book(booking, agreedTotal: total.amount)
        context.writer.hideProgress()
        return await ended(attempt, offer: offer, context)
    }

    /// How the booking ended.
    private func ended(_ attempt: BookingAttempt, offer: Offer, _ context: CommandContext) async -> FlowOutcome {
        switch attempt {
        case .booked(let order, let recovered, let storeProblem):
            if recovered {
                context.writer.show(.message(Notice(
                    .info, "The flight service's answer was lost on the way, but the order was found: the booking went through.")))
            }
            // Shown as the traveller knows it (an instant booking was paid with the order); the JSON is the API's.
            let shown = hold ? order : order.paidWithBooking()
            context.show(BookingViewModel(
                shown, storeProblem: storeProblem, storeLocation: context.trip.storeLocation,
                timeZone: context.backend.timeZone).blocks)
            if json {
                do throws(ServiceError) {
                    context.output(try CommandJSON.text(order, naming: "order"))
                } catch {
                    context.problem(
                        "The order could not be written as JSON.",
                        suggestion: "It is booked: reference \(order.bookingReference), order \(order.id).")
                }
            }
            return .done
        case .priceChanged(_, let now, let repriced):
            context.show(PriceChangeViewModel.between(offer, repriced).blocks)
            context.problem(
                "Nothing was booked: the airline changed the price, and an unattended booking never accepts a new price.",
                suggestion: "Run the command again to book at \(now.formatted).")
            return .declined
        case .refused(let refusal, let storeProblem):
            storeWarning(storeProblem, context)
            return await refused(refusal, offer: offer, context)
        case .notSaved(let problem):
            context.problem(
                "Nothing was booked: \(problem.description)",
                suggestion: "A booking is written on this machine before it is sent, so that a lost answer can be found "
                    + "again. Fix that, then run the command again.")
            return .cannotSave
        case .madeEarlier(let record, let readProblem):
            context.problem(
                "Booking \(record.bookingReference ?? "") was made already, and it cannot be read now (\(readProblem.message)); nothing was sent.",
                suggestion: "Run `flights bookings` to see it.")
            return .backendError(readProblem.message)
        case .notFound(let failure, let storeProblem):
            storeWarning(storeProblem, context)
            context.problem(
                "The booking is not confirmed: \(failure.howTheAnswerWasLost) (\(failure.message)) and the flight service does not show it yet.",
                suggestion: "It is kept as pending on this machine. Run `flights bookings` to check it before booking again.")
            return .backendError(failure.message)
        case .unknown(let failure, let lookup, let storeProblem):
            storeWarning(storeProblem, context)
            context.problem(
                "No answer came to the booking (\(failure.message)) and the orders could not be looked up (\(lookup.message)): it may or may not be booked.",
                suggestion: "Run `flights bookings` to check it before booking again.")
            return .backendError(failure.message)
        }
    }

    /// The airline refused the order: for its price (said with the price now, never taken), because the offer is
    /// gone, or otherwise.
    private func refused(_ refusal: ServiceError, offer: Offer, _ context: CommandContext) async -> FlowOutcome {
        if refusal.has(.priceChanged), case .success(let fresh) = await OfferDetails(context.trip).offer(id: offer.id) {
            context.show(PriceChangeViewModel.between(offer, fresh).blocks)
            context.problem(
                "Nothing was booked: the airline changed the price, and an unattended booking never accepts a new price.",
                suggestion: "Run the command again to book at \(fresh.totalAmount.formatted).")
            return .declined
        }
        if BookTravellers.meansOfferIsGone(refusal) { return unavailable(refusal.message, context) }
        context.problem("The booking was refused: \(refusal.message)", suggestion: refusal.suggestion)
        return .backendError(refusal.message)
    }

    private func unavailable(_ message: String, _ context: CommandContext) -> FlowOutcome {
        context.problem(message, suggestion: "Search again and choose another offer.")
        return .backendError(message)
    }

    private func storeWarning(_ problem: BookingStoreError?, _ context: CommandContext) {
        guard let problem else { return }
        context.writer.show(.message(Notice(.warning, "The booking could not be written on this machine. \(problem.description)")))
    }
}
