import Foundation

/// Typing into `flights` on a pipe as a person would: wait for a prompt, answer it, wait for the next. A cursor
/// follows the conversation, so a prompt asked a second time is told apart from the first.
final class Conversation {
    let process: Subprocess
    /// The offset in standard output just past the last text expected.
    private(set) var cursor = 0

    init(_ process: Subprocess) {
        self.process = process
    }

    /// Waits for `text` after the cursor and moves the cursor past it; gives everything from the old cursor to the
    /// end of `text`.
    @discardableResult
    func expect(_ text: String, timeout: Duration = Timeouts.step) async throws -> String {
        guard let end = await process.output.waitForText(text, since: cursor, timeout: timeout) else {
            let why = process.output.hasEnded ? "the output ended" : "waited \(timeout)"
            throw EndToEndFailure(
                "\(process.name): expected \(text.debugDescription), but \(why) without it.\n" + recent + process.transcript)
        }
        let seen = process.output.text(since: cursor)
        let length = end - cursor
        cursor = end
        return String(decoding: Data(seen.utf8).prefix(length), as: UTF8.self)
    }

    /// Waits for whichever of `texts` comes first after the cursor and moves the cursor past it; gives its index
    /// and everything from the old cursor to its end.
    func expect(anyOf texts: [String], timeout: Duration = Timeouts.step) async throws -> (index: Int, seen: String) {
        let found = await process.output.wait(since: cursor, timeout: timeout) { text in
            texts.contains { text.contains($0) }
        }
        let seen = process.output.text(since: cursor)
        let first = texts.indices.compactMap { index in seen.range(of: texts[index]).map { (index, $0) } }
            .min { $0.1.lowerBound < $1.1.lowerBound }
        guard found, let (index, range) = first else {
            throw EndToEndFailure("\(process.name): expected one of \(texts), but none came.\n" + recent + process.transcript)
        }
        let upTo = String(seen[..<range.upperBound])
        cursor += Data(upTo.utf8).count
        return (index, upTo)
    }

    /// Waits for `prompt`, then types `answer` and Enter; gives what came before the prompt.
    @discardableResult
    func answer(_ prompt: String, with answer: String, timeout: Duration = Timeouts.step) async throws -> String {
        let seen = try await expect(prompt, timeout: timeout)
        try process.send(line: answer)
        return seen
    }

    /// What came since the last step, for a failure message (the whole transcript follows it).
    private var recent: String {
        cursor == 0 ? "" : "── since the last step ──\n\(process.output.text(since: cursor))\n"
    }
}
