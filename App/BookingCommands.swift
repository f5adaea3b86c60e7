import ArgumentParser
import Entities
import Foundation
import TerminalUI
import TravelText
import Services
import Trips

/// `flights bookings`: the bookings kept on this machine.
struct BookingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bookings", abstract: "List the bookings made on this machine.")

    @Flag(name: .long, help: "Print the records as JSON, each with airline_change_waiting when the airline changed its times.")
    var json = false

    @OptionGroup var backend: BackendOptions

    func run() async throws {
        let json = json
        let code = await CommandRuntime.run(backend, forPrograms: json) { await Self.list(json: json, in: $0) }
        if code != 0 { throw ExitCode(code) }
    }

    /// The bookings kept here, pending ones settled by the core's `ListBookings`: TravelText's list, or the records as
    /// JSON (what was settled said on standard error). 0 listed, 73 the bookings file cannot be read.
    @MainActor
    static func list(json: Bool, in context: CommandContext) async -> FlowOutcome {
        context.progress("Reading your bookings…")
        let result = await ListBookings(context.trip).list()
        context.writer.hideProgress()
        switch result {
        case .failure(let error):
            context.problem(error.description)
            return .cannotUseBookingsFile
        case .success(let list):
            let timeZone = context.backend.timeZone
            let notes = BookingListViewModel.notes(list, timeZone: timeZone)
            guard json else {
                let notFound = list.reconciliations.compactMap { outcome -> String? in
                    if case .notFound(let record) = outcome { record.bookingKey } else { nil }
                }
                let shown = BookingListViewModel(
                    records: list.records, pendingNotFoundKeys: notFound, changesWaiting: list.changesWaiting ?? [],
                    highlight: nil, now: context.backend.now(), timeZone: timeZone, location: context.trip.storeLocation,
                    notes: notes)
                context.show(shown.blocks(fitted: false))
                return .done
            }
            for note in notes { context.writer.show(.message(note)) }
            do throws(ServiceError) {
                context.output(try CommandJSON.text(CommandJSON.ListedBooking.records(of: list), naming: "bookings"))
                return .done
            } catch {
                context.failure(error)
                return .backendError(error.description)
            }
        }
    }
}

/// `flights booking RZPVYB`: one booking, refreshed from the API; `--accept-change --yes` accepts the airline's new
/// times.
struct BookingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "booking", abstract: "Show one booking in full, refreshed from the API.",
        discussion: """
            With --ics, standard output is an iCalendar file (flights booking RZPVYB --ics > trip.ics): one event per \
            flight, at the airports' own times, for a calendar app; messages go to standard error. When the airline \
            changed a flight's times, the booking shows its flights as they were and as they are now, and what that \
            does to a connection; --accept-change accepts the new times (asked on a terminal; in a script add --yes, \
            or nothing is accepted: exit 2). Exit codes: 0 shown or accepted, 1 no such booking or no change \
            waiting, 2 not confirmed, 69 the backend failed or the change cannot be accepted here.
            """)

    @Argument(help: "The booking reference (PNR).")
    var reference: String

    @Flag(name: .long, help: "Print the order as JSON.")
    var json = false

    @Flag(name: .long, help: "Print the booking's flights as an iCalendar (.ics) file.")
    var ics = false

    @Flag(name: .long, help: "Accept the airline's schedule change waiting on the booking.")
    var acceptChange = false

    @Flag(name: .long, help: "With --accept-change: accept without asking.")
    var yes = false

    @OptionGroup var backend: BackendOptions

    func validate() throws {
        try checkReference(reference)
        if json && ics { throw ValidationError("--json and --ics cannot be used together: choose one output.") }
        if acceptChange && ics { throw ValidationError("--accept-change prints the booking, not a calendar: leave out --ics.") }
        if yes && !acceptChange { throw ValidationError("--yes confirms --accept-change: add --accept-change, or leave out --yes.") }
    }

    func run() async throws {
        let run = BookingRun(reference: reference, format: json ? .json : ics ? .ics : .text)
        let acceptChange = acceptChange, yes = yes
        let code = await CommandRuntime.run(backend, forPrograms: json || ics) { context in
            acceptChange ? await run.acceptChange(Agreement(assumeYes: yes), in: context) : await run.show(in: context)
        }
        if code != 0 { throw ExitCode(code) }
    }
}

/// `flights cancel RZPVYB --yes`: the refund quote, then the cancellation; `--refund` cancels only at the refund agreed.
struct CancelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cancel",
        abstract: "Cancel a booking: shows the refund, then cancels once confirmed.",
        discussion: """
            On a terminal it asks; in a script add --yes, or nothing is cancelled (exit 2). With --refund, only a \
            quote that refunds that amount is confirmed (--refund 0 when nothing comes back): another refund cancels \
            nothing (exit 2) and says the refund now.
            """)

    @Argument(help: "The booking reference (PNR).")
    var reference: String

    @Flag(name: .long, help: "Cancel without asking.")
    var yes = false

    @Option(help: ArgumentHelp(
        "The refund you agreed to (e.g. 372.50, or 0): a different refund cancels nothing (exit 2).", valueName: "amount"))
    var refund: String?

    @Flag(name: .long, help: "Print the cancellation as JSON.")
    var json = false

    @OptionGroup var backend: BackendOptions

    func validate() throws {
        try checkReference(reference)
        _ = try agreedRefund(refund)
    }

    func run() async throws {
        let run = CancelRun(reference: reference, agreement: Agreement(assumeYes: yes, amount: try agreedRefund(refund), json: json))
        let code = await CommandRuntime.run(backend, forPrograms: json) { await run.run(in: $0) }
        if code != 0 { throw ExitCode(code) }
    }
}

/// `flights pay RZPVYB --yes`: the held booking's current total, then the payment.
struct PayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pay",
        abstract: "Pay for a held booking: checks its current price, then pays it once confirmed.",
        discussion: """
            On a terminal it asks; in a script add --yes, or nothing is paid (exit 2). A price the airline changed \
            is never paid without a new confirmation (exit 2, with the new total); a hold past its deadline cannot \
            be paid.
            """)

    @Argument(help: "The booking reference (PNR).")
    var reference: String

    @OptionGroup var confirmation: ConfirmationOptions<PayCommand>

    @OptionGroup var backend: BackendOptions

    func validate() throws {
        try checkReference(reference)
        _ = try confirmation.agreedAmount()
    }

    func run() async throws {
        let run = PayRun(reference: reference, agreement: try confirmation.agreement())
        let code = await CommandRuntime.run(backend, forPrograms: confirmation.json) { await run.run(in: $0) }
        if code != 0 { throw ExitCode(code) }
    }
}

extension PayCommand: ConfirmationWording {
    static let yesHelp = "Pay without asking."
    static let totalHelp = "The total you agreed to (e.g. 412.50): a different price pays nothing (exit 2)."
    static let jsonHelp = "Print the paid order as JSON."
}
