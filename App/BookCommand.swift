import ArgumentParser
import Entities
import Foundation
import TerminalUI
import Trips

/// `flights book off_… --passengers people.json`: a booking without prompts.
struct BookCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "book",
        abstract: "Book an offer without prompts, with the passengers' details from a JSON file.",
        discussion: """
        The file holds one object per passenger of the offer, in order, with Duffel's field names: \
        title (mr, ms, mrs, miss, dr), given_name, family_name, born_on (YYYY-MM-DD), gender (m, f), email, \
        phone_number (+442080160508). Without --yes the summary and total are shown and nothing is booked (exit 2).
        """)

    @Argument(help: "The offer's id (off_…), as printed by `flights search`.")
    var offerID: String

    @Option(help: ArgumentHelp("A JSON file with the passengers' details.", valueName: "file"))
    var passengers: String

    @Flag(name: .long, help: "Book without asking.")
    var yes = false

    @Option(help: ArgumentHelp(
        "The total you agreed to, as `flights search` printed it (e.g. 412.50): a different price books nothing (exit 2).",
        valueName: "amount"))
    var total: String?

    @Flag(name: .long, help: "Hold the booking and pay later with `flights pay` (offers that can be held only).")
    var hold = false

    @Flag(name: .long, help: "Print the order as JSON.")
    var json = false

    @OptionGroup var backend: BackendOptions

    func validate() throws {
        _ = try offerIDArgument(offerID)
        _ = try agreedTotal(total)
    }

    func run() async throws {
        let travellers: [PassengersFile.Traveller]
        do {
            let data = try InputFile.read(
                passengers, limit: InputFile.passengersLimit, typical: "a passengers file is a few kilobytes")
            travellers = try PassengersFile.travellers(from: data)
        } catch let error as InputFile.Problem {
            throw badInput(error.description)
        } catch let error as DecodingError {
            throw badInput("\(passengers) is not a list of passengers in Duffel's format: \(error.readable)")
        } catch {
            throw badInput("\(passengers) cannot be read: \(FileProblem.reason(error))")
        }
        let run = BookRun(
            offerID: try offerIDArgument(offerID), travellers: travellers, assumeYes: yes, agreedTotal: try agreedTotal(total),
            hold: hold, json: json)
        let code = await CommandRuntime.run(backend, forPrograms: json) { await run.run(in: $0) }
        if code != 0 { throw ExitCode(code) }
    }
}
