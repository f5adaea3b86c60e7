import ArgumentParser
import Entities
import FlightChange
import Foundation
import Trips

/// `flights change RZPVXC --flight 2 --date +3 --yes`: a booked flight moved to another day.
struct ChangeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "change",
        abstract: "Move a booked flight to another day: the airline's change offers, then the change once confirmed.",
        discussion: """
            Name each flight that moves and its new day: --flight 2 --date 29dec moves the return (flight 1 is the \
            outbound; a multi-city trip counts its legs). A day is typed as in a search: 2026-12-29, 29 dec, fri, or \
            +3 (three days after the booked one). The airline's change offers are listed, numbered, cheapest first; \
            the cheapest, or the one --offer names (its number in the list, or its id: --offer 2, --offer oco_…), is \
            read again and shown with its total (the fare difference and the change fee, or what comes back); it is \
            made with --yes, and with --total only at that total (exit 2 otherwise, nothing changed). On a terminal, \
            without --flight, it asks. A lost answer is checked by reading the change, never by sending it twice.
            """)

    @Argument(help: "The booking reference (PNR).")
    var reference: String

    @Option(name: .long, help: ArgumentHelp("A flight of the booking to move: 1 the outbound, 2 the return.", valueName: "n"))
    var flight: [Int] = []

    @Option(name: .long, help: ArgumentHelp("Its new day (2026-12-29, 29 dec, +3), once per --flight.", valueName: "day"))
    var date: [String] = []

    @Option(name: .long, help: ArgumentHelp("The cabin of the new flights: economy, premium, business or first.", valueName: "cabin"))
    var cabin: String?

    @Option(name: .long, help: ArgumentHelp(
        "Which of the airline's change offers to take: its number in the list, or its id (oco_…); the cheapest when not given.",
        valueName: "n|id"))
    var offer: String?

    @OptionGroup var confirmation: ConfirmationOptions<ChangeCommand>

    @OptionGroup var backend: BackendOptions

    func validate() throws {
        try checkReference(reference)
        _ = try confirmation.agreedAmount()
        guard flight.count == date.count else {
            throw ValidationError("Give one --date for each --flight, in the same order (--flight 2 --date 29dec).")
        }
        for number in flight where number < 1 {
            throw ValidationError("--flight counts the booking's flights from 1 (1 the outbound, 2 the return).")
        }
        _ = try cabinClass()
        _ = try choice()
        if offer != nil, flight.isEmpty {
            throw ValidationError("--offer chooses among the offers for --flight and --date: name the flight and its day too.")
        }
    }

    /// The offer `--offer` chooses.
    func choice() throws -> ChangeRun.Choice {
        guard let offer = offer?.trimmingCharacters(in: .whitespaces) else { return .cheapest }
        if let number = Int(offer) {
            guard number >= 1 else { throw ValidationError("--offer counts the listed offers from 1.") }
            return .number(number)
        }
        guard offer.hasPrefix("oco_"), offer.count <= 100, offer.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
        else { throw ValidationError("--offer is an offer's number in the list (2) or its id (oco_…).") }
        return .id(offer)
    }

    /// The cabin named by `--cabin`, if any.
    func cabinClass() throws -> CabinClass? {
        guard let cabin else { return nil }
        guard let found = CabinClass(typed: cabin) else {
            throw ValidationError("--cabin is economy, premium, business or first.")
        }
        return found
    }

    func run() async throws {
        let moves = zip(flight, date).map { ChangePlan.Move(slice: $0 - 1, day: $1) }
        let reference = reference.uppercased()
        let code: Int32
        if moves.isEmpty {
            // Nothing said: the change screen asks (on a terminal, or typed lines).
            code = await AppRuntime.run(backend, showsBanner: false) { $0.startChange(FlightChangeInput(reference: reference)) }
        } else {
            let run = ChangeRun(
                plan: ChangePlan(moves: moves, cabin: try cabinClass()), choice: try choice(), json: confirmation.json,
                assumeYes: confirmation.yes, agreedTotal: try confirmation.agreedAmount())
            code = await CommandRuntime.run(backend, forPrograms: confirmation.json) { await run.run(reference, in: $0) }
        }
        if code != 0 { throw ExitCode(code) }
    }
}

extension ChangeCommand: ConfirmationWording {
    static let yesHelp = "Make the change without asking."
    static let totalHelp =
        "The change total you agreed to (e.g. 55.00, or --total=-12.40 for money back): a different total changes nothing (exit 2)."
    static let jsonHelp = "Print the change to confirm, or the booking after it, as JSON."
    static let totalMayGiveMoneyBack = true
}
