import Entities
import Trips
import Foundation
import ModuleCore
import Services
import TerminalUI
import TravelText

/// What the summary's rules ask for outside them: its service calls and its ways out.
typealias FlightSummaryEffect = ScreenEffect<FlightSummaryWork, FlightSummaryRoute>

/// The ways out of the screen, as the router offers them.
enum FlightSummaryRoute: Encodable, Sendable, Equatable {
    /// Back to the offers.
    case availability
    /// The booking is made (said at once; the screen goes on to show it).
    case booked(Order)
    /// A booking an earlier attempt made was found, and cannot be read now (said at once).
    case madeEarlier(BookingRecord)
    /// The traveller read the booking and moved on.
    case finished(Order)
    /// To the seat maps of `offer`, with the seats chosen so far; the seats confirmed there come back as
    /// ``FlightSummaryAction/seatsChosen(_:)``.
    case seats(Offer, chosen: [SeatChoice])
}

/// The summary's rules: the offer checked with the API, the passengers' details one field at a time, the review,
/// the booking and what its answer means. Pure: the clock comes in
/// actions, the offer and the booking come in as answers. What it shows and asks is ``screen(_:)``.
enum FlightSummaryReducer: ScreenFeature {
    typealias State = FlightSummaryState
    typealias Action = FlightSummaryAction
    typealias Effect = FlightSummaryEffect
    typealias Work = FlightSummaryWork
    typealias Route = FlightSummaryRoute

    static let module = "FlightSummary"

    static func reduce(_ state: inout State, _ action: FlightSummaryAction) -> [Effect] {
        switch action {
        case .appeared(let now):
            state.now = now
            state.stopped = false
            return appeared(&state)
        case .entered(let text):
            if case .bag(let group, let flight) = state.step { return acceptBags(&state, text, group: group, flight: flight) }
            if state.step == .continueToDetails { return continueOrSeats(&state, text) }
            guard case .field(let passenger, let field) = state.step else { return [] }
            return accept(&state, text, passenger: passenger, field: field)
        case .seatsChosen(let seats):
            return seatsChosen(&state, seats)
        case .confirmed(let yes):
            switch state.step {
            case .continueToDetails: return yes ? beginDetails(&state) : leaveToOffers(&state)
            case .confirmBooking(let type): return yes ? check(&state, .book(type)) : showReview(&state)
            case .confirmNewPrice(let next): return answerNewPrice(&state, accepted: yes, next: next)
            default: return []
            }
        case .chose(let index):
            switch state.step {
            case .review: return choose(&state, index)
            case .recheckFailed(let next): return index == 0 ? retry(&state, next) : leaveToOffers(&state)
            case .lostAnswer(let type): return index == 0 ? book(&state, type, lookUpFirst: true) : leaveToOffers(&state)
            default: return []
            }
        case .acknowledged:
            switch state.step {
            case .booked(let order): return leave(&state, .finished(order))
            case .leaving: return leaveToOffers(&state)
            default: return []
            }
        case .back:
            return back(&state)
        case .inputEnded where state.isBeforeBooking:
            // Ctrl-D (or a script's input running dry) in the middle of the details: say that nothing was booked,
            // rather than end without a word.
            state.stopped = true
            return [message(.warning, "The input ended before the booking was made: nothing was booked.")]
        case .inputEnded where state.isAwaitingLostAnswer:
            // The booking may have been made: say where it is kept and how it is settled, never that it was not.
            state.stopped = true
            return [message(.warning, "The input ended with the booking not confirmed: it is kept as pending on this machine, and `flights bookings` checks it again.")]
        case .interrupted, .inputEnded:
            // Ctrl-C or the end of the input: nothing more is asked; the screen stays where it was, to come back
            // there.
            state.stopped = true
            return []
        case .disappeared:
            return []
        case .offerRead(let id, let read, let now):
            // An answer to a check that is no longer the one asked for (the screen went and came back) is stale.
            guard id == state.checkID, let purpose = state.checking else { return [] }
            let check = offerCheck(read, known: state.knownBeforeCheck, id: state.offer?.id ?? state.input.offerID, now: now)
            state.now = now
            state.checking = nil
            state.knownBeforeCheck = nil
            return checked(&state, check, for: purpose)
        case .bookingEnded(let attempt, let now):
            state.now = now
            return bookingEnded(&state, attempt)
        }
    }

    // MARK: Events

    /// The first time, check the offer; after that, show again where the screen was.
    private static func appeared(_ state: inout State) -> [Effect] {
        switch state.step {
        case .start, .checking:
            // A first check cut off by the screen going is asked again.
            return check(&state, .details)
        default:
            return redisplay(state)
        }
    }

    /// Esc: one step back, never losing what was entered.
    private static func back(_ state: inout State) -> [Effect] {
        switch state.step {
        case .start, .checking, .booking:
            return []
        case .continueToDetails, .leaving:
            return leaveToOffers(&state)
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
            guard let last = state.slots.indices.last else { return leaveToOffers(&state) }
            return heading(state, last) + go(&state, .field(passenger: last, field: state.askedFields.last ?? .phoneNumber))
        case .confirmBooking, .lostAnswer:
            return showReview(&state)
        case .bag(let group, let flight):
            return backFromBags(&state, group: group, flight: flight)
        case .confirmNewPrice(let next):
            return answerNewPrice(&state, accepted: false, next: next)
        case .recheckFailed(let next):
            return next == .details ? leaveToOffers(&state) : showReview(&state)
        case .booked(let order):
            return leave(&state, .finished(order))
        }
    }

    // MARK: Moving between steps

    /// Moves to `step`, whose question ``screen(_:)`` asks.
    static func go(_ state: inout State, _ step: FlightSummaryStep) -> [Effect] {
        state.step = step
        return []
    }

    /// Leaves through the router; nothing is asked until the screen is shown again.
    static func leave(_ state: inout State, _ route: FlightSummaryRoute) -> [Effect] {
        state.stopped = true
        return [.leave(route)]
    }

    /// Back to the offers.
    static func leaveToOffers(_ state: inout State) -> [Effect] {
        leave(&state, .availability)
    }

    /// The offer cannot be booked any more: say why, and go back to the offers once the traveller has read it.
    static func offerLost(_ state: inout State, _ message: String) -> [Effect] {
        [error(message, suggestion: "Choose another offer, or search again.")] + go(&state, .leaving)
    }

    /// Shows the passengers as entered, and asks what next.
    static func showReview(_ state: inout State) -> [Effect] {
        guard let offer = state.offer else { return leaveToOffers(&state) }
        return [.print(state.review(offer: offer).blocks)] + go(&state, .review)
    }

    /// `Passenger 2 of 3 · Child, 8`, for the passenger whose details start.
    static func heading(_ state: State, _ passenger: Int) -> [Effect] {
        guard let heading = state.heading(of: passenger) else { return [] }
        return [.print([.header(heading)])]
    }

    /// Writes again what the screen showed where it is, in the conversation; ``screen(_:)`` asks again.
    private static func redisplay(_ state: State) -> [Effect] {
        var effects: [Effect] = []
        if let offer = state.offer { effects.append(.print(state.summary(offer).blocks)) }
        switch state.step {
        case .continueToDetails where !state.extras.seats.isEmpty:
            effects.append(seatsMessage(state.extras.seats))
        case .field(let passenger, _):
            effects += heading(state, passenger)
        case .review, .confirmBooking, .lostAnswer:
            if let offer = state.offer { effects.append(.print(state.review(offer: offer).blocks)) }
        case .booked:
            if let booked = state.booked {
                effects.append(.print(state.bookingViewModel(booked.order, storeProblem: booked.storeProblem).blocks))
            }
        default:
            break
        }
        return effects
    }

    /// The seats screen handed seats back: the way out answered, so the screen asks again. Before this screen has
    /// appeared again the seats are only kept (appearing shows them); after, they are said now.
    private static func seatsChosen(_ state: inout State, _ seats: [SeatChoice]) -> [Effect] {
        state.extras.seats = seats
        let appearedSince = !state.stopped
        state.stopped = false
        guard appearedSince else { return [] }
        switch state.step {
        case .continueToDetails where !seats.isEmpty: return [seatsMessage(seats)]
        case .review: return showReview(&state)
        default: return []
        }
    }

    /// `Seats chosen: 32A; …`.
    private static func seatsMessage(_ seats: [SeatChoice]) -> Effect {
        let designators = seats.map(\.designator).joined(separator: ", ")
        return message(.success, "Seats chosen: \(designators); they are booked with the offer (the review shows them).")
    }

    // MARK: Output

    /// Shows that work is under way.
    static func progress(_ message: String) -> Effect { .note(.progress(message)) }

    /// Says the booking is on its way: Ctrl-C meanwhile waits for the airline's answer rather than leave the traveller
    /// not knowing whether it was made.
    static func bookingProgress(_ message: String) -> Effect {
        .note(.change(PendingChange(
            message,
            whenInterrupted: "Ctrl-C: the booking may have been made — checking with the airline before stopping (Ctrl-C again stops now).",
            whenStopped: "Stopped before the airline answered: the booking may have been made. `flights bookings` checks it.")))
    }

    /// Ends the progress shown.
    static let hideProgress = Effect.note(.progressEnded)

    /// Shows `text` as a message of `kind`.
    static func message(_ kind: Notice.Kind, _ text: String) -> Effect { .note(.message(Notice(kind, text))) }

    /// Shows what went wrong and the way forward.
    static func error(_ message: String, suggestion: String?) -> Effect {
        .note(.error(message, suggestion: suggestion))
    }
}

/// Personal data out of a recording: what the traveller types into a personal field (a name, a birth date, an
/// email, a phone, a passport number) is replaced by a stand-in. A stand-in passes the field's rules when the text
/// did and fails them when it did not, so the recording takes the same steps. Passengers, orders and files are
/// redacted by key already (``Redaction``).
extension FlightSummaryReducer {
    static func redacted(_ action: FlightSummaryAction, in state: State) -> FlightSummaryAction {
        guard case .entered(let text) = action, case .field(let passenger, let field) = state.step,
              let offer = state.offer, state.slots.indices.contains(passenger) else { return action }
        var scratch = state.drafts[passenger]
        let accepted = state.rules.accept(text, for: field, slot: state.slots[passenger], offer: offer, into: &scratch) == nil
        switch field {
        case .givenName, .familyName:
            return .entered(accepted ? Redaction.name : "Redacted 0")
        case .bornOn:
            // The year is kept, so the age group reads the same; a date that did not read stays unreadable. Near
            // an age limit, another day of the same year may be needed for the stand-in to pass as the text did.
            guard accepted, let day = scratch.bornOn else { return .entered("redacted date") }
            let year = String(day.description.prefix(4))
            let standIns = [Redaction.birthDate(day.description), "\(year)-01-01", "\(year)-12-31"]
            let passing = standIns.first { standIn in
                var check = state.drafts[passenger]
                return state.rules.accept(standIn, for: field, slot: state.slots[passenger], offer: offer, into: &check) == nil
            }
            return .entered(passing ?? standIns[0])
        case .email:
            return .entered(accepted ? Redaction.email : "redacted email")
        case .phoneNumber:
            return .entered(accepted ? Redaction.phone : "redacted phone")
        case .passportNumber:
            return .entered(accepted ? Redaction.documentNumber : "?")
        case .title, .gender, .passportCountry, .passportExpiry:
            return action
        }
    }
}
