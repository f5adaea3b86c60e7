/// A list to choose from, drawn as ``Terminal/choose(_:options:default:header:visibleCount:help:)`` draws it on a TTY
/// before a key is pressed: its title, the options around the one selected (marked `›`), and its key hint. For a
/// screen that shows what was asked without asking it (time travel through a recording).
public enum ChoiceListDrawing {
    /// `options` drawn at `columns`, `selected` marked; `helps` names `?` in the key hint, as a list with help does.
    public static func lines(
        _ title: String, options: [String], selected: Int, header: String? = nil, columns: Int, style: Style = .plain,
        helps: Bool = true
    ) -> [String] {
        guard !options.isEmpty else { return [title] }
        let list = ChoiceList(
            title: title, options: options, selected: min(max(0, selected), options.count - 1), header: header,
            visibleCount: 10, helps: helps)
        return list.lines(width: columns, style: style)
    }

    /// The rows of `table` drawn as a list at `columns`, as ``Terminal/choose(_:from:default:visibleCount:help:)``
    /// draws them.
    public static func lines(
        _ title: String, table: Table, selected: Int, columns: Int, style: Style = .plain, helps: Bool = true
    ) -> [String] {
        let (header, options) = ChoiceList.rows(of: table, columns: columns, style: style)
        return lines(title, options: options, selected: selected, header: header, columns: columns, style: style, helps: helps)
    }
}
