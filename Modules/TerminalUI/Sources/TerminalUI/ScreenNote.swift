/// What a screen says besides its own content, in the same words on every screen: a message, an error with the way
/// forward, work under way, and the machine-readable output. A module's reducer sends it as data; the module's view
/// hands it to its ``ScreenWriter``.
///
/// ```swift
/// case .note(let note): writer.show(note)
/// ```
public enum ScreenNote: Sendable, Hashable, Codable {
    /// A message of its kind (`✓ Booked`, `! Could not be saved`).
    case message(Notice)
    /// What went wrong and, when known, what to do.
    case error(String, suggestion: String?)
    /// Work under way (a spinner on a TTY, one line elsewhere).
    case progress(String)
    /// A change on its way to the server (see ``ScreenWriter/showChange(_:whenInterrupted:whenStopped:)``).
    case change(PendingChange)
    /// The work shown ended.
    case progressEnded
    /// The result for programs (JSON), on standard output.
    case output(String)
}

extension ScreenWriter {
    /// Shows `note` the way every screen shows it.
    public func show(_ note: ScreenNote) {
        switch note {
        case .message(let notice): show(Notice(notice.kind, UntrustedText.visible(notice.message)))
        case .error(let message, let suggestion):
            showError(UntrustedText.visible(message), suggestion: suggestion.map(UntrustedText.visible))
        case .progress(let message): showProgress(UntrustedText.visible(message))
        case .change(let change):
            showChange(
                UntrustedText.visible(change.message), whenInterrupted: change.whenInterrupted, whenStopped: change.whenStopped)
        case .progressEnded: hideProgress()
        case .output(let text): writeOutput(text)
        }
    }
}

/// A change on its way to the server, as progress shows it, and what Ctrl-C says meanwhile.
public struct PendingChange: Sendable, Hashable, Codable {
    /// The progress message ("Booking…").
    public var message: String
    /// Said on the first Ctrl-C: the change may be made, and the app waits for its answer.
    public var whenInterrupted: String
    /// Said on a second Ctrl-C, as the app ends: how to find out whether it was made.
    public var whenStopped: String

    /// A change shown as `message`, with what the first and a second Ctrl-C say.
    public init(_ message: String, whenInterrupted: String, whenStopped: String) {
        self.message = message
        self.whenInterrupted = whenInterrupted
        self.whenStopped = whenStopped
    }
}
