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
