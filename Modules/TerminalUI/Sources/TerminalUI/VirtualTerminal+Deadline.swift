import Foundation

extension VirtualTerminal {
    /// How many times longer than asked every wait gives its condition: `FLIGHTS_TEST_TIMEOUT_SCALE`, 1 when unset.
    /// `scripts/sanitize` sets it, as a debug build under ThreadSanitizer runs several times slower: FlightSearch's
    /// first place look-up, which loads the world's airports, took more than the ten seconds a wait allows.
    nonisolated static let deadlineScale: Int = {
        guard let text = ProcessInfo.processInfo.environment["FLIGHTS_TEST_TIMEOUT_SCALE"], let scale = Int(text) else {
            return 1
        }
        return max(1, scale)
    }()
}

/// A ``VirtualTerminal`` wait that reached its deadline before its condition held.
///
/// Its description says what was awaited and shows the screen at that moment, so a failing test explains itself.
public struct VirtualTerminalTimeout: Error, CustomStringConvertible, Sendable {
    /// What the test was waiting for.
    public let condition: String
    /// How long it waited.
    public let timeout: Duration
    /// The terminal's screen lines when the wait gave up.
    public let screen: [String]

    /// A timeout for `condition` after `timeout`, with the screen as it was.
    public init(condition: String, timeout: Duration, screen: [String]) {
        self.condition = condition
        self.timeout = timeout
        self.screen = screen
    }

    /// The condition, the deadline and the last lines of the screen.
    public var description: String {
        let shown = screen.suffix(30).map { "  | " + $0 }.joined(separator: "\n")
        return "Timed out after \(timeout) waiting for \(condition). Screen:\n\(shown)"
    }
}
