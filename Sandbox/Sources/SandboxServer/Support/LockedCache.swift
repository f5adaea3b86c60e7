import Synchronization

/// A small thread-safe memo with a budget. When an entry would take it over budget it forgets everything at
/// once: the values are cheap to recompute, and bounded memory matters more here than a perfect hit rate.
final class LockedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Contents {
        var entries: [Key: Value] = [:]
        var cost = 0
    }

    private let storage = Mutex(Contents())
    private let budget: Int

    /// A cache holding entries whose costs add up to at most `budget` (each costs 1 unless told otherwise).
    init(budget: Int) { self.budget = budget }

    func value(for key: Key) -> Value? {
        storage.withLock { $0.entries[key] }
    }

    func store(_ value: Value, for key: Key, cost: Int = 1) {
        storage.withLock { contents in
            if contents.cost + cost > budget {
                contents.entries.removeAll(keepingCapacity: true)
                contents.cost = 0
            }
            if contents.entries.updateValue(value, forKey: key) == nil { contents.cost += cost }
        }
    }
}
