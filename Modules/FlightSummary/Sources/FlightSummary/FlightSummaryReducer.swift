import Entities
import Foundation
import ModuleCore
import Services
import TerminalUI

/// The summary's rules: the offer checked with the API, the passengers' details one field at a time, the review,
/// the booking and what its answer means; or, unattended, all of it from a passengers file. Pure: the clock comes in
/// actions, the offer and the booking come in as answers.
enum FlightSummaryReducer: Reducer {
    typealias State = FlightSummaryState
    typealias Effect = FlightSummaryEffect

    static let module = "FlightSummary"

    static func reduce(_ state: inout State, _ action: FlightSummaryAction) -> [Effect] {
        switch action {
        case .appeared(let now):
            state.now = now
            return appeared(&state)
        case .entered(let text):
            if case .bag(let index) = state.step { return acceptBags(&state, text, index: index) }
            if state.step == .continueToDetails { return continueOrSeats(&state, text) }
            guard case .field(let passenger, let field) = state.step else { return [ask(state)] }
            return accept(&state, text, passenger: passenger, field: field)
        case .seatMapsRead(let outcome):
            return unattendedSeatMaps(&state, outcome)
        case .seatsChosen(let seats):
            // The seats screen is leaving; this screen shows them when it appears again.
            state.extras.seats = seats
            return []
        case .confirmed(let yes):
            switch state.step {
            case .continueToDetails: return yes ? beginDetails(&state) : leaveToOffers()
            case .confirmBooking(let type): return yes ? check(&state, .book(type)) : showReview(&state)
            case .confirmNewPrice(let next): return answerNewPrice(&state, accepted: yes, next: next)
            default: return [ask(state)]
            }
        case .chose(let index):
            switch state.step {
            case .review: return choose(&state, index)
            case .recheckFailed(let next): return index == 0 ? retry(&state, next) : leaveToOffers()
            case .lostAnswer(let type): return index == 0 ? book(&state, type, lookUpFirst: true) : leaveToOffers()
            default: return [ask(state)]
            }
        case .acknowledged:
            switch state.step {
            case .booked(let order): return [.show(.prompt(nil)), .navigate(.bookings(order))]
            case .leaving: return leaveToOffers()
            default: return [ask(state)]
            }
        case .back:
            return back(&state)
        case .inputEnded where state.isBeforeBooking:
            // Ctrl-D (or a script's input running dry) in the middle of the details: say that nothing was booked,
            // rather than end without a word.
            return [message(.warning, "The input ended before the booking was made: nothing was booked.")]
        case .interrupted, .inputEnded, .disappeared:
            // Ctrl-C, the end of the input or the screen going: nothing more is asked; the screen stays where it
            // was, to come back there.
            return []
        case .checked(let id, let check, let now):
            // An answer to a check that is no longer the one asked for (the screen went and came back) is stale.
            guard id == state.checkID, let purpose = state.checking else { return [] }
            state.now = now
            state.checking = nil
            return checked(&state, check, for: purpose)
        case .bookingEnded(let attempt, let now):
            state.now = now
            return state.isInteractive ? bookingEnded(&state, attempt) : unattendedBookingEnded(&state, attempt)
        }
    }

    // MARK: Events

    /// The first time, check the offer (unattended: the whole run follows); after that, show again where the
    /// screen was.
    private static func appeared(_ state: inout State) -> [Effect] {
        switch state.step {
        case .start, .checking:
            // A first check cut off by the screen going is asked again.
            return check(&state, state.isInteractive ? .details : .unattended)
        default:
            return redisplay(state)
        }
    }

    /// Esc: one step back, never losing what was entered.
    private static func back(_ state: inout State) -> [Effect] {
        switch state.step {
        case .start, .checking, .booking, .finished:
            return []
        case .continueToDetails, .leaving:
            return leaveToOffers()
        case .field(let passenger, let field):
            if state.editing != nil {
                state.editing = nil
                return showReview(&state)
            }
            if let previous = state.askedField(before: field) {
                return go(&state, .field(passenger: passenger, field: previous))
            }
            guard passenger > 0 else { return go(&state, .continueToDetails) }
            return heading(state, passenger - 1)
                + go(&state, .field(passenger: passenger - 1, field: state.askedFields.last ?? .phoneNumber))
        case .review:
            guard let last = state.slots.indices.last else { return leaveToOffers() }
            return heading(state, last) + go(&state, .field(passenger: last, field: state.askedFields.last ?? .phoneNumber))
        case .confirmBooking, .lostAnswer:
            return showReview(&state)
        case .bag(let index):
            return index > 0 ? go(&state, .bag(index - 1)) : showReview(&state)
        case .confirmNewPrice(let next):
            return answerNewPrice(&state, accepted: false, next: next)
        case .recheckFailed(let next):
            return next == .details ? leaveToOffers() : showReview(&state)
        case .booked(let order):
            return [.show(.prompt(nil)), .navigate(.bookings(order))]
        }
    }

    // MARK: Moving between steps

    /// Moves to `step` and puts its question.
    static func go(_ state: inout State, _ step: FlightSummaryStep) -> [Effect] {
        state.step = step
        return [ask(state)]
    }

    /// Puts the current step's question.
    static func ask(_ state: State) -> Effect {
        .show(.prompt(state.prompt))
    }

    /// Back to the offers.
    static func leaveToOffers() -> [Effect] {
        [.show(.prompt(nil)), .navigate(.availability)]
    }

    /// Ends an unattended run with `outcome`.
    static func finish(_ state: inout State, _ outcome: FlightSummaryOutcome) -> [Effect] {
        state.step = .finished
        return [.show(.prompt(nil)), .navigate(.finished(outcome))]
    }

    /// The offer cannot be booked any more: say why, and go back to the offers once the traveller has read it.
    static func offerLost(_ state: inout State, _ message: String) -> [Effect] {
        [error(message, suggestion: "Choose another offer, or search again.")] + go(&state, .leaving)
    }

    /// Shows the passengers as entered, and asks what next.
    static func showReview(_ state: inout State) -> [Effect] {
        guard let offer = state.offer else { return leaveToOffers() }
        return [.show(.review(state.review(offer: offer)))] + go(&state, .review)
    }

    /// `Passenger 2 of 3 · Child, 8`, for the passenger whose details start.
    static func heading(_ state: State, _ passenger: Int) -> [Effect] {
        guard let heading = state.heading(of: passenger) else { return [] }
        return [.show(.passengerHeading(heading))]
    }

    /// Shows again what the screen showed where it is, then asks.
    private static func redisplay(_ state: State) -> [Effect] {
        var effects: [Effect] = []
        if let offer = state.offer, state.step != .finished { effects.append(.show(.summary(state.summary(offer)))) }
        switch state.step {
        case .continueToDetails where !state.extras.seats.isEmpty:
            let seats = state.extras.seats.map(\.designator).joined(separator: ", ")
            effects.append(message(.success, "Seats chosen: \(seats); they are booked with the offer (the review shows them)."))
        case .field(let passenger, _):
            effects += heading(state, passenger)
        case .review, .confirmBooking, .lostAnswer:
            if let offer = state.offer { effects.append(.show(.review(state.review(offer: offer)))) }
        case .booked:
            if let booked = state.booked {
                effects.append(.show(.booking(state.bookingViewModel(booked.order, storeProblem: booked.storeProblem))))
            }
        default:
            break
        }
        return effects + [ask(state)]
    }

    // MARK: Output

    /// Shows that work is under way.
    static func progress(_ message: String) -> Effect { .show(.note(.progress(message))) }

    /// Says the booking is on its way: Ctrl-C meanwhile waits for the airline's answer rather than leave the traveller
    /// not knowing whether it was made.
    static func bookingProgress(_ message: String) -> Effect {
        .show(.note(.change(PendingChange(
            message,
            whenInterrupted: "Ctrl-C: the booking may have been made — checking with the airline before stopping (Ctrl-C again stops now).",
            whenStopped: "Stopped before the airline answered: the booking may have been made. `flights bookings` checks it."))))
    }

    /// Ends the progress shown.
    static let hideProgress = Effect.show(.note(.progressEnded))

    /// Shows `text` as a message of `kind`.
    static func message(_ kind: Notice.Kind, _ text: String) -> Effect { .show(.note(.message(Notice(kind, text)))) }

    /// Shows what went wrong and the way forward.
    static func error(_ message: String, suggestion: String?) -> Effect {
        .show(.note(.error(message, suggestion: suggestion)))
    }
}
