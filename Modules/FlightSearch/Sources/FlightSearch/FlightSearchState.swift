import Entities

/// Where the traveller is in the form.
enum FlightSearchStep: Hashable, Sendable, Codable {
    case origin(leg: Int)
    case destination(leg: Int)
    case departure(leg: Int)
    case returnDate
    /// Picking one of the places suggested for what was typed in a place field.
    case choosePlace(FlightSearchField)
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
        var field: FlightSearchField
    }

    /// What the traveller (or a command line) gave, and the mode.
    var input: FlightSearchInput
    /// Today in the traveller's time zone, as read when the screen last appeared.
    var today: CalendarDate
    /// The key that goes back a step, as hints name it: `Esc` on a TTY, `b` elsewhere.
    var backKey: String
    /// The form as filled in so far.
    var draft: FlightSearchDraft
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
    /// How many times the screen has appeared.
    var appearances = 0
    /// The id of the last place look-up asked for; answers to older ones are ignored.
    var lastLookupID = 0
    /// The place look-up under way, if any.
    var lookup: Lookup?

    /// A screen that starts on `input`, on `today`, naming `backKey` as the way back.
    init(input: FlightSearchInput, today: CalendarDate, backKey: String) {
        self.input = input
        self.today = today
        self.backKey = backKey
        self.draft = FlightSearchDraft(input: input)
    }
}
