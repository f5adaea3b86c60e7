import ArgumentParser
import Foundation

/// `flights seats off_…`: the offer's seat maps, flight by flight, as text or Duffel's JSON.
struct SeatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seats",
        abstract: "Print an offer's seat maps: free, priced and taken seats on each flight.",
        discussion: """
        Seats are chosen interactively from the review before booking, or with `flights book … --passengers` \
        ("seats": {"LHR-JFK": "14C"}). Exit codes: 0 printed, 1 the airline gives no seat map, 64 bad input, \
        69 the backend failed.
        """)

    @Argument(help: "The offer's id (off_…), as `flights search --json` prints it.")
    var offer: String

    @Flag(name: .long, help: "Print JSON (Duffel's seat maps).")
    var json = false

    @OptionGroup var backend: BackendOptions

    func validate() throws {
        _ = try offerIDArgument(offer)
    }

    func run() async throws {
        let offer = try offerIDArgument(offer)
        let json = json
        let code = await AppRuntime.run(backend, showsBanner: false) { flow in
            flow.startSeats(offerID: offer, json: json)
        }
        if code != 0 { throw ExitCode(code) }
    }
}

/// An offer id as given on the command line, trimmed; what cannot be one (empty, blank inside, longer than any) is
/// refused before anything is sent.
func offerIDArgument(_ text: String) throws -> String {
    let id = text.trimmingCharacters(in: .whitespaces)
    guard !id.isEmpty, id.count <= 200, !id.contains(where: \.isWhitespace) else {
        throw ValidationError("Give the offer's id (off_…) as `flights search --json` prints it.")
    }
    return id
}
