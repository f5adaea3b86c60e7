import Synchronization

/// A small thread-safe memo. When full it forgets everything at once: the values are cheap to recompute, and
/// a bounded size matters more here than a perfect hit rate.
final class LockedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let storage = Mutex<[Key: Value]>([:])
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    func value(for key: Key) -> Value? {
        storage.withLock { $0[key] }
    }

    func store(_ value: Value, for key: Key) {
        storage.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = value
        }
    }
}
