public import TerminalUI

/// Draws what a screen's rules say, on a terminal: the page when it changed, notes, and blocks printed once. The
/// runner draws through it, and so does a replay, so a recording replays as the screen looked.
@MainActor
public final class ScreenPainter {
    /// The writer every note and block goes through (standard error for a person when standard output is data).
    public let writer: ScreenWriter
    private var drawnPage: [ScreenBlock]?

    /// A painter on `terminal`; `outputIsForPrograms` keeps standard output for the program's data.
    public init(terminal: any Terminal, outputIsForPrograms: Bool) {
        writer = ScreenWriter(terminal: terminal, outputIsForPrograms: outputIsForPrograms)
    }

    var terminal: any Terminal { writer.terminal }

    /// Draws `model`'s page when it differs from the one drawn last, or always when `again` (the screen came back).
    public func draw(_ model: ScreenModel, again: Bool = false) {
        guard again || model.page != drawnPage else { return }
        drawnPage = model.page
        guard !model.page.isEmpty else { return }
        if model.layout == .whole { terminal.clearScreen() }
        show(model.page)
    }

    /// Forgets the page drawn, so the next ``ScreenPainter/draw(_:again:)`` draws it (something was written over it).
    public func pageCovered() {
        drawnPage = nil
    }

    /// Does what an effect that is output says; work and ways out are not the painter's and are ignored.
    public func paint<Work, Route>(_ effect: ScreenEffect<Work, Route>) {
        switch effect {
        case .note(let note): writer.show(note)
        case .print(let blocks): show(blocks)
        case .run, .cancel, .leave: break
        }
    }

    /// Writes `blocks`, their text made visible.
    public func show(_ blocks: [ScreenBlock]) {
        for block in blocks { writer.show(block.renderable) }
    }
}

extension ScreenBlock {
    /// The block as a TerminalUI component, every text in it made visible.
    var renderable: any Renderable {
        let visible = UntrustedText.visible
        switch self {
        case .header(let header):
            return SectionHeader(visible(header.title), detail: header.detail.map(visible))
        case .paragraph(let paragraph):
            return Paragraph(visible(paragraph.text), indent: paragraph.indent)
        case .hint(let paragraph):
            return Dimmed(Paragraph(visible(paragraph.text), indent: paragraph.indent))
        case .rows(let list):
            return KeyValueList(rows: list.rows.map { .init(visible($0.key), visible($0.value)) }, indent: list.indent)
        case .table(let table, let indent):
            return Indented(Self.visible(table), by: indent)
        case .notice(let notice):
            return Notice(notice.kind, visible(notice.message))
        case .drawing(let lines):
            return Drawing(lines: lines.map { StyledLine($0.runs.map { StyledRun(visible($0.text), $0.look) }) })
        case .blank:
            return Drawing(lines: [StyledLine("")])
        }
    }

    /// `table` with every text in it made visible.
    static func visible(_ table: Table) -> Table {
        var table = table
        table.rows = table.rows.map { $0.map(UntrustedText.visible) }
        table.columns = table.columns.map { column in
            var column = column
            column.title = UntrustedText.visible(column.title)
            return column
        }
        return table
    }

    /// The block as plain lines at 80 columns: what a recording keeps of it.
    var plainLines: [String] {
        renderable.render(width: 80, style: .plain)
    }
}

extension ScreenBlock: Encodable {
    /// A block is recorded as the plain lines it shows at 80 columns, so a replay compares what was said.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(plainLines)
    }
}

/// A paragraph drawn dim.
private struct Dimmed: Renderable {
    let content: Paragraph
    init(_ content: Paragraph) { self.content = content }
    func render(width: Int, style: Style) -> [String] {
        content.render(width: width - 1, style: style).map { style.dim($0) }
    }
}

/// A block indented by some columns.
private struct Indented: Renderable {
    let content: any Renderable
    let indent: Int
    init(_ content: any Renderable, by indent: Int) {
        self.content = content
        self.indent = indent
    }
    func render(width: Int, style: Style) -> [String] {
        let pad = String(repeating: " ", count: indent)
        return content.render(width: max(1, width - indent - 1), style: style).map { pad + $0 }
    }
}

/// Styled lines drawn as they are, spaces kept.
private struct Drawing: Renderable {
    let lines: [StyledLine]
    func render(width: Int, style: Style) -> [String] {
        lines.map { line in line.runs.map { Self.styled($0, style) }.joined() }
    }

    static func styled(_ run: StyledRun, _ style: Style) -> String {
        var text = run.text
        if run.look.contains(.success) { text = style.success(text) }
        if run.look.contains(.warning) { text = style.warning(text) }
        if run.look.contains(.accent) { text = style.accent(text) }
        if run.look.contains(.dim) { text = style.dim(text) }
        if run.look.contains(.bold) { text = style.bold(text) }
        if run.look.contains(.inverse) { text = style.inverse(text) }
        return text
    }
}
