import Entities
import Trips
import ModuleCore
import Services
import TerminalUI

/// Where the traveller is in the form.
enum FlightSearchStep: Hashable, Sendable, Codable {
    case origin(leg: Int)
    case destination(leg: Int)
    case departure(leg: Int)
    case returnDate
    /// Picking one of the places suggested for what was typed in a place field.
    case choosePlace(SearchField)
    /// The whole search on one line: Enter searches, a letter changes something.
    case review
    /// The legs of a multi-city trip: add, remove, change.
    case legs
    case adults
    case children
    case infants
    case cabin
    case connections
    case departureWindow
    /// Back at the first question, where there is nothing to go back to: whether to leave is asked.
    case leaving
    /// Handed over to the router (searched or left); nothing is asked until the screen is shown again.
    case done
}

/// Everything the search screen knows: what the input gave, the form filled in so far, where the traveller is in
/// it, and the place look-up under way.
struct FlightSearchState: Codable, Equatable, Sendable {
    /// A run of steps the traveller goes through in order, and where Back leads from its first step.
    struct Plan: Equatable, Codable, Sendable {
        /// Where Back leads from the plan's first step.
        enum Exit: Equatable, Codable, Sendable {
            /// Leave the screen: the first step of the form.
            case leave
            /// Back to the one-line review.
            case review
            /// Back to the list of legs (dropping a leg being added).
            case legs
        }

        var steps: [FlightSearchStep]
        var exit: Exit
    }

    /// Text typed into a place field whose look-up failed or was cut short.
    struct RetryText: Equatable, Codable, Sendable {
        var step: FlightSearchStep
        var text: String
    }

    /// A place look-up under way: its request id, the text sent and the field it is for.
    struct Lookup: Equatable, Codable, Sendable {
        var id: Int
        var text: String
        var field: SearchField
    }

    /// What the traveller (or the composer) gave.
    var input: FlightSearchInput
    /// Today in the traveller's time zone, as read when the screen last appeared.
    var today: CalendarDate
    /// Whether the screen is on a TTY: keys act at once, a list leaves its own line, a look-up shows a spinner.
    var isInteractive: Bool
    /// The terminal's width when the screen was built, for the lines that wrap between items (key help, summary).
    var columns: Int
    /// The form as filled in so far.
    var draft: SearchDraft
    /// Where the traveller is.
    var step: FlightSearchStep = .origin(leg: 0)
    /// The run of steps being gone through, and the position in it.
    var plan = Plan(steps: [.origin(leg: 0)], exit: .leave)
    var position = 0
    /// Text the input gave for a step, read as if typed when the step comes up.
    var prefill: [FlightSearchStep: String] = [:]
    /// What a place field's list offers, while it is shown.
    var suggestions: [Place] = []
    /// Text typed into a place field whose look-up failed or was cut short: offered again as the default, so Enter
    /// retries it and nothing typed is lost.
    var retryText: RetryText?
    /// The leg being added from the list of legs, dropped if the traveller backs out of it.
    var addingLeg: Int?
    /// The form as shown when the screen came back to the review; part of the page until it next appears.
    var shownForm: [KeyValueList.Row]?
    /// What the input gave that could not be used, said under the header when the screen first appears.
    var inputProblems: [String] = []
    /// How many times the screen has appeared.
    var appearances = 0
    /// The id of the last place look-up asked for; answers to older ones are ignored.
    var lastLookupID = 0
    /// The place look-up under way, if any.
    var lookup: Lookup?

    /// A screen that starts on `input`, on `today`, on a terminal `columns` wide (a TTY when `isInteractive`).
    init(input: FlightSearchInput, today: CalendarDate, isInteractive: Bool, columns: Int = 80) {
        self.input = input
        self.today = today
        self.isInteractive = isInteractive
        self.columns = columns
        self.draft = SearchDraft(input: input)
    }

    /// The key that goes back a step, as hints name it: `Esc` on a TTY, `b` elsewhere.
    var backKey: String { isInteractive ? "Esc" : "b" }
}

/// Every user event of the search screen and every service answer, as data.
enum FlightSearchAction: Codable, Sendable, Equatable {
    /// The screen is shown (first, or again after availability was popped), on `today`.
    case appeared(today: CalendarDate)
    /// A line was entered (the default when nothing was typed), or a key of the review or the legs.
    case entered(String)
    /// An option of the list on screen was chosen.
    case chose(Int)
    /// Esc on a TTY, `b` on a pipe: back a step.
    case back
    /// Ctrl-C.
    case interrupted
    /// The end of the input (two Ctrl-Ds, or a pipe ran dry).
    case inputEnded
    /// The place service answered the look-up `id`.
    case placesAnswered(id: Int, Outcome<[Place], ServiceError>)
}

/// What must happen outside the search screen's rules.
typealias FlightSearchEffect = ScreenEffect<FlightSearchWork, FlightSearchRoute>

/// The search screen's service calls. Their answers come back as actions; what they mean is the reducer's to say.
enum FlightSearchWork: ScreenWork {
    /// The ids the work runs under: a newer look-up replaces an older one, and all stop when the screen goes.
    enum ID: String, Hashable, Sendable, Codable {
        case placeLookup
    }

    /// Ask the place service for suggestions for `text`.
    case lookUpPlaces(id: Int, text: String)

    var id: ID { .placeLookup }
}

/// The ways out of the screen, as the router offers them.
enum FlightSearchRoute: Encodable, Sendable, Equatable {
    /// Search `request`.
    case availability(SearchRequest)
    /// Leave.
    case back
}
