import ModuleCore

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
