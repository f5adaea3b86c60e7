/// Durations as `server-timing` writes them: milliseconds with three decimals (`12.345`), without
/// `String(format:)`, which cost more than the rest of answering a kept search.
enum ServerTiming {
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let microseconds = max(0, seconds * 1_000_000 + (attoseconds + 500_000_000_000) / 1_000_000_000_000)
        let fraction = String(microseconds % 1_000)
        return "\(microseconds / 1_000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
