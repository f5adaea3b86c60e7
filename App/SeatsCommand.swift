import ArgumentParser
import Foundation

/// `flights seats off_…`: the offer's seat maps, flight by flight, as text or Duffel's JSON. `flights seats RZPVYB`:
/// a booking's seat maps, and with `--seat ZZ117=14C` seats added to it, priced and confirmed first.
struct SeatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seats",
        abstract: "Print an offer's or a booking's seat maps, or add seats to a booking.",
        discussion: """
        For an offer (off_…), its seat maps; seats are then chosen from the review before booking, or with \
        `flights book … --passengers` ("seats": {"LHR-JFK": "14C"}). For a booking made on this machine, the seat \
        maps of the offer it was booked from; --seat FLIGHT=SEAT adds a seat (a flight by its number or route: \
        --seat ZZ117=14C, or --seat LHR-JFK=14C,14D for two passengers in the booking's order), priced before \
        anything is paid: a paid booking pays now, a held one adds the seats to what the hold costs. Add --yes (and \
        --total to agree the price) in a script. Exit codes: 0 printed or added, 1 no such booking, or the airline \
        gives no seat map or not that seat, 2 not confirmed or another price, 64 bad input, 69 the backend failed \
        or the booking takes no seats (cancelled, a lapsed hold, not booked on this machine).
        """)

    @Argument(help: "The offer's id (off_…), as `flights search --json` prints it, or a booking reference.")
    var offer: String

    @Option(name: .long, help: ArgumentHelp(
        "For a booking: a flight and its seat, one per passenger after a comma (ZZ117=14C or LHR-JFK=14C,14D).",
        valueName: "flight=seat"))
    var seat: [String] = []

    @OptionGroup var confirmation: ConfirmationOptions<SeatsCommand>

    @OptionGroup var backend: BackendOptions

    /// Whether the argument is an offer (`off_…`) rather than a booking reference.
    private var isOffer: Bool { offer.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("off_") }

    func validate() throws {
        if isOffer {
            _ = try offerIDArgument(offer)
            if !seat.isEmpty || confirmation.yes || confirmation.total != nil {
                throw ValidationError("--seat, --yes and --total are for a booking: an offer's seats are chosen when booking it.")
            }
            return
        }
        try checkReference(offer)
        _ = try confirmation.agreedAmount()
        _ = try Self.seats(seat)
        if seat.isEmpty && (confirmation.yes || confirmation.total != nil) {
            throw ValidationError("--yes and --total confirm --seat: name the seats with --seat FLIGHT=SEAT.")
        }
    }

    /// `ZZ117=14C,14D` options as one dictionary per passenger, flight to seat.
    static func seats(_ options: [String]) throws -> [[String: String]] {
        var wanted: [[String: String]] = []
        for option in options {
            let parts = option.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            let seats = parts.count == 2 ? parts[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } : []
            guard parts.count == 2, !parts[0].isEmpty, parts[0].count <= 20, !seats.isEmpty,
                  seats.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy { $0.isLetter || $0.isNumber } }) else {
                throw ValidationError("--seat is a flight and its seat: --seat ZZ117=14C, or LHR-JFK=14C,14D for two passengers.")
            }
            for (index, name) in seats.enumerated() {
                while wanted.count <= index { wanted.append([:]) }
                if wanted[index][parts[0].uppercased()] != nil {
                    throw ValidationError("--seat names flight \(parts[0]) twice for passenger \(index + 1).")
                }
                wanted[index][parts[0].uppercased()] = name.uppercased()
            }
        }
        return wanted
    }

    func run() async throws {
        let json = confirmation.json
        let code: Int32
        if isOffer {
            let offer = try offerIDArgument(offer)
            code = await CommandRuntime.run(backend, forPrograms: json) { await SeatMapsListing(json: json).offer(offer, in: $0) }
        } else if seat.isEmpty {
            let reference = offer.trimmingCharacters(in: .whitespaces).uppercased()
            code = await CommandRuntime.run(backend, forPrograms: json) { await SeatMapsListing(json: json).booking(reference, in: $0) }
        } else {
            let run = ExtrasRun(reference: offer, wanted: .seats(try Self.seats(seat)), agreement: try confirmation.agreement())
            code = await CommandRuntime.run(backend, forPrograms: json) { await run.run(in: $0) }
        }
        if code != 0 { throw ExitCode(code) }
    }
}

extension SeatsCommand: ConfirmationWording {
    static let yesHelp = "With --seat: add the seats without asking."
    static let totalHelp = "With --seat: the seats' total you agreed to (e.g. 13.00): a different price adds nothing (exit 2)."
    static let jsonHelp = "Print JSON (Duffel's seat maps, or the booking after the seats were added)."
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
