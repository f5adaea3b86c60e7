import ArgumentParser
import Foundation

/// `flights add-bags RZPVYB --yes`: checked bags added to a booking already made, priced before anything is paid.
struct AddBagsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-bags",
        abstract: "Add checked bags to a booking: the airline's price first, then the bags once confirmed.",
        discussion: """
            Adds --bags checked bags (1 unless given) for each passenger on each flight, the cheapest the airline \
            sells. A paid booking pays them now; a held booking adds them to what the hold costs, paid with it \
            (`flights pay`) — the only way a hold gets extras. On a terminal it asks; in a script add --yes, and \
            --total to add them only at that price (exit 2 otherwise, nothing added; when bags are sold for only some \
            passengers and flights, only --total adds those). Exit codes: 0 added, 1 no such booking or no bags \
            sold, 2 not confirmed or another price, 64 bad input, 69 the backend failed or the booking takes no \
            extras (cancelled, a lapsed hold, booked elsewhere). A lost answer is checked by reading the booking, \
            never by adding twice.
            """)

    @Argument(help: "The booking reference (PNR).")
    var reference: String

    @Option(name: .long, help: ArgumentHelp("Checked bags for each passenger on each flight (1–3).", valueName: "n"))
    var bags = 1

    @OptionGroup var confirmation: ConfirmationOptions<AddBagsCommand>

    @OptionGroup var backend: BackendOptions

    func validate() throws {
        try checkReference(reference)
        _ = try confirmation.agreedAmount()
        guard (1...3).contains(bags) else { throw ValidationError("--bags is 1, 2 or 3 checked bags for each passenger.") }
    }

    func run() async throws {
        let run = ExtrasRun(reference: reference, wanted: .bags(perPassenger: bags), agreement: try confirmation.agreement())
        let code = await CommandRuntime.run(backend, forPrograms: confirmation.json) { await run.run(in: $0) }
        if code != 0 { throw ExitCode(code) }
    }
}

extension AddBagsCommand: ConfirmationWording {
    static let yesHelp = "Add the bags without asking."
    static let totalHelp = "The bags' total you agreed to (e.g. 60.00): a different price adds nothing (exit 2)."
    static let jsonHelp = "Print the booking after it as JSON."
}
