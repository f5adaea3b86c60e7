import Entities
import Foundation
import ModuleCore
import Services

/// Every user event and every service answer the availability screen receives.
enum FlightAvailabilityAction: Codable, Sendable, Equatable {
    /// The screen is shown (first, or again).
    case appeared
    /// The screen was covered or removed: the work in flight stops; it starts again if the screen comes back.
    case disappeared
    /// Ctrl-C: cancels a running search, otherwise ends the screen like the end of input.
    case interrupted
    /// The input ended.
    case inputEnded
    /// A line typed off a TTY (or a line given on a TTY): an offer number or a command.
    case entered(String)
    /// Esc, `b`: leave the flexible dates, or go back to the search.
    case back
    /// Esc while the spinner turns: stop the search and stay.
    case cancelLoading
    /// Enter: choose the highlighted offer or day.
    case enterPressed
    /// ↑/↓: move the highlight by this much.
    case moved(Int)
    /// A digit key (0 to 9).
    case typedDigit(Int)
    /// `n`, Page Down.
    case nextPage
    /// `p`, Page Up.
    case previousPage
    /// `s`: offer the orders.
    case sortTapped
    /// `f`: offer the filters.
    case filterTapped
    /// `c`: every offer again.
    case clearFilters
    /// `d`: the cheapest price per day around the date.
    case datesTapped
    /// `r`: search again (the failed days, in the flexible dates).
    case retry
    /// `?`: the keys.
    case helpTapped
    /// The help was read.
    case helpDismissed
    /// A list or question was left without an answer.
    case promptDismissed
    /// An option chosen from a list the screen offered.
    case chose(Int, in: AvailabilityChoice)
    /// A typed answer to a question the screen asked.
    case answered(String, to: AvailabilityQuestion)
    /// The search with this id answered.
    case searchAnswered(id: Int, Outcome<OfferSearchResult, ServiceError>)
    /// The search of one flexible day answered: the cheapest total, `nil` for no offers.
    case fareAnswered(id: Int, date: CalendarDate, Outcome<Money?, ServiceError>)
}
