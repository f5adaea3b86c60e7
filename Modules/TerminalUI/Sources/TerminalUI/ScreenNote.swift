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
        case .progressEnded: hideProgress()
        case .output(let text): writeOutput(text)
        }
    }
}
