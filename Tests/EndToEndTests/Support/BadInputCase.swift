import Foundation
import Testing

/// One bad input given to `flights` on its command line or in its environment, with what it must answer: the exit
/// code, a key phrase of the message, no control character from the input reaching the terminal raw, and nothing
/// booked.
struct BadInputCase: Sendable, CustomTestStringConvertible {
    var name: String
    var arguments: [String]
    var environment: [String: String] = [:]
    var status: Int32 = 64
    /// A phrase the message must say (white space as the app wraps it does not matter).
    var message: String
    /// Phrases it must not say (a misleading field, an error domain).
    var absent: [String] = []
    /// At most this many bytes of output: the input is never echoed whole.
    var maxOutput = 2_000
    /// Set when the app is known to answer wrongly: the reason, as reported. The case then passes while the bug stays,
    /// and fails once it is fixed, to be moved back among the others.
    var knownIssue: String?

    var testDescription: String { name }

    /// Stands in an argument list for the path of a valid passengers file, written for the case.
    static let validPassengers = "{valid passengers file}"

    /// Runs the case in a fresh data directory and checks every expectation.
    func check() async throws {
        try await FlightsApp.withFreshData { app in
            var arguments = arguments
            if let index = arguments.firstIndex(of: Self.validPassengers) {
                arguments[index] = try app.file("passengers.json", contents: TravelData.passengersFile()).path
            }
            let run = try await app.run(arguments, environment: environment)
            if let knownIssue {
                withKnownIssue(Comment(rawValue: knownIssue)) { expectAnswer(run) }
            } else {
                expectAnswer(run)
            }
            BadInputCase.expectNoRawControls(in: run.output + run.errors, "\(run)")
            try await BadInputCase.expectNothingBooked(app, askingTheSandbox: arguments.first == "book", "\(run)")
        }
    }

    private func expectAnswer(_ run: Run) {
        #expect(run.status == status, "\(run)")
        #expect(run.said.contains(Run.words(message)), "expected \(message.debugDescription):\n\(run)")
        for phrase in absent { #expect(!run.said.contains(phrase), "it says \(phrase.debugDescription):\n\(run)") }
        #expect((run.output + run.errors).utf8.count <= maxOutput, "\((run.output + run.errors).utf8.count) bytes of output:\n\(run)")
    }

    /// No control character but a line break or a tab: an escape sequence from the input is shown (`^[`), never sent.
    static func expectNoRawControls(in text: String, _ context: @autoclosure () -> String) {
        let raw = text.unicodeScalars.filter {
            $0 != "\n" && $0 != "\t" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value))
        }
        #expect(raw.isEmpty, "raw control characters \(raw.map { String(format: "U+%04X", $0.value) }) in:\n\(context())")
    }

    /// Nothing was booked: no bookings file (a booking is written there before it is sent) and, when asked (for a
    /// command that can book) and the embedded sandbox started at all, no order there.
    static func expectNothingBooked(
        _ app: FlightsApp, askingTheSandbox: Bool = true, _ context: @autoclosure () -> String
    ) async throws {
        #expect(!FileManager.default.fileExists(atPath: BookingsFile.url(app).path), "a booking was written:\n\(context())")
        let database = app.sandboxDirectory.appendingPathComponent("sandbox.sqlite")
        if askingTheSandbox, FileManager.default.fileExists(atPath: database.path) {
            #expect(try await SandboxOrders.all(in: app.sandboxDirectory).isEmpty, "an order was sent:\n\(context())")
        }
    }
}

/// Dates for bad input, computed from today like `TravelData`'s.
enum BadDates {
    /// A year and a day from today: the first day not on sale.
    static var pastTheYearAheadISO: String { iso(daysFromToday: 366) }

    /// The 30th of February of next month's year.
    static var thirtiethOfFebruary: String { "\(TravelData.nextMonth.year ?? 2030)-02-30" }

    /// The 10th of next month: before `TravelData.nextMonthISO` (the 15th).
    static var beforeNextMonthISO: String {
        let date = TravelData.nextMonth
        return String(format: "%04d-%02d-10", date.year ?? 0, date.month ?? 0)
    }

    static func iso(daysFromToday days: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let date = calendar.date(byAdding: .day, value: days, to: Date()) ?? Date()
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
