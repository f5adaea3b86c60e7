import Entities
import Foundation
import Synchronization

/// The sandbox's JSON encoder: ``DuffelJSON``'s, formatting each instant once per encoder. An answer repeats the
/// same few instants (when it was made, when it expires) on every offer, and formatting them was a tenth of
/// encoding a search.
enum SandboxJSON {
    /// Without `sortingKeys`, for JSON that ``WireShapes`` reads back and writes sorted anyway (sorting was a
    /// fifth of the encoder's time).
    static func encoder(sortingKeys: Bool = true) -> JSONEncoder {
        let encoder = DuffelJSON.encoder()
        if !sortingKeys { encoder.outputFormatting.remove(.sortedKeys) }
        let timestamps = TimestampMemo()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(timestamps.text(for: date))
        }
        return encoder
    }
}

/// ``DuffelJSON/formatTimestamp(_:)``, remembered per instant.
private final class TimestampMemo: Sendable {
    private let texts = Mutex<[Date: String]>([:])

    func text(for date: Date) -> String {
        if let known = texts.withLock({ $0[date] }) { return known }
        let text = DuffelJSON.formatTimestamp(date)
        texts.withLock { $0[date] = text }
        return text
    }
}
