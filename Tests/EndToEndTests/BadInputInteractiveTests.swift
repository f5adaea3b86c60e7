import Foundation
import Testing

/// Bad answers typed into the interactive flow on a real terminal (tmux): the error line says what is wrong, the
/// same question is asked again at once with the earlier answers kept (and the old value offered as the default
/// where there is one), a right answer then moves on, Ctrl-C still ends the app, and nothing is booked. Control
/// characters typed are never written back to the terminal raw.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed: the pseudo-terminal session cannot run"))
struct BadInputInteractiveTests {
    /// An answer typed at a prompt, then Enter (`enter` false for a single-key command).
    struct Step: Sendable {
        var prompt: String
        var answer: String
        var enter = true
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var before: [Step] = []
        /// The prompt that gets the wrong answer, as its last line starts.
        var prompt: String
        var wrong: String
        /// A phrase of the error line (which may wrap).
        var error: String
        /// What must still be on the screen afterwards: the text typed, the default offered, earlier answers.
        var kept: [String]
        var right: String
        /// The prompt the right answer leads to.
        var next: String
        var knownIssue: String?
        var testDescription: String { name }
    }

    static let toDepart = [Step(prompt: "From:", answer: "LHR"), Step(prompt: "To:", answer: "JFK")]
    static let toReview = toDepart + [Step(prompt: "Depart", answer: TravelData.nextMonthISO), Step(prompt: "Return", answer: "")]
    static let toAdults = toReview + [Step(prompt: "Enter to search", answer: "p", enter: false)]
    static let toEmail = toReview + [
        Step(prompt: "Enter to search", answer: ""), Step(prompt: "Enter choose", answer: ""),
        Step(prompt: "Book this offer?", answer: "y", enter: false), Step(prompt: "Title", answer: "ms"),
        Step(prompt: "Given names", answer: "Ada"), Step(prompt: "Family name", answer: "Lovelace"),
        Step(prompt: "Born on", answer: "1985-12-10"), Step(prompt: "Gender", answer: "f"),
    ]

    static let cases: [Case] = [
        Case(name: "an unknown airport at From", prompt: "From:", wrong: "XQZ",
             error: "No airport or city matches “XQZ”. Try a city or an airport name", kept: ["From: XQZ"], right: "LHR",
             next: "To:"),
        Case(name: "a past date", before: toDepart, prompt: "Depart", wrong: TravelData.lastMonthISO,
             error: "\(TravelData.lastMonthISO) is in the past; choose today", kept: ["From: LHR", "To: JFK"],
             right: TravelData.nextMonthTyped, next: "Return"),
        Case(name: "a date that cannot be read", before: toDepart, prompt: "Depart", wrong: "blah",
             error: "“blah” is not a date. Type one like", kept: ["From: LHR", "To: JFK"], right: TravelData.nextMonthISO,
             next: "Return"),
        Case(name: "a date over a year ahead", before: toDepart, prompt: "Depart", wrong: "+400",
             error: "is more than a year ahead", kept: ["From: LHR", "To: JFK"], right: "+30", next: "Return"),
        Case(name: "a return before the departure", before: Array(toReview.dropLast()), prompt: "Return",
             wrong: BadDates.beforeNextMonthISO, error: "The return date", kept: ["From: LHR", "To: JFK"], right: "",
             next: "Enter to search"),
        Case(name: "twelve adults", before: toAdults, prompt: "Adults", wrong: "12",
             error: "Give the number of adults, from 1 to 9", kept: ["Adults (1–9): [1] 12"], right: "", next: "Children's ages"),
        Case(name: "more infants than adults",
             before: toAdults + [Step(prompt: "Adults", answer: "1"), Step(prompt: "Children's ages", answer: "")],
             prompt: "Infants", wrong: "3", error: "Each infant on a lap needs an adult: 3 infants, 1 adult",
             kept: ["[0] 3"], right: "", next: "Enter to search"),
        Case(name: "an email without an @", before: toEmail, prompt: "Email:", wrong: "ada-at-example",
             error: "\"ada-at-example\" does not look like an email address",
             kept: ["Given names, as on the passport: Ada", "Born on (YYYY-MM-DD): 1985-12-10"], right: "ada@example.com",
             next: "Phone"),
        Case(name: "an 8-bit CSI typed at From", prompt: "From:", wrong: "XQ\u{9B}31mZ",
             error: "No airport or city matches “XQ<U+009B>31mZ”", kept: [], right: "LHR", next: "To:"),
    ]

    @Test(arguments: cases)
    func theErrorIsShownAndTheQuestionAskedAgain(_ test: Case) async throws {
        try await FlightsApp.withFreshData { app in
            let raw = app.root.appendingPathComponent("terminal-output")
            let seen = try await TmuxSession.run(app) { terminal in
                try await terminal.recordOutput(to: raw)
                for step in test.before {
                    try await terminal.waitForPrompt(step.prompt)
                    try await terminal.type(step.answer)
                    if step.enter { try await terminal.press("Enter") }
                }
                try await terminal.waitForPrompt(test.prompt)
                try await terminal.type(test.wrong)
                try await terminal.press("Enter")
                let again = try await terminal.waitForScreen("the error, then \(test.prompt) asked again") { screen in
                    Run.words(screen).contains(Run.words(test.error))
                        && TmuxSession.lastLine(of: screen)?.hasPrefix(test.prompt) == true
                }
                try await terminal.type(test.right)
                try await terminal.press("Enter")
                let moved = try await terminal.waitForPrompt(test.next)
                try await terminal.press("C-c")
                return (again: again, moved: moved, status: try await terminal.waitForExit())
            }
            let written = (try? Data(contentsOf: raw)) ?? Data()
            let check = {
                let asked = TmuxSession.lastLine(of: seen.again) ?? ""
                #expect(!asked.contains(test.wrong), "the wrong answer is still in the prompt: \(asked)")
                for text in test.kept { #expect(seen.again.contains(text), "\(text.debugDescription) is gone:\n\(seen.again)") }
                #expect(Self.errorLines(seen.again) == 1, "not one error line for one wrong answer:\n\(seen.again)")
                #expect(Self.errorLines(seen.moved) == 1, "a right answer was refused too:\n\(seen.moved)")
                #expect(seen.status == 130, "Ctrl-C ended the app with \(seen.status)")
                for scalar in test.wrong.unicodeScalars where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    #expect(written.range(of: Data(String(scalar).utf8)) == nil,
                            "U+\(String(scalar.value, radix: 16, uppercase: true)) typed was written to the terminal raw")
                }
            }
            if let knownIssue = test.knownIssue {
                withKnownIssue(Comment(rawValue: knownIssue)) { check() }
            } else {
                check()
            }
            try await BadInputCase.expectNothingBooked(app, seen.again)
        }
    }

    @Test("Ctrl-D in passenger 2's form asks for a second one, so passenger 1's details are not dropped by one key")
    func oneCtrlDInTheFormKeepsWhatWasTyped() async throws {
        let twoAdults = Self.toAdults + [
            Step(prompt: "Adults", answer: "2"), Step(prompt: "Children's ages", answer: ""), Step(prompt: "Infants", answer: ""),
            Step(prompt: "Enter to search", answer: ""), Step(prompt: "Enter choose", answer: ""),
            Step(prompt: "Book this offer?", answer: "y", enter: false),
        ]
        let passenger = { (title: String, given: String, family: String, born: String, gender: String, email: String) in [
            Step(prompt: "Title", answer: title), Step(prompt: "Given names", answer: given),
            Step(prompt: "Family name", answer: family), Step(prompt: "Born on", answer: born),
            Step(prompt: "Gender", answer: gender), Step(prompt: "Email", answer: email),
            Step(prompt: "Phone", answer: "+442071234567"),
        ] }
        try await FlightsApp.withFreshData { app in
            let seen = try await TmuxSession.run(app) { terminal in
                // The last words are written as the app ends: the pane stays to read them.
                try await terminal.keepScreenAfterExit()
                for step in twoAdults + passenger("ms", "Ada", "Lovelace", "1985-12-10", "f", "ada@example.com") {
                    try await terminal.waitForPrompt(step.prompt)
                    try await terminal.type(step.answer)
                    if step.enter { try await terminal.press("Enter") }
                }
                try await terminal.waitForScreen("passenger 2's title asked") { screen in
                    screen.contains("Passenger 2 of 2") && TmuxSession.lastLine(of: screen)?.hasPrefix("Title") == true
                }
                try await terminal.press("C-d")
                let asked = try await terminal.waitForScreen(containing: "Press Ctrl-D again to leave.")
                for step in passenger("mr", "Charles", "Babbage", "1971-12-26", "m", "charles@example.com") {
                    try await terminal.waitForPrompt(step.prompt)
                    try await terminal.type(step.answer)
                    try await terminal.press("Enter")
                }
                let review = try await terminal.waitForScreen(containing: "What next?")
                try await terminal.press("C-d")
                try await terminal.waitForScreen(containing: "Press Ctrl-D again to leave.")
                try await terminal.press("C-d")
                let status = try await terminal.waitForExit()
                return (asked: asked, review: review, ended: try await terminal.screen(), status: status)
            }
            #expect(TmuxSession.lastLine(of: seen.asked)?.hasPrefix("Title") == true, "the question went:\n\(seen.asked)")
            for name in ["Ada Lovelace", "Charles Babbage"] {
                #expect(seen.review.contains(name), "\(name) is not in the review:\n\(seen.review)")
            }
            #expect(Run.words(seen.ended).contains("The input ended before the booking was made: nothing was booked."),
                    "the last screen:\n\(seen.ended)")
            #expect(seen.status == 0)
            try await BadInputCase.expectNothingBooked(app, seen.review)
        }
    }

    /// How many lines of `screen` report an error.
    static func errorLines(_ screen: String) -> Int {
        screen.components(separatedBy: "\n").filter { $0.hasPrefix("✗") }.count
    }
}
