import Entities
import Trips
import Foundation
import ModuleCore
import Services

/// An unattended run (`flights book <offer-id> --passengers file.json`): the offer checked, the file's travellers
/// checked against it, then booked only with `--yes`, never at a price other than the one agreed.
extension FlightSummaryReducer {
    /// The first check of an unattended run, and all that follows it up to the booking.
    static func unattendedCheck(_ state: inout State, _ check: OfferCheck) -> [Effect] {
        let current: Offer
        switch check {
        case .current(let fresh):
            current = fresh
        case .priceChanged(let old, let new):
            return [
                .print(PriceChangeViewModel.between(old, new).blocks),
                error("Nothing was booked: an unattended booking never accepts a new price.",
                      suggestion: "Run the command again to book at \(new.totalAmount.formatted)."),
            ] + finish(&state, .priceChanged(from: old.totalAmount, to: new.totalAmount))
        case .expired(let expired):
            return finishUnavailable(&state, state.expiredMessage(expired))
        case .gone(let message):
            return finishUnavailable(&state, message)
        case .failed(let failure):
            return [error("The offer could not be checked: \(failure.message)", suggestion: failure.suggestion)]
                + finish(&state, .failed(failure))
        }
        let asksForExtras: Bool = if case .unattended(let travellers, _) = state.input.mode {
            travellers.contains { !$0.seats.isEmpty || $0.bags.values.contains { $0 != 0 } }
        } else { false }
        // With seats or bags, the total agreed is the fare and the extras: checked once they are known.
        if !asksForExtras, let accepted = state.input.acceptedTotal, accepted != current.totalAmount.amount {
            let agreed = Money(amount: accepted, currency: current.totalAmount.currency)
            return [
                error("Nothing was booked: the total is now \(current.totalAmount.formatted), not the \(agreed.formatted) agreed to.",
                      suggestion: "Run the command again with --total \(current.totalAmount.wireAmount) to book at the new price."),
            ] + finish(&state, .priceChanged(from: agreed, to: current.totalAmount))
        }
        state.offer = current
        prepareSlots(&state, for: current)
        var effects: [Effect] = [.print(state.summary(current).blocks)]
        guard case .unattended(let travellers, let assumeYes) = state.input.mode else { return effects }
        if state.input.hold, asksForExtras { return effects + heldFileExtras(&state) }
        let passengers: [PassengerDetails]
        switch state.rules.details(from: travellers, offer: current, slots: state.slots) {
        case .failure(let problems):
            effects += problems.messages.map { error($0, suggestion: nil) }
            effects.append(message(.info, "Nothing was booked. Correct the passengers file and run the command again."))
            return effects + finish(&state, .invalidInput(problems.messages))
        case .success(let details):
            passengers = details
        }
        let bags = PassengersFile.bags(for: travellers, in: current)
        if !bags.problems.isEmpty { return effects + fileProblems(&state, bags.problems) }
        state.extras.bags = bags.bags
        if PassengersFile.asksForSeats(travellers) {
            guard state.seatsOffered else {
                return effects + fileProblems(&state, ["This flight service reads no seat maps, so seats cannot be chosen here."])
            }
            state.filePassengers = passengers
            return effects + [progress("Reading the seat maps…"), .run(.seatMaps(offerID: current.id))]
        }
        return effects + unattendedBook(&state, passengers, assumeYes: assumeYes)
    }

    /// The seat maps a passengers file's seats are checked on came back: book with the seats, or say what is wrong.
    static func unattendedSeatMaps(_ state: inout State, _ outcome: Outcome<[SeatMap], ServiceError>) -> [Effect] {
        guard case .unattended(let travellers, let assumeYes) = state.input.mode, let passengers = state.filePassengers,
              let offer = state.offer
        else { return [] }
        state.filePassengers = nil
        switch outcome {
        case .failure(let failure):
            return [hideProgress, error("The seat maps could not be read: \(failure.message)", suggestion: failure.suggestion)]
                + finish(&state, .failed(failure))
        case .success(let maps):
            let seats = PassengersFile.seats(for: travellers, in: offer, maps: maps)
            if !seats.problems.isEmpty { return [hideProgress] + fileProblems(&state, seats.problems) }
            state.extras.seats = seats.seats
            return [hideProgress] + unattendedBook(&state, passengers, assumeYes: assumeYes)
        }
    }

    /// The file's passengers (and the seats and bags it asks for) are right: show them, then book with `--yes`.
    private static func unattendedBook(_ state: inout State, _ passengers: [PassengerDetails], assumeYes: Bool) -> [Effect] {
        guard let current = state.offer, let total = state.totalToPay else { return [] }
        if !state.extras.services.isEmpty, let accepted = state.input.acceptedTotal, accepted != total.amount {
            let agreed = Money(amount: accepted, currency: total.currency)
            return [
                error("Nothing was booked: the total with the seats and bags is \(total.formatted), not the \(agreed.formatted) agreed to.",
                      suggestion: "Run the command again with --total \(total.wireAmount) to book at that total."),
            ] + finish(&state, .priceChanged(from: agreed, to: total))
        }
        var effects: [Effect] = [.print(state.review(offer: current, passengers: passengers).blocks)]
        let hold = state.input.hold
        if hold, !state.extras.services.isEmpty { return effects + heldFileExtras(&state) }
        if hold, !current.canBeHeld {
            let problem = BookTravellers.notHeldProblem
            effects.append(error(problem, suggestion: "Run the command again without --hold to book and pay now."))
            return effects + finish(&state, .invalidInput([problem]))
        }
        guard assumeYes else {
            let what = hold ? "hold it (\(total.formatted) to pay later)" : "book and pay \(total.formatted)"
            effects.append(message(.info, "Not booked. Run the same command with --yes to \(what)."))
            return effects + finish(&state, .declined)
        }
        let type: OrderType = hold ? .hold : .instant
        state.step = .booking(type)
        let booking = OfferBooking(
            offer: current, passengers: passengers, slots: state.slots, type: type, lookUpFirst: false,
            services: state.extras.services, total: total)
        return effects + [bookingProgress(hold ? "Holding…" : "Booking…"), .run(.book(booking))]
    }

    /// Ends a `--hold` run whose passengers file asks for seats or bags, which a hold cannot carry: nothing sent.
    private static func heldFileExtras(_ state: inout State) -> [Effect] {
        [error(heldExtrasProblem, suggestion: "Run the command again without --hold to book and pay now with them, "
            + "or take the seats and bags out of the passengers file to hold the fare, then add them with "
            + "`flights add-bags REF` and `flights seats REF --seat …`.")]
            + finish(&state, .invalidInput([heldExtrasProblem]))
    }

    /// Ends a run whose passengers file asks for what cannot be had: each problem said, nothing booked.
    private static func fileProblems(_ state: inout State, _ problems: [String]) -> [Effect] {
        problems.map { error($0, suggestion: nil) }
            + [message(.info, "Nothing was booked. Correct the passengers file and run the command again.")]
            + finish(&state, .invalidInput(problems))
    }

    /// An unattended booking ended: the run ends with it.
    static func unattendedBookingEnded(_ state: inout State, _ attempt: BookingAttempt) -> [Effect] {
        var effects: [Effect] = [hideProgress]
        switch attempt {
        case .booked(let order, let recovered, let storeProblem):
            if recovered { effects.append(recoveredNotice) }
            // Shown as the traveller knows it (an instant booking was paid with the order); the JSON is the API's.
            let shown = state.input.hold ? order : order.paidWithBooking()
            effects.append(.print(state.bookingViewModel(shown, storeProblem: storeProblem).blocks))
            if state.input.output == .json { effects.append(json(order)) }
            return effects + finish(&state, .booked(order))
        case .priceChanged(let agreed, let now, let offer):
            if let shown = state.offer { effects.append(.print(PriceChangeViewModel.between(shown, offer).blocks)) }
            return effects + [
                error("Nothing was booked: the airline changed the price, and an unattended booking never accepts a new price.",
                      suggestion: "Run the command again to book at \(now.formatted)."),
            ] + finish(&state, .priceChanged(from: agreed, to: now))
        case .refused(let refusal, let storeProblem):
            effects += storeWarning(storeProblem)
            if refusal.has(.priceChanged), state.offer != nil {
                return effects + check(&state, .unattendedReprice(refusal: refusal))
            }
            return effects + finishRefused(&state, refusal)
        case .notSaved(let problem):
            return effects + [notSavedError(problem, then: "Fix that, then run the command again.")]
                + finish(&state, .notSaved(problem))
        case .madeEarlier(let record, let readProblem):
            return effects + [
                error("Booking \(record.bookingReference ?? "") was made already, and it cannot be read now (\(readProblem.message)); nothing was sent.",
                      suggestion: "Run `flights bookings` to see it."),
            ] + finish(&state, .failed(readProblem))
        case .notFound(let failure, let storeProblem):
            return effects + storeWarning(storeProblem) + [
                error("The booking is not confirmed: \(failure.howTheAnswerWasLost) (\(failure.message)) and the flight service does not show it yet.",
                      suggestion: "It is kept as pending on this machine. Run `flights bookings` to check it before booking again."),
            ] + finish(&state, .failed(failure))
        case .unknown(let failure, let lookup, let storeProblem):
            return effects + storeWarning(storeProblem) + [
                error("No answer came to the booking (\(failure.message)) and the orders could not be looked up (\(lookup.message)): it may or may not be booked.",
                      suggestion: "Run `flights bookings` to check it before booking again."),
            ] + finish(&state, .failed(failure))
        }
    }

    /// The new price after an unattended booking was refused because the price moved: said, never accepted.
    static func unattendedReprice(_ state: inout State, _ check: OfferCheck, refusal: ServiceError) -> [Effect] {
        guard let current = state.offer else { return finishRefused(&state, refusal) }
        switch check {
        case .current(let fresh), .priceChanged(_, let fresh):
            return [
                .print(PriceChangeViewModel.between(current, fresh).blocks),
                error("Nothing was booked: the airline changed the price, and an unattended booking never accepts a new price.",
                      suggestion: "Run the command again to book at \(fresh.totalAmount.formatted)."),
            ] + finish(&state, .priceChanged(from: current.totalAmount, to: fresh.totalAmount))
        case .expired(let expired):
            return finishUnavailable(&state, state.expiredMessage(expired))
        case .gone(let message):
            return finishUnavailable(&state, message)
        case .failed:
            return finishRefused(&state, refusal)
        }
    }

    /// Ends a run whose order the airline refused.
    private static func finishRefused(_ state: inout State, _ refusal: ServiceError) -> [Effect] {
        if meansOfferIsGone(refusal) {
            return finishUnavailable(&state, refusal.message)
        }
        return [error("The booking was refused: \(refusal.message)", suggestion: refusal.suggestion)]
            + finish(&state, .failed(refusal))
    }

    /// Ends a run whose offer cannot be had any more.
    private static func finishUnavailable(_ state: inout State, _ message: String) -> [Effect] {
        [error(message, suggestion: "Search again and choose another offer.")] + finish(&state, .offerUnavailable(message))
    }

    /// The booked order as Duffel's JSON, for standard output.
    private static func json(_ order: Order) -> Effect {
        guard let data = try? DuffelJSON.encoder(pretty: true).encode(order) else {
            return error(
                "The order could not be written as JSON.",
                suggestion: "It is booked: reference \(order.bookingReference), order \(order.id).")
        }
        return .note(.output(String(decoding: data, as: UTF8.self)))
    }
}
