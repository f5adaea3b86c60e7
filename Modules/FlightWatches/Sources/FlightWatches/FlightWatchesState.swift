import Entities
import Foundation
import ModuleCore
import TerminalUI
import Trips

/// Everything the FlightWatches screen knows, as a value: the watches with their history, which is highlighted or
/// open, and what it is waiting for.
struct FlightWatchesState: Codable, Equatable, Sendable {
    /// What the screen waits for.
    enum Busy: Codable, Equatable, Sendable {
        case loading
        case checking(Int)
        case removing(Int)
    }

    /// Keys (Esc goes back) or lines (`b`).
    var isInteractive: Bool
    /// The terminal's width: the list and the chart are laid out at it.
    var columns: Int
    /// The traveller's time zone (its identifier): each check's time is shown on its clock.
    var timeZone: String
    /// The watches with their history, oldest first; `nil` until read.
    var watches: [WatchSummary]?
    /// The row highlighted in the list.
    var highlight = 0
    /// The watch shown in full (its number); `nil` for the list.
    var opened: Int?
    /// The watch to open once the list is read (the input's).
    var openOnLoad: Int?
    /// The watch whose removal is being asked about.
    var confirmingRemoval: Int?
    /// What the screen waits for.
    var busy: Busy?
    /// Why the watches could not be read.
    var failure: String?
    /// What the last check or removal said, shown under the page until the next key.
    var said: Notice?
    /// Left through the router: nothing more is asked.
    var isDone = false
    /// The traveller's today when the screen was built: a window's days already past are not searched again.
    var today: CalendarDate?

    init(input: FlightWatchesInput, isInteractive: Bool, columns: Int, timeZone: String, today: CalendarDate? = nil) {
        self.today = today
        self.isInteractive = isInteractive
        self.columns = columns
        self.timeZone = timeZone
        openOnLoad = input.open
    }

    /// The watch shown in full.
    var openedWatch: WatchSummary? { watches?.first { $0.watch.id == opened } }
}

/// Every input and every answer the FlightWatches screen receives.
enum FlightWatchesAction: Codable, Sendable, Equatable {
    /// The screen is shown (first, or again: the watches are read again, a check elsewhere may have moved them).
    case appeared
    /// The watches were read, or could not be.
    case loaded(Outcome<[WatchSummary], WatchFailure>)
    /// A row of the list chosen: that watch in full.
    case chose(Int)
    /// `s` on a watch: search it again, its offers shown.
    case searchTapped
    /// `c` on a watch: check it now.
    case checkTapped
    /// `x` on a watch: remove it (asked first).
    case removeTapped
    /// The answer to "Remove watch N?".
    case removeAnswered(Bool)
    /// The check answered: what it said.
    case checked(Outcome<String, WatchFailure>)
    /// The watch was removed (its number), or could not be.
    case removed(Outcome<Int, WatchFailure>)
    /// Esc or `b`: from a watch to the list, from the list out.
    case back
    /// Ctrl-C, or the end of the input: out.
    case interrupted, inputEnded
}
