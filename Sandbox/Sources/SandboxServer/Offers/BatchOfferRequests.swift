import Synchronization

/// The batch offer requests under way: when each was made and which of its batches have been read. A request
/// expires a minute after it was made, as Duffel's do; its offers stay readable through the offer request.
final class BatchOfferRequests: Sendable {
    /// What a read finds.
    enum Read: Equatable {
        /// These batches (their indices) answered since the last read; `remaining` are still to come.
        case ready([Int], remaining: Int)
        /// Nothing new yet: the next batch answers at that instant.
        case wait(until: ContinuousClock.Instant)
        /// No such batch offer request was made here.
        case unknown
        /// It was made more than ``lifetime`` ago.
        case expired
    }

    private struct Progress {
        var started: ContinuousClock.Instant
        var read: Set<Int> = []
    }

    static let lifetime = Duration.seconds(60)
    private let entries = Mutex<[String: Progress]>([:])

    /// Starts the batches of `id` now, forgetting the requests that have expired.
    func start(_ id: String, at now: ContinuousClock.Instant) {
        entries.withLock { entries in
            entries = entries.filter { now - $0.value.started < Self.lifetime }
            entries[id] = Progress(started: now)
        }
    }

    /// The batches of `id` that have answered by `now` and were not read before, marked read; or when to look again.
    /// A batch answers at its delay, or at the supplier timeout when that comes first (then without offers). Batches
    /// that come back empty (failed, or cut by the timeout) are read on their own, after those with offers, so a
    /// reader can tell that some airlines sent nothing.
    func read(
        _ id: String, batches: [AirlineBatch], supplierTimeout: Duration?, at now: ContinuousClock.Instant
    ) -> Read {
        let answering = batches.map { AirlineBatches.answers($0, within: supplierTimeout) }
        return entries.withLock { entries -> Read in
            guard var progress = entries[id] else { return .unknown }
            guard now - progress.started < Self.lifetime else { return .expired }
            let due = batches.indices.map { progress.started + min(batches[$0].delay, supplierTimeout ?? batches[$0].delay) }
            var ready = batches.indices.filter { !progress.read.contains($0) && due[$0] <= now }
            if ready.contains(where: { answering[$0] }) { ready.removeAll { !answering[$0] } }
            let waiting = batches.indices.filter { !progress.read.contains($0) && !ready.contains($0) }
            if ready.isEmpty, let next = waiting.map({ due[$0] }).min() { return .wait(until: next) }
            progress.read.formUnion(ready)
            entries[id] = progress
            return .ready(ready, remaining: waiting.count)
        }
    }
}
