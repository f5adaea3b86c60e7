import Entities
import Foundation

/// What the seats-and-bags tests read: an offer with one flight, its seat maps as `flights seats` prints them (JSON
/// and the drawn grid), the bags the sandbox sells with it, and the seats screen and review on a terminal.
enum SeatsAndBags {
    /// The first one-adult offer of next month's LHR → JFK search with a single flight (one slice, one segment).
    static func directOffer(_ app: FlightsApp) async throws -> Offer {
        let run = try await app.run(["search", "LHR", "JFK", "--depart", TravelData.nextMonthISO, "--json"])
        guard run.status == 0 else { throw EndToEndFailure("the search failed:\n\(run)") }
        let offers = try DuffelJSON.decoder().decode(SearchOutput.self, from: Data(run.output.utf8)).offers
        guard let offer = offers.first(where: {
            $0.passengers.count == 1 && $0.slices.count == 1 && $0.slices.first?.segments.count == 1
        }) else { throw EndToEndFailure("no direct offer in the search:\n\(run)") }
        return offer
    }

    /// What `flights seats OFFER --json` prints: Duffel's `{"data": [seat map, …]}`.
    static func seatMaps(json: String) throws -> [SeatMap] {
        try DuffelJSON.decoder().decode(Page<SeatMap>.self, from: Data(json.utf8)).items
    }

    /// The symbol a map with no passenger's turn draws for `seat`: `x` taken, `$` at a price, `.` free.
    static func symbol(_ seat: SeatElement) -> Character {
        if seat.isTaken { return "x" }
        return seat.availableServices.contains { $0.totalAmount.amount > 0 } ? "$" : "."
    }

    /// One seat as a drawn grid shows it.
    struct DrawnSeat: Equatable {
        var designator: String
        var symbol: Character
    }

    /// The seats of the first grid in `text`, front to back and left to right: each row's symbols read under the
    /// letters of the column header (`A  B  C    D  E  F`), up to the legend. A cursor (`[.]`) keeps its symbol
    /// under the letter.
    static func grid(in text: String) -> [DrawnSeat] {
        let lines = text.components(separatedBy: "\n")
        guard let headerIndex = lines.firstIndex(where: isColumnHeader) else { return [] }
        let header = Array(lines[headerIndex])
        let columns = header.indices.filter { header[$0].isLetter }
        var seats: [DrawnSeat] = []
        for line in lines[(headerIndex + 1)...] {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix(". free") { break }
            guard let row = Screen.firstMatch(#"^\s*(\d+) "#, in: line) else { continue }
            let characters = Array(line)
            for index in columns where index < characters.count && characters[index] != " " {
                seats.append(DrawnSeat(designator: row + String(header[index]), symbol: characters[index]))
            }
        }
        return seats
    }

    private static func isColumnHeader(_ line: String) -> Bool {
        let words = line.split(separator: " ")
        return !words.isEmpty && words.allSatisfy { $0.count == 1 && $0.allSatisfy { $0.isLetter && $0.isUppercase } }
    }

    /// The offer as the sandbox sells it with its extras (`GET /air/offers/{id}?return_available_services=true`),
    /// asked of a sandbox of our own in a directory of its own (the sandbox's offer ids are valid in any).
    static func offerWithServices(_ id: String, app: FlightsApp) async throws -> Offer {
        try await SandboxOrders.withClient(in: app.root.appendingPathComponent("extras-sandbox", isDirectory: true)) {
            try await $0.extrasService.offerWithServices(id: id)
        }
    }

    /// The extra checked bag `offer` sells to its first passenger on its first leg.
    static func checkedBag(_ offer: Offer) throws -> AvailableService {
        let passenger = offer.passengers.first?.id ?? ""
        guard let bag = (offer.availableServices ?? []).first(where: {
            $0.type == .baggage && $0.passengerIds.contains(passenger) && ($0.metadata?.baggageType ?? .checked) == .checked
        }) else { throw EndToEndFailure("the sandbox sells no checked bag with \(offer.id): \(offer.availableServices ?? [])") }
        return bag
    }

    /// One adult (the details `TravelData.passengersFile` gives) asking for `seats` and `bags`, as JSON.
    static func passengersFile(seats: [String: String], bags: Any?) throws -> String {
        let base = try TravelData.passengersFile()
        guard var passengers = try JSONSerialization.jsonObject(with: Data(base.utf8)) as? [[String: Any]],
              !passengers.isEmpty else { throw EndToEndFailure("the passengers file is not a list: \(base)") }
        if !seats.isEmpty { passengers[0]["seats"] = seats }
        if let bags { passengers[0]["bags"] = bags }
        let data = try JSONSerialization.data(withJSONObject: passengers, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: The screens on a terminal

    /// The number of the last option on the screen whose text starts with `label` (`  2. Choose seats`).
    static func option(_ label: String, in screen: String) -> String? {
        screen.components(separatedBy: "\n").reversed().lazy.compactMap { line -> String? in
            guard let number = Screen.firstMatch(#"^[›\s]*(\d+)\. "#, in: line),
                  let range = line.range(of: "\(number). ") else { return nil }
            return line[range.upperBound...].hasPrefix(label) ? number : nil
        }.first
    }

    /// The seat under the cursor, from the line under the map (`30A · Exit row seat · £48.00 · Do not seat…`), with
    /// its price for the passenger: zero when free, `nil` when taken or not offered.
    static func cursor(in screen: String) -> (seat: String, price: Decimal?)? {
        guard let line = screen.components(separatedBy: "\n").last(where: {
            $0.range(of: #"^\s+\d{1,3}[A-Z] · "#, options: .regularExpression) != nil
        }) else { return nil }
        let parts = line.trimmingCharacters(in: .whitespaces).components(separatedBy: " · ")
        let price = parts.dropFirst().lazy.compactMap { part -> Decimal? in
            part == "free" ? 0 : (part.hasPrefix("£") ? amount(part) : nil)
        }.first
        return (parts[0], price)
    }

    /// The flight whose map is shown: `ZZ117`, from `  ZZ117 · LHR → JFK · Boeing 787-9 · Economy`.
    static func shownFlight(in screen: String) -> String? {
        Screen.firstMatch(#"(?m)^\s+([A-Z0-9]{2}\d{1,4}) · [A-Z]{3} → [A-Z]{3}"#, in: screen)
    }

    /// A seat chosen, as the seats screen's review lists it (`  FI1953 LHR → KEF: passenger 1 3B (£13.00)`).
    struct ChosenSeat: Equatable, CustomStringConvertible {
        var flight: String
        var seat: String
        var price: Decimal
        var description: String { "\(seat) on \(flight) for \(price)" }
    }

    /// Every seat the seats screen's review lists under "Chosen".
    static func chosenSeats(in screen: String) -> [ChosenSeat] {
        screen.components(separatedBy: "\n").compactMap { line in
            let pattern = #"^\s+(\S+) [A-Z]{3} → [A-Z]{3}: passenger 1 (\d{1,3}[A-Z]) \((free|£[0-9.,]+)\)"#
            guard let expression = try? NSRegularExpression(pattern: pattern),
                  let match = expression.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)),
                  let flight = Range(match.range(at: 1), in: line), let seat = Range(match.range(at: 2), in: line),
                  let price = Range(match.range(at: 3), in: line) else { return nil }
            let text = String(line[price])
            guard let amount = text == "free" ? 0 : amount(text) else { return nil }
            return ChosenSeat(flight: String(line[flight]), seat: String(line[seat]), price: amount)
        }
    }

    /// The amount of the last `label  £123.45` on the screen (`Total with extras`, `Total`).
    static func amount(after label: String, in text: String) -> Decimal? {
        let pattern = NSRegularExpression.escapedPattern(for: label) + #"\s+(£[0-9,]+\.[0-9]{2})"#
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return nil }
        let matches = expression.matches(in: text, range: NSRange(text.startIndex..., in: text))
        guard let last = matches.last, let range = Range(last.range(at: 1), in: text) else { return nil }
        return amount(String(text[range]))
    }

    /// `£1,234.50` as a number.
    static func amount(_ text: String) -> Decimal? {
        Decimal(string: text.replacingOccurrences(of: "£", with: "").replacingOccurrences(of: ",", with: ""))
    }
}
