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
