import TerminalUI

/// What `?` means at a question, and how a read becomes a ``ScreenInput``.
extension ScreenRunner {
    /// Whether `input`, read for `question` in `state`, asks for help: `?` alone, typed or pressed. At a key question
    /// with no help of its own, a module that gives `?` a meaning keeps it.
    static func asksForHelp(_ input: ScreenInput, at question: ScreenQuestion, in state: Feature.State) -> Bool {
        switch input {
        case .key(.character("?")): break
        case .line(let text) where text.filter({ !$0.isWhitespace }) == "?": break
        default: return false
        }
        guard case .keys = question.kind, question.help.isEmpty else { return true }
        return Feature.action(for: input, in: state) == nil
    }

    /// What `?` shows at `question`: its help, or what its kind takes.
    static func help(for question: ScreenQuestion, interactive: Bool) -> [ScreenBlock] {
        guard question.help.isEmpty else { return question.help }
        let back = interactive ? "Esc goes back" : "b goes back"
        switch question.kind {
        case .line(let value), .checked(let value):
            let enter = value.map { "; Enter alone takes “\($0)”" } ?? ""
            return [.hint("Type the answer and press Enter\(enter). \(back).", indent: 2)]
        case .keys:
            let keys = interactive ? "Press one of the keys the question names; it acts at once" : "Type one of the answers the question names and press Enter"
            return [.hint("\(keys). \(back).", indent: 2)]
        case .choice, .table:
            let keys = interactive ? "↑/↓ move, a number jumps to its line, Enter chooses" : "Type a line's number and press Enter"
            return [.hint("\(keys). \(back).", indent: 2)]
        }
    }

    static func input(from line: LineInput) -> ScreenInput? {
        switch line {
        case .text(let text): .line(text)
        case .back: .back
        case .interrupt: .interrupted
        case .end: .ended
        case .cancelled: nil
        }
    }

    static func input(from result: PromptResult<ScreenInput>) -> ScreenInput? {
        switch result {
        case .answered(let input): input
        case .back: .back
        case .interrupt: .interrupted
        case .end: .ended
        case .cancelled: nil
        }
    }
}

extension PromptResult {
    func map<Other: Sendable & Equatable>(_ transform: (Value) -> Other) -> PromptResult<Other> {
        switch self {
        case .answered(let value): .answered(transform(value))
        case .back: .back
        case .interrupt: .interrupt
        case .end: .end
        case .cancelled: .cancelled
        }
    }
}

extension AskedQuestion {
    /// `question` as a terminal is told it: its words and its kind.
    init(_ question: ScreenQuestion) {
        switch question.kind {
        case .line(let value), .checked(let value): self.init(question.prompt, kind: .line(default: value))
        case .keys: self.init(question.prompt, kind: .keys)
        case .choice(let options, let selected): self.init(question.prompt, kind: .choice(options: options.count, selected: selected))
        case .table(let table, let selected): self.init(question.prompt, kind: .choice(options: table.rows.count, selected: selected))
        }
    }
}
