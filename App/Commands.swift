import ArgumentParser
import Entities
import FlightAvailability
import FlightBookings
import FlightSearch
import FlightSummary
import Foundation
import TerminalUI

// Every command here is a deep link: it enters the same modules as the interactive flow, with its input given
// and a printed presentation, and turns the flow's outcome into an exit code.

/// `flights places <text>`: the airports and cities the search would offer for a text.
struct PlacesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "places", abstract: "List the airports and cities matching a text (a code, a city, a name).")

    @Argument(help: "What you would type in From or To: `lon`, `new york`, `JFK`, `paris cdg`.")
    var text: [String]

    @Flag(name: .long, help: "Print JSON (Duffel's place objects).")
    var json = false

    @OptionGroup var backend: BackendOptions

    func run() async throws {
        let query = text.joined(separator: " ")
        let json = json
        let code = await AppRuntime.run(backend, showsBanner: false) { flow in
            flow.startSearch(FlightSearchInput(placeLookup: query, json: json))
        }
        if code != 0 { throw ExitCode(code) }
    }
}

/// `flights search LHR JFK --depart 2026-12-18 …`: offers as a table or JSON.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search offers without prompts and print them as a table or JSON.",
        discussion: """
        Places are codes (LHR, LON) or names (london heathrow); dates are 2026-12-18, tomorrow, +7, fri or 18 dec. \
        Exit codes: 0 offers printed, 1 no offers, 64 bad input, 69 the backend failed.
        """)

    @Argument(help: "Where from: an airport or city code, or a name.")
    var from: String

    @Argument(help: "Where to: an airport or city code, or a name.")
    var to: String

    @Option(help: "The departure date.")
    var depart: String

    @Option(name: .customLong("return"), help: "The return date, for a round trip (+N counts from the departure).")
    var returnDate: String?

    @Option(help: "Adults (18 and over).")
    var adults: Int = 1

    @Option(name: .customLong("child"), help: ArgumentHelp("A child's age (0–17); repeat for each child.", valueName: "age"))
    var childAges: [Int] = []

    @Option(help: "Infants under 2 on a lap (one per adult).")
    var infants: Int = 0

    @Option(help: "economy, premium_economy, business or first.")
    var cabin: String?

    @Option(help: "At most this many connections per leg (0 = direct only).")
    var maxConnections: Int?

    @Option(help: ArgumentHelp("Only flights departing in this window, like 09:00-17:00.", valueName: "window"))
    var departBetween: String?

    @Option(help: "price, duration, departure, arrival or emissions (least CO₂ first).")
    var sort: String = AvailabilitySort.price.rawValue

    @Option(help: "Print at most this many offers.")
    var limit: Int?

    @Flag(name: .long, help: "Print JSON: the offer request id, the search, and Duffel's offer objects.")
    var json = false

    @OptionGroup var backend: BackendOptions

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
        if !(1...BookingRules.maxPassengers).contains(adults) {
            throw ValidationError("--adults must be from 1 to \(BookingRules.maxPassengers).")
        }
        if infants < 0 || infants > adults {
            throw ValidationError("--infants must be from 0 to the number of adults (one infant on each adult's lap).")
        }
        if let age = childAges.first(where: { !BookingRules.childAges.contains($0) }) {
            throw ValidationError("--child \(age) is not a child's age; give an age from 0 to 17 (18 and over is an adult).")
        }
        if let maxConnections, !BookingRules.connectionRange.contains(maxConnections) {
            throw ValidationError("--max-connections must be 0, 1 or 2.")
        }
        if AvailabilitySort(rawValue: sort) == nil {
            throw ValidationError("--sort must be one of: \(AvailabilitySort.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        if let cabin, CabinClass.allCases.allSatisfy({ $0.rawValue != cabin }) {
            throw ValidationError("--cabin must be one of: \(CabinClass.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
    }

    func run() async throws {
        let input = FlightSearchInput(
            legs: [FlightSearchInput.Leg(from: from, to: to, date: depart)], returnDate: returnDate, adults: adults,
            childAges: childAges, infants: infants, cabin: cabin.map(CabinClass.init(rawValue:)),
            maxConnections: maxConnections, departureWindow: departBetween, mode: .unattended)
        let order = AvailabilitySort(rawValue: sort) ?? .price
        let listing: BookingFlow.Listing = json ? .json(sort: order, limit: limit) : .table(sort: order, limit: limit)
        let code = await AppRuntime.run(backend, showsBanner: false, listing: listing) { flow in
            flow.startSearch(input)
        }
        if code != 0 { throw ExitCode(code) }
    }
}

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
        let input = FlightSummaryInput(
            offerID: try offerIDArgument(offerID), offer: nil, search: nil,
            mode: .unattended(travellers: travellers, assumeYes: yes),
            output: json ? .json : .text, acceptedTotal: try agreedTotal(total), hold: hold)
        let code = await AppRuntime.run(backend, showsBanner: false) { flow in
            flow.startSummary(input)
        }
        if code != 0 { throw ExitCode(code) }
    }
}

/// `flights bookings`: the bookings kept on this machine.
struct BookingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bookings", abstract: "List the bookings made on this machine.")

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    @OptionGroup var backend: BackendOptions

    func run() async throws {
        let input = FlightBookingsInput(request: .list, presentation: json ? .json : .text)
        let code = await AppRuntime.run(backend, showsBanner: false) { $0.startBookings(input) }
        if code != 0 { throw ExitCode(code) }
    }
}

/// `flights booking RZPVYB`: one booking, refreshed from the API.
struct BookingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "booking", abstract: "Show one booking in full, refreshed from the API.",
        discussion: "With --ics, standard output is an iCalendar file (flights booking RZPVYB --ics > trip.ics): one "
            + "event per flight, at the airports' own times, for a calendar app; messages go to standard error.")

    @Argument(help: "The booking reference (PNR).")
    var reference: String

    @Flag(name: .long, help: "Print the order as JSON.")
    var json = false

    @Flag(name: .long, help: "Print the booking's flights as an iCalendar (.ics) file.")
    var ics = false

    @OptionGroup var backend: BackendOptions

    func validate() throws {
        try checkReference(reference)
        if json && ics { throw ValidationError("--json and --ics cannot be used together: choose one output.") }
    }

    func run() async throws {
        let presentation: FlightBookingsInput.Presentation = json ? .json : ics ? .ics : .text
        let input = FlightBookingsInput(request: .show(reference: reference), presentation: presentation)
        let code = await AppRuntime.run(backend, showsBanner: false) { $0.startBookings(input) }
        if code != 0 { throw ExitCode(code) }
    }
}

/// `flights cancel RZPVYB --yes`: the refund quote, then the cancellation.
struct CancelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cancel",
        abstract: "Cancel a booking: shows the refund, then cancels once confirmed.",
        discussion: "On a terminal it asks; in a script add --yes, or nothing is cancelled (exit 2).")

    @Argument(help: "The booking reference (PNR).")
    var reference: String

    @Flag(name: .long, help: "Cancel without asking.")
    var yes = false

    @Flag(name: .long, help: "Print the cancellation as JSON.")
    var json = false

    @OptionGroup var backend: BackendOptions

    func validate() throws { try checkReference(reference) }

    func run() async throws {
        let input = FlightBookingsInput(
            request: .cancel(reference: reference), presentation: json ? .json : .text, assumeYes: yes)
        let code = await AppRuntime.run(backend, showsBanner: false) { $0.startBookings(input) }
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

    @Flag(name: .long, help: "Pay without asking.")
    var yes = false

    @Option(help: ArgumentHelp(
        "The total you agreed to (e.g. 412.50): a different price pays nothing (exit 2).", valueName: "amount"))
    var total: String?

    @Flag(name: .long, help: "Print the paid order as JSON.")
    var json = false

    @OptionGroup var backend: BackendOptions

    func validate() throws {
        try checkReference(reference)
        _ = try agreedTotal(total)
    }

    func run() async throws {
        let input = FlightBookingsInput(
            request: .pay(reference: reference), presentation: json ? .json : .text, assumeYes: yes,
            acceptedTotal: try agreedTotal(total))
        let code = await AppRuntime.run(backend, showsBanner: false) { $0.startBookings(input) }
        if code != 0 { throw ExitCode(code) }
    }
}

/// The amount of a `--total` option (`412.50`), or `nil` when none was given.
func agreedTotal(_ text: String?) throws -> Decimal? {
    guard let text else { return nil }
    guard let money = Money(text, currency: "XXX"), money.amount > 0 else {
        throw ValidationError("--total is an amount such as 412.50.")
    }
    return money.amount
}

/// Refuses what cannot be a booking reference (empty, or longer than any airline's) before anything is looked up.
func checkReference(_ reference: String) throws {
    let trimmed = reference.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty, trimmed.count <= 32 else {
        throw ValidationError("A booking reference is 1 to 32 letters and digits, like RZPVYB (see `flights bookings`).")
    }
}

/// Says why a command cannot go on, on standard error, and gives the exit code for bad input. Problems found
/// inside `run()` are not usage errors, so ArgumentParser's usage text would only bury the message.
func badInput(_ message: String) -> ExitCode {
    FileHandle.standardError.write(Data("flights: \(UntrustedText.visible(message))\n".utf8))
    return ExitCode(FlowOutcome.badInput.exitCode)
}

extension DecodingError {
    /// Where and why, without the file's contents.
    var readable: String {
        switch self {
        case .keyNotFound(let key, let context):
            return "\(Self.path(context.codingPath + [key])) is missing"
        case .typeMismatch(let type, let context):
            // In the file's terms ("a list"), never Swift's ("Array<Any>").
            let path = Self.path(context.codingPath)
            return "\(path.isEmpty ? "the file" : path) should be \(Self.kind(of: type))"
        case .valueNotFound(_, let context), .dataCorrupted(let context):
            let path = Self.path(context.codingPath)
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        @unknown default:
            return "\(self)"
        }
    }

    /// What a JSON value of `type` is called in a file: a list, an object, text, a number.
    private static func kind(of type: Any.Type) -> String {
        let name = String(describing: type)
        if name.hasPrefix("Array") { return "a list ([…])" }
        if name.hasPrefix("Dictionary") { return "an object ({…}) with named fields" }
        if name == "String" { return "text in quotes" }
        if name == "Bool" { return "true or false" }
        if ["Int", "Double", "Decimal", "Float"].contains(where: name.hasPrefix) { return "a number" }
        return "another kind of value"
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            .trimmingCharacters(in: CharacterSet(charactersIn: "."))
    }
}
