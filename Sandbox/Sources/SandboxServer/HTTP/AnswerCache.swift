import Foundation
import NIOCore

/// Answers that depend on nothing but their request: an offer request's, and a page of its offers (its offers
/// are a pure function of the search key, which its id carries), encoded once, and gzipped once, however often
/// they are asked for again. Bounded by bytes; like ``LockedCache``, it forgets everything at once when full.
///
/// Nothing an answer here depends on changes with the store: bookings, seats taken and offer reads change
/// offers as they are read one by one, orders and seat maps, none of which is kept here; pages of a search
/// whose prices rise as its offers are read (a scenario) are not kept either.
final class AnswerCache: Sendable {
    private let bodies = LockedCache<String, Data>(budget: 32 << 20)
    private let compressed = LockedCache<String, ByteBuffer>(budget: 16 << 20)

    /// The encoded answer for `key`, if it was kept.
    func body(for key: String) -> Data? { bodies.value(for: key) }

    /// Keeps `body` as the answer for `key`.
    func store(body: Data, for key: String) { bodies.store(body, for: key, cost: max(1, body.count)) }

    /// The gzipped answer for `key`, if it was kept.
    func gzipped(for key: String) -> ByteBuffer? { compressed.value(for: key) }

    /// Keeps `gzipped` as the compressed answer for `key`.
    func store(gzipped: ByteBuffer, for key: String) {
        compressed.store(gzipped, for: key, cost: max(1, gzipped.readableBytes))
    }
}
