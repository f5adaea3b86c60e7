import Foundation

/// Steps of the interactive flow on a pipe that several tests take the same way.
extension Conversation {
    /// From the search form to the offers, with airport codes (taken at once) and `date`; gives the offers screen.
    @discardableResult
    ///
    /// With `retryingTimeouts` (a test that shortens every request's timeout to lose one answer on purpose), a search
    /// that did not answer in time is searched again with `retry`, as a traveller would, up to three times.
    func searchOffers(
        from origin: String, to destination: String, date: String, retryingTimeouts: Bool = false
    ) async throws -> String {
        try await answer("From:", with: origin)
        try await answer("To:", with: destination)
        try await answer("Depart", with: date)
        try await answer("Return", with: "")
        try await answer("Enter to search", with: "")
        guard retryingTimeouts else { return try await expect("Offer number or command") }
        for _ in 0..<3 {
            let outcome = try await expect(anyOf: ["Offer number or command", "did not answer in time"])
            if outcome.index == 0 { return outcome.seen }
            try await answer("Command:", with: "retry")
        }
        return try await expect("Offer number or command")
    }

    /// Answers one adult's questions with valid details.
    func enterValidPassenger() async throws {
        try await answer("Title", with: "ms")
        try await answer("Given names", with: "Ada")
        try await answer("Family name", with: "Lovelace")
        try await answer("Born on", with: "1985-12-10")
        try await answer("Gender", with: "f")
        try await answer("Email:", with: "ada@example.com")
        try await answer("Phone", with: "+442080160508")
    }
}

/// What the app prints, read back.
enum Screen {
    /// `GUQ8YR` from `Booked: booking reference GUQ8YR`.
    static func bookingReference(in text: String) -> String? {
        firstMatch(#"Booked: booking reference ([A-Z0-9]{6})"#, in: text)
    }

    /// The amounts of `The price changed from £59.32 to £69.32`.
    static func priceChange(in text: String) -> (old: Decimal, new: Decimal)? {
        guard let range = text.range(of: #"price changed from £[0-9.,]+ to £[0-9.,]+"#, options: .regularExpression)
        else { return nil }
        let amounts = text[range].components(separatedBy: "£").dropFirst()
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "0123456789.").inverted).replacingOccurrences(of: ",", with: "") }
        guard amounts.count == 2, let old = Decimal(string: amounts[0]), let new = Decimal(string: amounts[1]) else {
            return nil
        }
        return (old, new)
    }

    /// The first capture group of `pattern` in `text`.
    static func firstMatch(_ pattern: String, in text: String) -> String? {
        guard let expression = try? NSRegularExpression(pattern: pattern),
              let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
              match.numberOfRanges > 1, let range = Range(match.range(at: 1), in: text)
        else { return nil }
        return String(text[range])
    }

    /// The numbered rows of an offers table (`1.  08:45  13:50 …`).
    static func offerRows(in text: String) -> [String] {
        text.components(separatedBy: "\n").filter {
            $0.range(of: #"^\s*\d+\.\s+\d{2}:\d{2}"#, options: .regularExpression) != nil
        }
    }
}
