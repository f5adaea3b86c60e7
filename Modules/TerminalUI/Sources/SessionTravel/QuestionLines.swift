import ModuleCore
import TerminalUI

/// The question a screen asked, as the lines time travel shows below its screen: the prompt and what Enter takes, or
/// the list with its choice marked, as a person saw it before answering.
enum QuestionLines {
    /// How many options of a list are shown around the one selected, as a list on a terminal shows them.
    static let visibleOptions = 10

    static func lines(_ question: ScreenQuestion?, columns: Int) -> [String] {
        guard let question else { return [] }
        let width = max(20, columns - 1)
        let prompt = UntrustedText.visible(question.prompt)
        switch question.kind {
        case .line(let value), .checked(let value):
            let typed = value.map { " " + UntrustedText.visible($0) } ?? ""
            return TerminalText.wrap(prompt + typed, toWidth: width)
        case .keys:
            return TerminalText.wrap(prompt, toWidth: width)
        case .choice(let options, let selected):
            return [prompt] + list(options.map(UntrustedText.visible), selected: selected, width: width)
        case .table(var table, let selected):
            table.firstRowNumber = nil
            table.showsHeader = true
            table.rows = table.rows.map { $0.map(UntrustedText.visible) }
            let rendered = table.render(width: max(1, width - marker(count: table.rows.count)), style: .plain)
            let header = rendered.first.map { String(repeating: " ", count: marker(count: table.rows.count)) + $0 }
            return [prompt] + (header.map { [$0] } ?? []) + list(Array(rendered.dropFirst()), selected: selected, width: width)
        }
    }

    /// The options around `selected`, numbered, the selected one marked `›`.
    private static func list(_ options: [String], selected: Int, width: Int) -> [String] {
        guard !options.isEmpty else { return [] }
        let chosen = min(max(0, selected), options.count - 1)
        let first = max(0, min(chosen - visibleOptions / 2, options.count - visibleOptions))
        let digits = String(options.count).count + 1
        return options.indices.dropFirst(first).prefix(visibleOptions).map { index in
            let number = TerminalText.pad("\(index + 1).", toWidth: digits, alignment: .right)
            let line = (index == chosen ? "› " : "  ") + number + " " + options[index]
            return TerminalText.truncate(line, toWidth: width)
        }
    }

    private static func marker(count: Int) -> Int {
        2 + String(count).count + 2
    }
}
