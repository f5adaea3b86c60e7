import FlightBookings
import FlightChange
import Foundation
import FlightSummary
import FlightsMCP
import Services

/// One flow run for a tool of `flights mcp`, as a command runs it but on a ``ToolTerminal``: the same modules, built
/// on the backend already started, ended by the module's outcome. What it printed for programs and said for people
/// are kept for the tool's answer.
struct FlowRun: Sendable {
    /// The JSON the flow printed (the command's `--json` output).
    var output: String
    /// What it said, line by line (progress left out).
    var said: [String]
    var outcome: FlowOutcome?
    var summaryOutcome: FlightSummaryOutcome?
    var bookingsOutcome: FlightBookingsOutcome?
    var changeOutcome: FlightChangeOutcome?

    /// Runs the flow `start` begins, with `listing` for a search and `bookingKey` as the key a booking carries.
    @MainActor
    static func run(
        _ backend: FlowServices, bookings: any BookingStore, listing: BookingFlow.Listing = .interactive,
        bookingKey: String? = nil, _ start: @MainActor (BookingFlow) -> Void
    ) async -> FlowRun {
        let terminal = ToolTerminal()
        let navigator = Navigator()
        let makeKey: @Sendable () -> String = if let bookingKey { { bookingKey } } else { { UUID().uuidString } }
        let modules = ModuleFactory(terminal: terminal, services: backend, bookings: bookings, makeBookingKey: makeKey)
        let flow = BookingFlow(navigator: navigator, modules: modules)
        flow.listing = listing
        start(flow)
        await navigator.run()
        return FlowRun(
            output: terminal.output, said: terminal.said, outcome: flow.outcome, summaryOutcome: flow.summaryOutcome,
            bookingsOutcome: flow.bookingsOutcome, changeOutcome: flow.changeOutcome)
    }

    /// The run's failure as a tool's: a wrong input, a booking not found, or the service's failure, with what the
    /// flow said as the detail.
    func failure(searching: Bool = false, reference: String? = nil) -> ToolFailure {
        let first = said.first ?? "The flight service did not answer as expected."
        switch outcome {
        case .badInput?:
            return ToolFailure(.invalidInput, first, whatToDo: "Correct what the detail names and call again.", detail: said)
        case .noResults?:
            if let reference {
                return ToolFailure(.notFound, "No booking \(reference) here or at the flight service.",
                                   whatToDo: "Check the reference with list_bookings.", detail: said)
            }
            return ToolFailure(.notFound, searching ? "Nothing was found for this search." : first,
                               whatToDo: searching ? "Try other dates, places or fewer filters." : nil, detail: said)
        case .cannotSave?, .cannotUseBookingsFile?:
            return ToolFailure(.notSaved, first, whatToDo: "Check the bookings folder can be read and written.", detail: said)
        case .declined?:
            return ToolFailure(.notPossible, "It was not done; the detail says why.", detail: said)
        case .backendError?, .done?, nil:
            // The flow's own lines say what failed and what stands (a change that may have been made says so); they
            // quote the flight service's messages, so they are the detail, and the message is ours.
            return ToolFailure(
                .serviceError, searching ? "The search failed at the flight service." : "The flight service did not do it.",
                whatToDo: "Read the detail: it says what happened and whether anything was done. If the flight service failed, try again in a moment.",
                detail: said)
        }
    }
}
