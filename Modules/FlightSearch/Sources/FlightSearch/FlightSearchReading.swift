import Entities
import Trips
import Foundation


/// Reads the counts, ages and time windows a traveller types. Pure: the reducer calls it.
enum FlightSearchCommands {
    /// A count typed in `range`, with `problem` as the message when it is not one.
    static func count(_ text: String, in range: ClosedRange<Int>, problem: String) throws(FlightSearchInputError) -> Int {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.count <= 3, let value = Int(trimmed), range.contains(value) else {
            throw .unreadableCount(problem)
        }
        return value
    }

    /// Children's ages typed as `4, 9` (or `4 9`); `none`, `-` or nothing for no children.
    static func childAges(_ text: String) throws(FlightSearchInputError) -> [Int] {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if noneWords.contains(trimmed) { return [] }
        let parts = trimmed.split(whereSeparator: { $0 == "," || $0 == ";" || $0.isWhitespace })
        var ages: [Int] = []
        for part in parts {
            guard part.count <= 3, let age = Int(part), age >= 0 else { throw .unreadableAges(text) }
            ages.append(age)
        }
        return ages
    }

    /// A departure window as ``TimeWindowReader`` reads it; `nil` for any time. Whether it ends after it starts is
    /// the booking rules' to say (see ``SearchRules/issues(in:complete:today:)``), in their words.
    static func departureWindow(_ text: String) throws(TimeWindowReader.Problem) -> TimeWindow? {
        try TimeWindowReader.read(text, checkOrder: false)
    }

    /// What a traveller types to leave an optional field empty.
    static let noneWords: Set<String> = ["", "none", "no", "-", "0 children", "no children", "one way", "one-way"]
}

/// Why typed text could not be read, in words that say what to type instead.
enum FlightSearchInputError: Error, Hashable, Sendable {
    /// A day that could not be read (Entities' ``TravelDateReader`` says why).
    case date(TravelDateReader.Problem)
    case unreadableCount(String)
    case unreadableAges(String)
    case unknownPlace(String)

    var message: String {
        switch self {
        case .date(let problem):
            return problem.message
        case .unreadableCount(let problem):
            return problem
        case .unreadableAges(let text):
            return "“\(text)” is not a list of ages. Type each child's age as a number, like 4, 9; or none."
        case .unknownPlace(let text):
            return "No airport or city matches “\(text)”. Try a city or an airport name, or a three-letter code."
        }
    }
}

