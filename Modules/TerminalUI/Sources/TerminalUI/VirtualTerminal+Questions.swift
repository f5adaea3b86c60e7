/// Answering a screen by its questions' kinds: a test (another team's too) scripts a screen without matching the
/// words it prints, the same way on an interactive terminal and on a line one.
///
/// ```swift
/// let question = try await terminal.waitForQuestion()
/// switch question.kind {
/// case .line: terminal.answer("Imogen")
/// case .keys: terminal.answer("y")
/// case .choice: terminal.answer(choosing: 0)
/// }
/// ```
extension VirtualTerminal {
    /// Waits until a screen asks a question and waits for its answer, with nothing queued; returns it.
    ///
    /// - Throws: ``VirtualTerminalTimeout`` if no question is waiting by `timeout`.
    public func waitForQuestion(timeout: Duration = .seconds(30)) async throws -> AskedQuestion {
        try await wait(for: "a question to answer", timeout: timeout) { $0.question != nil && $0.isAwaitingInput }
        guard let question else { throw VirtualTerminalTimeout(condition: "a question to answer", timeout: timeout, screen: screen) }
        return question
    }

    /// Answers the question asked with `text`: a line and Enter; for a key question, the keys themselves on an
    /// interactive terminal (a key acts at once; where a screen takes a number then Enter, as the offers do, press
    /// ``KeyInput/enter`` after) and a line elsewhere.
    public func answer(_ text: String) {
        if case .keys = question?.kind, isInteractive {
            type(text)
        } else {
            enter(text)
        }
    }

    /// Answers a list by the position of the option chosen (0 for the first): its number typed and Enter, which
    /// a list takes on a TTY and off one alike.
    public func answer(choosing index: Int) {
        enter(String(index + 1))
    }
}
