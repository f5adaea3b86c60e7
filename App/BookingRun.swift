import Entities
import Foundation
import ModuleCore
import Services
import TerminalUI
import TravelText
import Trips

/// `flights booking REF`: one booking, refreshed from the API by the core's `ListBookings`, as TravelText words it,
/// as Duffel's order in JSON, or as an iCalendar file; with `--accept-change`, the airline's new times accepted
/// through the core's `AcceptAirlineChange` once agreed.
@MainActor
struct BookingRun {
    /// How the booking is printed.
    enum Format: Sendable {
        /// For a person.
        case text
        /// The order as Duffel's JSON on standard output.
        case json
        /// The order's flights as an iCalendar file on standard output.
        case ics
    }

    var reference: String
    var format: Format

    /// 0 shown, 1 no such booking, 69 it could not be read (or refreshed), 73 the bookings file cannot be read.
    func show(in context: CommandContext) async -> FlowOutcome {
        await context.onBooking(reference, shown: false) { booking, _ in await write(booking, context) }
    }

    /// The booking as `format` asks.
    private func write(_ booking: Booking, _ context: CommandContext) async -> FlowOutcome {
        switch format {
        case .text:
            context.show(booking)
            if let problem = booking.refreshProblem {
                return .backendError("The booking could not be refreshed from the flight service: \(problem.message)")
            }
            return .done
        case .json:
            guard let order = readable(booking, for: "The booking's order could not be read", context) else {
                return .backendError("The booking's order could not be read.")
            }
            context.output(order, naming: "order")
            return .done
        case .ics:
            guard let order = readable(booking, for: "The booking's flights could not be read for a calendar", context) else {
                return .backendError("The booking's flights could not be read for a calendar.")
            }
            guard order.slices.contains(where: { !$0.segments.isEmpty }) else {
                let text = "Booking \(order.bookingReference) has no flights to put in a calendar."
                context.problem(text)
                return .backendError(text)
            }
            // Written as it is, CRLF line ends and all; ItineraryCalendar removed every control character of the
            // server's text, and this keeps the promise even so.
            context.terminal.write(UntrustedText.removingUnsafe(ItineraryCalendar.ics(for: order, now: context.backend.now())))
            return .done
        }
    }

    /// The order of `booking` to print as data, its warnings said for a person; `nil` when there is none (the
    /// booking shown as kept, and why said as `what` failed).
    private func readable(_ booking: Booking, for what: String, _ context: CommandContext) -> Order? {
        guard let order = booking.order else {
            let reason = booking.refreshProblem?.message
                ?? (booking.otherBackend.map { "it was booked through \($0)" } ?? "it has no order at the flight service")
            context.show(booking)
            context.problem("\(what): \(reason).")
            return nil
        }
        for warning in context.bookingText.detail(booking).warnings { context.warn(warning) }
        return order
    }

    /// `--accept-change`: the booking shown with the airline's change, then the change accepted once agreed (`--yes`,
    /// or a person at a terminal). 0 accepted (or accepted already), 1 no such booking or no change waiting, 2 not
    /// agreed, 69 it cannot be accepted here or accepting failed.
    func acceptChange(_ agreement: Agreement, in context: CommandContext) async -> FlowOutcome {
        await context.onBooking(reference) { booking, reference in await accept(booking, reference: reference, agreement, context) }
    }

    /// The airline's change waiting on `booking`, accepted once agreed.
    private func accept(_ booking: Booking, reference: String, _ agreement: Agreement, _ context: CommandContext) async -> FlowOutcome {
        guard let change = booking.waitingAirlineChange else { return noChangeWaiting(booking, reference: reference, context) }
        guard booking.canAcceptAirlineChange(acceptsAirlineChanges: true) else {
            let offered = change.availableActions.map(\.rawValue).joined(separator: ", ")
            let text = "The airline's change to booking \(reference) cannot be accepted here (it offers: \(offered.isEmpty ? "nothing through the API" : offered))."
            context.problem(text, suggestion: "Move to another flight with `flights change \(reference)`, cancel with `flights cancel \(reference)`, or call the airline.")
            return .backendError(text)
        }
        guard await context.agree(
            "Accept the airline's new times for booking \(reference)?", agreement, notDone: "Not accepted.",
            yesTo: "accept the airline's new times")
        else { return .declined }
        context.changing("Accepting the airline's new times…", reference: reference, what: "moved to the airline's new times")
        let outcome = await AcceptAirlineChange(context.trip).accept(change, of: booking)
        context.writer.hideProgress()
        switch outcome {
        case .accepted(let accepted, let recovered):
            let how = recovered ? " (its answer did not come through; the airline's list of changes shows it accepted)" : ""
            context.succeeded("Booking \(accepted.reference ?? reference) now flies the airline's new times\(how).")
            return printed(accepted, context)
        case .notAccepted(let failure):
            context.problem("The airline's change to booking \(reference) was not accepted: \(failure.message)", suggestion: failure.suggestion)
            return .backendError(failure.message)
        case .unknown(let failure, let lookup):
            let text = "The airline's change to booking \(reference) may have been accepted: the answer was lost (\(failure.message)) and its changes could not be read again (\(lookup.message))."
            context.problem(text, suggestion: "Check with `flights booking \(reference)` before accepting again.")
            return .backendError(text)
        }
    }

    /// No change waits: accepted already (done, so a script that retries does not loop), none, or not answerable here.
    private func noChangeWaiting(_ booking: Booking, reference: String, _ context: CommandContext) -> FlowOutcome {
        let order = booking.shownOrder
        if let order, order.airlineInitiatedChanges.contains(where: { $0.actionTaken == .accepted }),
           order.pendingAirlineChanges.isEmpty {
            context.inform("The airline's change to booking \(reference) is already accepted: it flies the new times.")
            if format == .json { context.output(order, naming: "order") }
            return .done
        }
        let why = booking.otherBackend.map { "it was booked through \($0), and this run talks to \(context.backend.name)" }
            ?? (order == nil ? "its order could not be read from the flight service" : nil)
        guard let why else {
            context.problem("Booking \(reference) has no schedule change from the airline waiting for an answer.")
            return .noResults
        }
        let text = "The airline's changes to booking \(reference) cannot be answered from here: \(why)."
        context.problem(text)
        return .backendError(text)
    }

    /// A booking after a change: its order as JSON on standard output with `--json`, and in full for a person.
    func printed(_ booking: Booking, _ context: CommandContext) -> FlowOutcome {
        if format == .json, let order = booking.order { context.output(order, naming: "order") }
        context.show(booking)
        return .done
    }
}
