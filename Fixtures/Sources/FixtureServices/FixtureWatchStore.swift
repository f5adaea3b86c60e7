public import Entities
public import Services
import Synchronization

/// Price watches kept in memory, for module tests and other teams': the same contract as LocalStore's SQLite store
/// (numbers from 1, never given twice; a check of a removed watch dropped; `record` answering the history before),
/// plus a switch to make every call fail.
public final class FixtureWatchStore: WatchStore {
    private let kept = Mutex<(watches: [PriceWatch], history: [Int: [PriceCheck]], next: Int, failure: WatchStoreError?)>(
        ([], [:], 1, nil))

    /// An empty store.
    public init() {}

    public var location: String { "memory" }

    /// Makes every later call fail with `error` (`nil` to stop).
    public func fail(with error: WatchStoreError?) {
        kept.withLock { $0.failure = error }
    }

    public func add(_ watch: PriceWatch, firstCheck: PriceCheck?) throws(WatchStoreError) -> PriceWatch {
        try kept.withLock { (kept) throws(WatchStoreError) -> PriceWatch in
            if let failure = kept.failure { throw failure }
            var added = watch
            added.id = kept.next
            kept.next += 1
            kept.watches.append(added)
            if let firstCheck { kept.history[added.id] = [firstCheck] }
            return added
        }
    }

    public func watches() throws(WatchStoreError) -> [PriceWatch] {
        try kept.withLock { (kept) throws(WatchStoreError) -> [PriceWatch] in
            if let failure = kept.failure { throw failure }
            return kept.watches
        }
    }

    public func history(of id: Int) throws(WatchStoreError) -> [PriceCheck] {
        try kept.withLock { (kept) throws(WatchStoreError) -> [PriceCheck] in
            if let failure = kept.failure { throw failure }
            return (kept.history[id] ?? []).sorted { $0.checkedAt < $1.checkedAt }
        }
    }

    @discardableResult
    public func record(_ checks: [(watch: Int, check: PriceCheck)]) throws(WatchStoreError) -> [Int: [PriceCheck]] {
        try kept.withLock { (kept) throws(WatchStoreError) -> [Int: [PriceCheck]] in
            if let failure = kept.failure { throw failure }
            var before: [Int: [PriceCheck]] = [:]
            for (watch, _) in checks { before[watch] = kept.history[watch] ?? [] }
            for (watch, check) in checks where kept.watches.contains(where: { $0.id == watch }) {
                kept.history[watch, default: []].append(check)
            }
            return before
        }
    }

    public func remove(_ id: Int) throws(WatchStoreError) -> Bool {
        try kept.withLock { (kept) throws(WatchStoreError) -> Bool in
            if let failure = kept.failure { throw failure }
            guard kept.watches.contains(where: { $0.id == id }) else { return false }
            kept.watches.removeAll { $0.id == id }
            kept.history[id] = nil
            return true
        }
    }
}
