import Entities
import Trips
import Foundation
import Services
import TravelText

/// One line typed off a TTY, read: an offer number or a command, or why it is neither.
enum AvailabilityCommand: Equatable, Sendable {
    /// A number: choose that offer (or day, in a one-row date grid).
    case number(Int)
    /// `3b` (or `b3`, `3 b`): in a departure × return date grid, departure day 3 and return row b (from 0).
    case cell(column: Int, row: Int)
    /// `sort` alone: offer the orders.
    case sortMenu
    /// `sort duration`.
    case sort(AvailabilitySort)
    /// `filter` alone: offer the filters.
    case filterMenu
    /// `filter stops 0`, `filter carrier BA`, `filter depart morning`, `filter co2 500`, `filter clear`: the kind
    /// and its value.
    case filter(AvailabilityFilterKind, String)
    /// `clear`.
    case clearFilters
    /// `next`.
    case nextPage
    /// `prev`.
    case previousPage
    /// `dates`.
    case dates
    /// `back`.
    case back
    /// `retry`.
    case retry
    /// `watch`: keep the search as a price watch.
    case watch
    /// `help`.
    case help
    /// Nothing typed.
    case nothing
    /// Not a command: what to tell the traveller.
    case unknown(String)
}

/// What a `filter` command sets.
enum AvailabilityFilterKind: Equatable, Sendable {
    /// The most stops.
    case stops
    /// The airlines.
    case carriers
    /// The departure window.
    case departure
    /// The most CO₂, in kilograms.
    case emissions
    /// Every filter off.
    case clear
    /// A kind no filter has: the usage is explained.
    case unknown
}

/// Typed commands and answers, read as pure functions: what the traveller typed in, a command or a value out.
enum AvailabilityCommands {
    /// The words of a `filter` command that is not one.
    static let filterUsage = "Filter by stops, carrier, depart or co2 (for example: filter stops 0, filter carrier BA,VS, "
        + "filter depart 09:00-12:00, filter co2 500), or filter clear."

    /// The words of a `sort` command that is not one.
    static let sortUsage = "Sort by price, duration, departure, arrival or CO₂ (for example: sort duration, or sort co2)."

    /// Reads one typed line.
    static func read(_ line: String) -> AvailabilityCommand {
        let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let first = words.first else { return .nothing }
        if words.count == 1, let number = Int(first) { return .number(number) }
        if let cell = cell(words.joined()) { return cell }
        let argument = words.dropFirst().joined(separator: " ")
        switch first.lowercased() {
        case "sort":
            guard !argument.isEmpty else { return .sortMenu }
            guard let chosen = sortNamed(argument) else {
                return .unknown(sortUsage)
            }
            return .sort(chosen)
        case "filter", "filters":
            guard let kind = words.dropFirst().first?.lowercased() else { return .filterMenu }
            let value = words.dropFirst(2).joined(separator: " ")
            switch kind {
            case "stops", "stop": return .filter(.stops, value)
            case "carrier", "carriers", "airline", "airlines": return .filter(.carriers, value)
            case "depart", "departs", "departure", "leave", "leaving": return .filter(.departure, value)
            case "co2", "co₂", "emissions", "emission", "carbon": return .filter(.emissions, value)
            case "clear", "none", "off": return .filter(.clear, value)
            default: return .filter(.unknown, kind)
            }
        case "clear": return .clearFilters
        case "next", "n": return .nextPage
        case "prev", "previous", "p": return .previousPage
        case "dates", "date", "d": return .dates
        case "back", "b": return .back
        case "retry", "r", "again": return .retry
        case "watch", "w": return .watch
        case "help", "h", "?": return .help
        default: return .unknown("“\(line)” is not a command here. Type help to see the commands.")
        }
    }

    /// `3b`, `b3`: a departure day's number and a return row's letter (`a` to `g`).
    static func cell(_ word: String) -> AvailabilityCommand? {
        let text = word.lowercased()
        let letters = text.filter(DateGrid.rowKeys.contains)
        let digits = text.filter { $0.isASCII && $0.isWholeNumber }
        guard letters.count == 1, !digits.isEmpty, letters.count + digits.count == text.count,
              text.hasPrefix(String(letters)) || text.hasSuffix(String(letters)),
              let column = Int(digits), let letter = letters.first, let row = DateGrid.rowKeys.firstIndex(of: letter)
        else { return nil }
        return .cell(column: column, row: row)
    }

    /// An order by name or a word for it (`dur`, `cheapest`); at least three letters.
    static func sortNamed(_ name: String) -> AvailabilitySort? {
        let key = name.lowercased().trimmingCharacters(in: .whitespaces)
        guard key.count >= 3 else { return nil }
        return AvailabilitySort.allCases.first { $0.rawValue.hasPrefix(key) }
            ?? (["cheapest", "cost", "fare"].contains(key) ? .price : nil)
            ?? (["length", "time", "shortest"].contains(key) ? .duration : nil)
            ?? (["co2", "co₂", "carbon", "greenest"].contains(key) ? .emissions : nil)
    }

    /// `0`, `1`, `2`, `direct`, or `any` (no limit).
    static func parseStops(_ text: String) -> Result<Int?, InputProblem> {
        let value = text.trimmingCharacters(in: .whitespaces).lowercased()
        if ["any", "all", ""].contains(value) { return .success(nil) }
        if ["direct", "nonstop", "non-stop"].contains(value) { return .success(0) }
        guard let stops = Int(value), stops >= 0 else {
            return .failure(InputProblem(
                message: "Give the most stops as a number (0 for direct flights only), or any: “\(text)” is not one."))
        }
        return .success(stops)
    }

    /// Airline codes separated by commas or spaces (`BA,VS`), or `all`; each must fly in `offers`.
    static func parseCarriers(_ text: String, in offers: [Offer]) -> Result<Set<String>, InputProblem> {
        let codes = text.uppercased().split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init)
        if codes.isEmpty || codes == ["ALL"] || codes == ["ANY"] { return .success([]) }
        let known = AvailabilityOffers.carriers(in: offers)
        let knownCodes = Set(known.compactMap { $0.iataCode?.uppercased() })
        let listed = known.compactMap(\.iataCode).joined(separator: ", ")
        for code in codes {
            let isDesignator = code.count == 2 && code.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            guard isDesignator else {
                return .failure(InputProblem(
                    message: "“\(code)” is not an airline code: use two letters or digits, like BA or B6 (airlines here: \(listed))."))
            }
            guard knownCodes.contains(code) else {
                return .failure(InputProblem(message: "No flight in these offers is with \(code); airlines here: \(listed)."))
            }
        }
        return .success(Set(codes))
    }

    /// The most CO₂ in whole kilograms (`500`, `500 kg`, `500kg`), or `any`; `offers` must carry estimates.
    static func parseEmissions(_ text: String, in offers: [Offer]) -> Result<Int?, InputProblem> {
        var value = text.trimmingCharacters(in: .whitespaces).lowercased()
        if ["any", "all", ""].contains(value) { return .success(nil) }
        if value.hasSuffix("kg") { value = String(value.dropLast(2)).trimmingCharacters(in: .whitespaces) }
        guard value.count <= 9, value.allSatisfy({ $0.isASCII && $0.isNumber }), let kilograms = Int(value) else {
            return .failure(InputProblem(
                message: "Give the most CO₂ as whole kilograms (for example: filter co2 500), or any: “\(text)” is not one."))
        }
        guard OfferFormat.anyEmissions(offers) else {
            return .failure(InputProblem(message: "None of these offers comes with a CO₂ estimate to filter by."))
        }
        return .success(kilograms)
    }

    /// A departure window in the one grammar every screen reads (`09:00-12:00`, `9-12`, `morning`), or `any`.
    static func parseWindow(_ text: String) -> Result<TimeWindow?, InputProblem> {
        do throws(TimeWindowReader.Problem) {
            return .success(try TimeWindowReader.read(text))
        } catch {
            return .failure(InputProblem(message: error.message))
        }
    }

    /// `filters` with the `kind` typed as `value` set, or what was wrong with it.
    static func applying(
        _ kind: AvailabilityFilterKind, _ value: String, to filters: AvailabilityFilters, offers: [Offer]
    ) -> Result<AvailabilityFilters, InputProblem> {
        var changed = filters
        switch kind {
        case .stops:
            switch parseStops(value) {
            case .success(let stops): changed.maxStops = stops
            case .failure(let problem): return .failure(problem)
            }
        case .carriers:
            switch parseCarriers(value, in: offers) {
            case .success(let carriers): changed.carriers = carriers
            case .failure(let problem): return .failure(problem)
            }
        case .departure:
            switch parseWindow(value) {
            case .success(let window): changed.departureWindow = window
            case .failure(let problem): return .failure(problem)
            }
        case .emissions:
            switch parseEmissions(value, in: offers) {
            case .success(let kilograms): changed.maxEmissionsKg = kilograms
            case .failure(let problem): return .failure(problem)
            }
        case .clear:
            changed = AvailabilityFilters()
        case .unknown:
            return .failure(InputProblem(message: filterUsage))
        }
        return .success(changed)
    }

    /// Why `answer` cannot answer `question`, or `nil` when it can.
    static func problem(with answer: String, for question: AvailabilityQuestion, offers: [Offer]) -> String? {
        if case .failure(let problem) = applying(filterKind(question), answer, to: AvailabilityFilters(), offers: offers) {
            return problem.message
        }
        return nil
    }
}

extension AvailabilityCommands {
    /// The filter a question's answer sets.
    static func filterKind(_ question: AvailabilityQuestion) -> AvailabilityFilterKind {
        switch question {
        case .carriers: .carriers
        case .departureWindow: .departure
        case .maxEmissions: .emissions
        }
    }
}

/// What was wrong with something typed, in words.
struct InputProblem: Error, Equatable {
    /// The message to show.
    var message: String
}
