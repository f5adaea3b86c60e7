/// The outcome of a prompt (``Terminal/ask(_:default:validate:)``, ``Terminal/confirm(_:default:)``,
/// ``Terminal/choose(_:options:default:header:visibleCount:help:)``): an answer, or the way the user left.
public enum PromptResult<Value: Sendable & Equatable>: Sendable, Equatable {
    /// A valid answer.
    case answered(Value)
    /// The user asked to go back (Esc, or `b` in a list).
    case back
    /// The user pressed Ctrl-C.
    case interrupt
    /// The input ended.
    case end
    /// The reading task was cancelled; no input was consumed.
    case cancelled

    /// The answer, or `nil` when the user left another way.
    public var answer: Value? {
        if case .answered(let value) = self { return value }
        return nil
    }

    /// The result for a line read that produced no text; `nil` for `.text`.
    init?(leaving input: LineInput) {
        switch input {
        case .text: return nil
        case .back: self = .back
        case .interrupt: self = .interrupt
        case .end: self = .end
        case .cancelled: self = .cancelled
        }
    }
}

extension Terminal {
    /// Asks for text until it is valid, re-asking with the validation message after each invalid answer.
    ///
    /// ```swift
    /// let result = await terminal.ask("Where from?", default: "LHR") { answer in
    ///     answer.count == 3 ? nil : "Enter a three-letter airport code, like LHR."
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - question: shown before the input, followed by a space.
    ///   - defaultValue: taken when the user just presses Enter; shown dimmed as `[default]`, and offered again on
    ///     every re-ask.
    ///   - validate: returns a message saying what is wrong, or `nil` when the answer is fine. It gets the answer
    ///     with surrounding whitespace removed.
    /// - Returns: the valid answer (trimmed), or how the user left.
    public func ask(
        _ question: String,
        default defaultValue: String? = nil,
        validate: (String) -> String? = { _ in nil }
    ) async -> PromptResult<String> {
        let prompt = Self.promptText(question)
        while true {
            let input = await readLine(prompt: prompt, default: defaultValue)
            guard case .text(let raw) = input else { return PromptResult(leaving: input) ?? .end }
            let answer = TerminalText.trimmingWhitespace(raw)
            if let problem = validate(answer) {
                display(Notice(.error, problem))
                continue
            }
            return .answered(answer)
        }
    }

    /// Asks a yes-or-no question until it gets `y`, `yes`, `n` or `no` (any case), or Enter when there is a
    /// default.
    ///
    /// - Parameters:
    ///   - question: shown with `[Y/n]`, `[y/N]` or `[y/n]` after it.
    ///   - defaultValue: the answer Enter gives; `nil` makes the user type one.
    public func confirm(_ question: String, default defaultValue: Bool? = nil) async -> PromptResult<Bool> {
        let hint: String
        switch defaultValue {
        case true?: hint = "[Y/n]"
        case false?: hint = "[y/N]"
        case nil: hint = "[y/n]"
        }
        let prompt = Self.promptText(question) + style.dim(hint) + " "
        while true {
            let input = await readLine(prompt: prompt, default: nil)
            guard case .text(let raw) = input else { return PromptResult(leaving: input) ?? .end }
            switch TerminalText.trimmingWhitespace(raw).lowercased() {
            case "y", "yes": return .answered(true)
            case "n", "no": return .answered(false)
            case "" where defaultValue != nil: return .answered(defaultValue ?? false)
            default: display(Notice(.error, "Please answer y or n."))
            }
        }
    }

    static func promptText(_ question: String) -> String {
        question.hasSuffix(" ") ? question : question + " "
    }
}
