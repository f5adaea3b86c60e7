public import Foundation
public import Entities
public import Services

/// What a watch keeps to beyond its search: a window of days, a price to get under, airlines.
public struct WatchTerms: Sendable, Hashable {
    /// The last day the first leg may leave; `nil` for the search's own days.
    public var latestDeparture: CalendarDate?
    /// A total to get under.
    public var below: Decimal?
    /// Only these airlines' offers (IATA codes).
    public var airlines: [String]

    /// Creates terms.
    public init(latestDeparture: CalendarDate? = nil, below: Decimal? = nil, airlines: [String] = []) {
        self.latestDeparture = latestDeparture
        self.below = below
        self.airlines = airlines
    }
}

/// One watch's check: what it found, against the history before it.
public struct WatchCheckOutcome: Sendable, Hashable {
    /// What a check came to.
    public enum Answer: Sendable, Hashable {
        /// The lowest offer (or none), written to the history.
        case found(PriceCheck)
        /// Every search failed; nothing was written.
        case failed(ServiceError)
        /// Every day of the watch is past: nothing is searched.
        case over
        /// The watch was made on another backend (its name): its prices are not looked for here.
        case elsewhere(String)
    }

    /// The watch checked.
    public var watch: PriceWatch
    /// Its history before this check.
    public var history: [PriceCheck]
    /// What this check came to.
    public var answer: Answer

    /// Creates an outcome.
    public init(watch: PriceWatch, history: [PriceCheck], answer: Answer) {
        self.watch = watch
        self.history = history
        self.answer = answer
    }

    /// The watch with its history, this check included.
    public var summary: WatchSummary {
        guard case .found(let check) = answer else { return WatchSummary(watch: watch, history: history) }
        return WatchSummary(watch: watch, history: history + [check])
    }

    /// Whether this check's lowest went under the watch's price (the check before was not under it, or there was
    /// none): the news a timer exists for. A price that stays under is not news again.
    public var wentUnderPrice: Bool {
        guard case .found = answer, summary.isUnderPrice else { return false }
        return !WatchSummary(watch: watch, history: history).isUnderPrice
    }

    /// Whether there is anything to say: the lowest changed (or appeared, or went), the check failed, or the trip is
    /// over. A first check always says what it found.
    public var moved: Bool {
        switch answer {
        case .failed, .over: return true
        case .elsewhere: return false
        case .found(let check):
            guard let before = history.last else { return true }
            return before.lowest != check.lowest
        }
    }
}

/// Why a watch could not be added, listed, checked or removed.
public enum WatchFailure: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The search or the terms break a rule; each problem in words.
    case invalid([String])
    /// There is no watch with this number.
    case notFound(Int)
    /// The watches' store failed.
    case store(WatchStoreError)
    /// This face keeps no watches.
    case noStore
    /// The check was stopped; nothing was written.
    case cancelled

    /// A sentence a person can act on.
    public var description: String {
        switch self {
        case .invalid(let problems): problems.joined(separator: " ")
        case .notFound(let id): "There is no watch \(id); `flights watches` lists them."
        case .store(let error): error.description
        case .noStore: "Watches are not kept here."
        case .cancelled: "The check was stopped; the history is as it was."
        }
    }
}
