public import TerminalUI

/// What a screen shows and asks in one state: its page and the one question being asked. A pure function of the
/// state (``ScreenFeature/screen(_:)``); the runner draws the page when it changed and asks the question.
public struct ScreenModel: Sendable, Equatable {
    /// How a page is drawn when it changed.
    public enum Layout: Sendable, Equatable {
        /// Below what is already there, as a conversation goes on (a form).
        case flowing
        /// Alone: on a TTY the terminal is cleared first (a list of offers, a seat map).
        case whole
    }

    /// The page, drawn when it differs from the one drawn last, and again when the screen comes back on top.
    public var page: [ScreenBlock]
    /// How the page is drawn.
    public var layout: Layout
    /// The question asked; `nil` when there is nothing to ask (work is under way, or the screen is done).
    public var question: ScreenQuestion?

    /// A page and the question asked below it.
    public init(page: [ScreenBlock] = [], layout: Layout = .flowing, question: ScreenQuestion? = nil) {
        self.page = page
        self.layout = layout
        self.question = question
    }
}

/// The one question a screen asks. Whether it commits something (a price, a booking, a cancellation) decides
/// whether keys typed before it was asked may answer it: they may not.
///
/// `?` is help at every question, and never an answer: the runner shows the question's ``help`` (or, when it has
/// none, what the question takes: its keys) and asks the same question again, with nothing lost (a list keeps its
/// selection, a line its default). The one exception: at a ``Kind/keys`` question with no `help`, a module whose
/// ``ScreenFeature/action(for:in:)`` maps `?` keeps it as its own key (the offers' and the grid's help, the seat keys).
///
/// The rule for answers: a question answered by single keys (``keys(_:commits:help:)``) acts at the key press, no
/// Enter, and its prompt lists the keys and names what Enter takes, if anything (`Book this offer? y yes · n no ·
/// Enter yes`); a question answered by typed text (names, dates, numbers, references) is a line, and needs Enter.
public struct ScreenQuestion: Sendable, Equatable {
    /// How the question is answered.
    public enum Kind: Sendable, Equatable {
        /// A line, edited on a TTY; Enter alone takes `default`. Answered with ``ScreenInput/line(_:)``.
        case line(default: String?)
        /// A line checked as it is typed by ``ScreenFeature/problem(with:in:)``, asked again until it passes.
        case checked(default: String?)
        /// One key at a time on a TTY, acting at once (``ScreenInput/key(_:)``); a typed line elsewhere.
        case keys
        /// One option of a list, by its index (``ScreenInput/chose(_:)``).
        case choice(options: [String], selected: Int)
        /// One row of a table, by its index (``ScreenInput/chose(_:)``).
        case table(Table, selected: Int)
    }

    /// What is asked: the prompt, or a list's title.
    public var prompt: String
    /// How it is answered.
    public var kind: Kind
    /// Keys typed before the question was asked are dropped, so a key pressed after it answers.
    public var commits: Bool
    /// What `?` shows: what the question takes (formats, examples) and its keys. Empty: the runner says what the
    /// question takes from its kind.
    public var help: [ScreenBlock]

    /// A question.
    public init(_ prompt: String, _ kind: Kind, commits: Bool = false, help: [ScreenBlock] = []) {
        self.prompt = prompt
        self.kind = kind
        self.commits = commits
        self.help = help
    }

    /// A line typed, with what Enter alone takes.
    public static func line(
        _ prompt: String, default value: String? = nil, commits: Bool = false, help: [ScreenBlock] = []
    ) -> ScreenQuestion {
        ScreenQuestion(prompt, .line(default: value), commits: commits, help: help)
    }

    /// A line checked as it is typed.
    public static func checked(_ prompt: String, default value: String? = nil, help: [ScreenBlock] = []) -> ScreenQuestion {
        ScreenQuestion(prompt, .checked(default: value), help: help)
    }

    /// Keys acting at once on a TTY; `prompt` is shown after the page (and is what a line is typed after elsewhere).
    /// It lists the keys: `Book this offer? y yes · n no · Enter yes`.
    public static func keys(_ prompt: String, commits: Bool = false, help: [ScreenBlock] = []) -> ScreenQuestion {
        ScreenQuestion(prompt, .keys, commits: commits, help: help)
    }

    /// A list of options.
    public static func choice(
        _ title: String, _ options: [String], selected: Int = 0, help: [ScreenBlock] = []
    ) -> ScreenQuestion {
        ScreenQuestion(title, .choice(options: options, selected: selected), help: help)
    }

    /// A table's rows to choose from.
    public static func table(_ title: String, _ table: Table, selected: Int = 0, help: [ScreenBlock] = []) -> ScreenQuestion {
        ScreenQuestion(title, .table(table, selected: selected), help: help)
    }

    /// The same question with `help` as what `?` shows.
    public func helped(by help: [ScreenBlock]) -> ScreenQuestion {
        var question = self
        question.help = help
        return question
    }
}

/// One block of a page, as data: drawn with TerminalUI's components at the terminal's width. Text in it may come
/// from a server or a file: it is made visible (`UntrustedText.visible(_:)`, from TerminalUI) where it is drawn, never obeyed.
public enum ScreenBlock: Sendable, Equatable {
    /// A section title.
    case header(SectionHeader)
    /// Text wrapped at the width.
    case paragraph(Paragraph)
    /// Text wrapped at the width, dimmed: a hint.
    case hint(Paragraph)
    /// Labels and values.
    case rows(KeyValueList)
    /// A table, indented.
    case table(Table, indent: Int)
    /// A message of its kind.
    case notice(Notice)
    /// Lines drawn as they are, spaces kept, each of styled runs (a seat map).
    case drawing([StyledLine])
    /// An empty line.
    case blank

    /// A section title.
    public static func header(_ title: String, detail: String? = nil) -> ScreenBlock {
        .header(SectionHeader(title, detail: detail))
    }

    /// A paragraph.
    public static func text(_ text: String, indent: Int = 0) -> ScreenBlock {
        .paragraph(Paragraph(text, indent: indent))
    }

    /// A dimmed paragraph.
    public static func hint(_ text: String, indent: Int = 0) -> ScreenBlock {
        .hint(Paragraph(text, indent: indent))
    }
}

/// One line of styled runs.
public struct StyledLine: Sendable, Equatable {
    /// The runs, left to right.
    public var runs: [StyledRun]

    /// A line of `runs`.
    public init(_ runs: [StyledRun]) {
        self.runs = runs
    }

    /// A plain line.
    public init(_ text: String) {
        self.runs = [StyledRun(text)]
    }
}

/// Text with the look it is drawn in.
public struct StyledRun: Sendable, Equatable {
    /// The looks a run can have; several combine.
    public struct Look: OptionSet, Sendable, Hashable {
        /// The looks, one bit each.
        public let rawValue: Int
        /// The looks whose bits are set in `rawValue`.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Bold.
        public static let bold = Look(rawValue: 1)
        /// Dimmed: what cannot be taken or matters less.
        public static let dim = Look(rawValue: 2)
        /// The accent colour: something of another person's, a key.
        public static let accent = Look(rawValue: 4)
        /// The success colour: what is yours.
        public static let success = Look(rawValue: 8)
        /// The warning colour: what costs extra, or failed.
        public static let warning = Look(rawValue: 16)
        /// Inverted: the cursor.
        public static let inverse = Look(rawValue: 32)
    }

    /// The text.
    public var text: String
    /// How it looks.
    public var look: Look

    /// `text` in `look`.
    public init(_ text: String, _ look: Look = []) {
        self.text = text
        self.look = look
    }
}
