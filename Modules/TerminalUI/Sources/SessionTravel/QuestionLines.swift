import ModuleCore
import TerminalUI

/// The question a screen asked, as the lines time travel shows below its screen: the prompt and what Enter takes, or
/// the list with its choice marked as a list is drawn on a terminal (TerminalUI's `ChoiceListDrawing`).
enum QuestionLines {
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
            return ChoiceListDrawing.lines(
                prompt, options: options.map(UntrustedText.visible), selected: selected, columns: max(20, columns))
        case .table(var table, let selected):
            table.rows = table.rows.map { $0.map(UntrustedText.visible) }
            table.columns = table.columns.map { column in
                var column = column
                column.title = UntrustedText.visible(column.title)
                return column
            }
            return ChoiceListDrawing.lines(prompt, table: table, selected: selected, columns: max(20, columns))
        }
    }
}
