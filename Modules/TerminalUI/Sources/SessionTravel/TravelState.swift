import ModuleCore

/// Everything the time-travel screen knows: the timeline, the step shown, and how it is shown.
struct TravelState: Codable, Equatable, Sendable {
    /// The recorded session, step by step.
    var timeline: SessionTimeline
    /// The position of the step shown in ``SessionTimeline/steps``.
    var position = 0
    /// What is shown of the step.
    var pane = TravelPane.screen
    /// The first line of the pane shown, when it is longer than the room.
    var scroll = 0
    /// A step number being typed, to go to with Enter.
    var typed = ""
    /// A word about the last key (nothing before that step, no later step differs).
    var note: String?
    /// The terminal's size.
    var columns = 80
    var rows = 24
    /// The person left.
    var closed = false

    /// The step shown; `nil` for a recording with no steps.
    var step: TimelineStep? {
        timeline.steps.indices.contains(position) ? timeline.steps[position] : nil
    }
}

/// What the time-travel screen shows of a step.
enum TravelPane: String, Codable, Sendable, CaseIterable {
    /// The screen as it was painted after the step, with the question it asked.
    case screen
    /// The action in full.
    case action
    /// The fields of the state the step changed.
    case state
    /// The effects the step gave.
    case effects
    /// What the recording says beside what today's code does.
    case difference
}

/// Every key of the time-travel screen, as an action.
enum TravelAction: Codable, Sendable, Equatable {
    /// The screen is shown on a terminal of this size.
    case appeared(columns: Int, rows: Int)
    /// One step back or on (`-1`, `1`).
    case move(by: Int)
    /// The first step, or the last.
    case first
    case last
    /// The first step of the module shown before this one, or after it.
    case previousModule
    case nextModule
    /// A digit of a step number typed; Enter goes there.
    case typed(String)
    /// The last digit typed taken back.
    case erase
    /// Enter: goes to the step typed.
    case enter
    /// Goes to the step numbered so in the recording.
    case go(toStep: Int)
    /// Shows a pane of the step (shown again: the screen).
    case show(TravelPane)
    /// Goes to the next step today's code does differently, and shows the two side by side.
    case nextDifference
    /// Scrolls the pane by lines.
    case scroll(by: Int)
    /// Esc: the typed number dropped, or back to the screen, or out.
    case back
    /// Leaves.
    case close
}

/// Work the time-travel screen asks for: none is ever made; everything it shows was computed with the timeline.
struct TravelWork: ScreenWork {
    let id = 0
}

/// The time-travel screen's way out: the person closed it.
enum TravelRoute: Encodable, Sendable, Equatable {
    case closed
}
