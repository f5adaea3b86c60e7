import Foundation
import Testing

/// The interactive flow on a terminal from the search to the booked screen, choosing seats and a bag on the review.
struct SeatsAndBagsTerminal {
    let terminal: TmuxSession

    struct Outcome {
        var reference: String
        var offerID: String
        var fare: Decimal
        var seats: [SeatsAndBags.ChosenSeat]
        var bagPrice: Decimal
        var totalShown: Decimal?
    }

    static let reviewKeys = "↑/↓ move · Enter choose"
    static let seatPrompt = "Seat (arrows and Enter, or type it"
    static let seatReview = "Take these seats? Enter yes · c change · Esc leave without them"

    func chooseSeatsAndABagThenBook() async throws -> Outcome {
        for (prompt, answer) in [("From:", "LHR"), ("To:", "JFK"), ("Depart", TravelData.nextMonthISO), ("Return", "")] {
            try await terminal.waitForPrompt(prompt)
            try await terminal.type(answer)
            try await terminal.press("Enter")
        }
        try await terminal.waitForPrompt("Enter to search")
        try await terminal.press("Enter")
        try await terminal.waitForPrompt("Enter choose")
        try await terminal.press("Enter")
        let summary = try await terminal.waitForPrompt("Book this offer?")
        let offerID = try #require(Screen.firstMatch(#"Offer\s+(off_[A-Za-z0-9]+)"#, in: summary), "\(summary)")
        let fare = try #require(SeatsAndBags.amount(after: "Total", in: summary), "\(summary)")
        // One key answers a yes-or-no question: no Enter.
        try await terminal.type("y")
        for (prompt, answer) in [
            ("Title", "ms"), ("Given names", "Ada"), ("Family name", "Lovelace"), ("Born on", "1985-12-10"),
            ("Gender", "f"), ("Email", "ada@example.com"), ("Phone", "+442080160508"),
        ] {
            try await terminal.waitForPrompt(prompt)
            try await terminal.type(answer)
            try await terminal.press("Enter")
        }
        // Each wait below is for the whole page, not its last line: a capture taken mid-redraw holds the keys first.
        let review = try await waitForReview { $0.contains("What next?") && $0.contains("Book and pay £") }
        #expect(review.contains("Book and pay £"), "\(review)")

        // Esc from the seats screen: back to the review as it was.
        try await pick("Choose seats", on: review)
        try await terminal.waitForPrompt(Self.seatPrompt)
        try await terminal.press("Escape")
        let unchanged = try await waitForReview {
            SeatsAndBags.option("Choose seats", in: $0) != nil && $0.contains("Book and pay £")
        }
        #expect(!unchanged.contains("Seats and bags"), "leaving the seats screen chose something:\n\(unchanged)")
        let bookAt = Screen.firstMatch(#"Book and pay (£[0-9.,]+) now"#, in: unchanged).flatMap { SeatsAndBags.amount($0) }
        #expect(bookAt == fare, "the fare was \(fare):\n\(unchanged)")

        try await pick("Choose seats", on: unchanged)
        let chosen = try await chooseSeats()
        let withSeats = try await confirmSeats(chosen, fare: fare)
        try await expectEscapeKeepsTheSeats(withSeats)

        // A bag: more than the airline sells is refused, then one.
        try await pick("Add bags", on: withSeats)
        let question = try await terminal.waitForScreen(containing: "How many to add (0–")
        let maximum = try #require(Screen.firstMatch(#"How many to add \(0–(\d+)\)\?"#, in: question).flatMap(Int.init))
        let bagPrice = try #require(
            Screen.firstMatch(#"checked bag up to \d+ kg, (£[0-9.,]+) each"#, in: question).flatMap { SeatsAndBags.amount($0) },
            "\(question)")
        try await terminal.type(String(maximum + 1))
        try await terminal.press("Enter")
        try await terminal.waitForScreen(containing: "At most \(maximum) bags of this kind can be added.")
        try await terminal.type("1")
        try await terminal.press("Enter")
        let withBag = try await waitForReview { screen in
            screen.contains("Change bags (1 extra bag)") && screen.contains("Total with extras")
                && Run.words(screen).contains("Bags 1 checked bag for passenger 1 on LHR → JFK")
        }
        #expect(Run.words(withBag).contains("Bags 1 checked bag for passenger 1 on LHR → JFK"), "\(withBag)")
        let totalShown = SeatsAndBags.amount(after: "Total with extras", in: withBag)

        try await pick("Book and pay", on: withBag)
        try await terminal.waitForPrompt("Book for 1 passenger and pay")
        // One key answers a yes-or-no question: no Enter.
        try await terminal.type("y")
        let booked = try await terminal.waitForPrompt("Press Enter to see your bookings.")
        let reference = try #require(Screen.bookingReference(in: booked), "no booking reference in:\n\(booked)")
        let words = Run.words(booked)
        for seat in chosen {
            #expect(words.contains("\(seat.seat) on \(seat.flight) (Ada Lovelace)"), "\(seat) is not shown booked:\n\(booked)")
        }
        #expect(words.contains("Bags 1 checked bag"), "\(booked)")
        let paid = Screen.firstMatch(#"Confirmed and paid, (£[0-9.,]+)"#, in: booked).flatMap { SeatsAndBags.amount($0) }
        #expect(paid != nil && paid == totalShown, "paid \(String(describing: paid)), the review said \(String(describing: totalShown))")
        // The booking is made: Ctrl-C ends the app from the booked screen.
        try await terminal.press("C-c")
        _ = try await terminal.waitForExit()
        return Outcome(
            reference: reference, offerID: offerID, fare: fare, seats: chosen, bagPrice: bagPrice, totalShown: totalShown)
    }

    /// Flight 1's seat by the arrows (down until the cursor is on a seat this passenger may take), the others typed;
    /// with one flight, the review's `c` goes back to type another. Gives the seats the review lists.
    private func chooseSeats() async throws -> [SeatsAndBags.ChosenSeat] {
        var screen = try await terminal.waitForPrompt(Self.seatPrompt)
        let start = try #require(SeatsAndBags.cursor(in: screen), "no cursor line:\n\(screen)")
        let lastRow = SeatsAndBags.grid(in: screen).compactMap { Int($0.designator.dropLast()) }.max() ?? 0
        var cursor = start
        repeat {
            guard (Int(cursor.seat.dropLast()) ?? lastRow) < lastRow else {
                throw EndToEndFailure("no seat to take below \(start.seat):\n\(screen)")
            }
            let from = cursor.seat
            try await terminal.press("Down")
            screen = try await terminal.waitForScreen("the cursor moved down from \(from)") {
                SeatsAndBags.cursor(in: $0).map { $0.seat != from } ?? false
            }
            cursor = try #require(SeatsAndBags.cursor(in: screen))
        } while cursor.price == nil
        let arrowed = cursor
        try await terminal.press("Enter")

        // Then each later flight's map, or the review; a seat typed on each (on flight 1 again when it is the only one).
        var flight = 1
        var typed = false
        while true {
            let after = flight
            screen = try await terminal.waitForScreen("the next flight's map or the seats' review") {
                let last = TmuxSession.lastLine(of: $0) ?? ""
                return last.hasPrefix(Self.seatReview)
                    || (last.hasPrefix(Self.seatPrompt) && (Self.flightShown(in: $0) ?? 0) > after)
            }
            if TmuxSession.lastLine(of: screen)?.hasPrefix(Self.seatReview) == true {
                if typed { break }
                try await terminal.type("c")
                screen = try await terminal.waitForPrompt(Self.seatPrompt)
            }
            flight = Self.flightShown(in: screen) ?? flight
            let free = try #require(
                SeatsAndBags.grid(in: screen).first { $0.symbol == "." && $0.designator != arrowed.seat },
                "no free seat on:\n\(screen)")
            try await terminal.type(free.designator)
            try await terminal.press("Enter")
            typed = true
        }
        let chosen = SeatsAndBags.chosenSeats(in: screen)
        #expect(!chosen.isEmpty, "no seats chosen:\n\(screen)")
        if let first = chosen.first, first.seat == arrowed.seat {
            #expect(first.price == arrowed.price, "the cursor line said \(String(describing: arrowed.price)) for \(first)")
        }
        return chosen
    }

    /// `2` from `── Seats · flight 2 of 3`.
    static func flightShown(in screen: String) -> Int? {
        Screen.firstMatch(#"Seats · flight (\d+) of \d+"#, in: screen).flatMap { Int($0) }
    }

    /// Enter on the seats' review: the summary's review lists each seat at its price and the total with them.
    private func confirmSeats(_ chosen: [SeatsAndBags.ChosenSeat], fare: Decimal) async throws -> String {
        try await terminal.press("Enter")
        // The whole page, not only its last line: a capture taken mid-redraw can hold the keys and not yet the seats.
        let review = try await waitForReview { screen in
            screen.contains("Change seats (") && screen.contains("Total with extras")
                && chosen.allSatisfy { screen.contains("\($0.seat) for passenger 1 on \($0.flight) ") }
        }
        #expect(review.contains("Seats and bags"), "\(review)")
        for seat in chosen {
            let line = review.components(separatedBy: "\n").last { $0.contains("\(seat.seat) for passenger 1 on \(seat.flight) ") }
            let shown = line.flatMap { Screen.firstMatch(#", (free|£[0-9.,]+)\s*$"#, in: $0) }
            #expect(shown.flatMap { $0 == "free" ? 0 : SeatsAndBags.amount($0) } == seat.price, "\(seat): \(line ?? "no line"):\n\(review)")
        }
        #expect(Run.words(review).contains("Change seats (\(chosen.count) seat"), "\(review)")
        let total = fare + chosen.reduce(0) { $0 + $1.price }
        #expect(SeatsAndBags.amount(after: "Total with extras", in: review) == total, "fare \(fare) and \(chosen):\n\(review)")
        return review
    }

    /// Change seats, take another seat on flight 1, then Esc: the review lists the seats it listed before, at the
    /// same total.
    private func expectEscapeKeepsTheSeats(_ review: String) async throws {
        try await pick("Change seats", on: review)
        let map = try await terminal.waitForPrompt(Self.seatPrompt)
        let other = try #require(SeatsAndBags.grid(in: map).first { $0.symbol == "." }, "no free seat on:\n\(map)")
        try await terminal.type(other.designator)
        try await terminal.press("Enter")
        try await terminal.waitForScreen(containing: "• \(other.designator) for passenger 1 (")
        try await terminal.press("Escape")
        let seatLines = { (screen: String) in
            screen.components(separatedBy: "\n").filter { $0.hasPrefix("  Seat ") }.map { Run.words($0) }
        }
        // The whole review drawn again (its seats and total), not only its last line.
        let kept = try await waitForReview { screen in
            screen.contains("Change seats (") && screen.contains("Total with extras")
                && seatLines(screen).count == seatLines(review).count
        }
        #expect(!seatLines(review).isEmpty && seatLines(kept) == seatLines(review), "before:\n\(review)\nafter Esc:\n\(kept)")
        #expect(SeatsAndBags.amount(after: "Total with extras", in: kept) == SeatsAndBags.amount(after: "Total with extras", in: review),
                "\(kept)")
    }

    /// Types the number of the option starting with `label` and Enter.
    private func pick(_ label: String, on screen: String) async throws {
        let number = try #require(SeatsAndBags.option(label, in: screen), "no option \(label.debugDescription) in:\n\(screen)")
        try await terminal.type(number)
        try await terminal.press("Enter")
    }

    /// Waits for the summary's review choice (its keys on the last line) with `condition` true of the screen.
    private func waitForReview(_ condition: @escaping (String) -> Bool) async throws -> String {
        try await terminal.waitForScreen("the review") {
            TmuxSession.lastLine(of: $0)?.hasPrefix(Self.reviewKeys) == true && condition($0)
        }
    }
}
