import Entities
import Foundation
import Services
import Synchronization
import Trips

/// Watches kept in memory, as the SQLite store keeps them: numbered from 1, a history per watch.
final class MemoryWatchStore: WatchStore {
    private let kept = Mutex<(watches: [PriceWatch], history: [Int: [PriceCheck]], next: Int)>(([], [:], 1))

    var location: String { "memory" }

    func add(_ watch: PriceWatch, firstCheck: PriceCheck?) throws(WatchStoreError) -> PriceWatch {
        kept.withLock { kept in
            var added = watch
            added.id = kept.next
            kept.next += 1
            kept.watches.append(added)
            if let firstCheck { kept.history[added.id] = [firstCheck] }
            return added
        }
    }

    func watches() throws(WatchStoreError) -> [PriceWatch] { kept.withLock { $0.watches } }

    func history(of id: Int) throws(WatchStoreError) -> [PriceCheck] {
        kept.withLock { ($0.history[id] ?? []).sorted { $0.checkedAt < $1.checkedAt } }
    }

    @discardableResult
    func record(_ checks: [(watch: Int, check: PriceCheck)]) throws(WatchStoreError) -> [Int: [PriceCheck]] {
        kept.withLock { kept in
            var before: [Int: [PriceCheck]] = [:]
            for (watch, _) in checks { before[watch] = kept.history[watch] ?? [] }
            for (watch, check) in checks where kept.watches.contains(where: { $0.id == watch }) {
                kept.history[watch, default: []].append(check)
            }
            return before
        }
    }

    func remove(_ id: Int) throws(WatchStoreError) -> Bool {
        kept.withLock { kept in
            guard kept.watches.contains(where: { $0.id == id }) else { return false }
            kept.watches.removeAll { $0.id == id }
            kept.history[id] = nil
            return true
        }
    }
}

enum Watches {
    static let day = CalendarDate(year: 2031, month: 3, day: 20) ?? CalendarDate(dayNumber: 0)

    static func search(_ from: String, _ to: String) -> SearchRequest {
        SearchRequest(slices: [SearchSlice(origin: from, destination: to, departureDate: day)], passengers: [.adult])
    }

    /// Two watches: LHR → JFK with six checks moving about £400 (under its £400 at the last), CDG → NRT with one.
    static func store() throws -> MemoryWatchStore {
        let store = MemoryWatchStore()
        let first = try store.add(PriceWatch(id: 0, search: search("LHR", "JFK"), below: 400, createdAt: Date(timeIntervalSince1970: 0)))
        let second = try store.add(PriceWatch(id: 0, search: search("CDG", "NRT"), createdAt: Date(timeIntervalSince1970: 0)))
        let totals: [Decimal] = [430, 455, 420, 470, 440, 395]
        try store.record(totals.enumerated().map { index, total in
            (first.id, PriceCheck(
                checkedAt: Date(timeIntervalSince1970: 1_900_000_000 + Double(index) * 86_400),
                lowest: Money(amount: total, currency: "GBP"),
                offer: WatchedOffer(
                    offerID: "off_\(index)", airlineCode: "BA", airline: "British Airways",
                    legs: [BookingRecord.Leg(origin: "LHR", destination: "JFK", departingAt: nil, arrivingAt: nil, flightNumbers: ["BA117"])],
                    fareBrand: "Basic", refundable: false, changeable: true)))
        })
        try store.record([(second.id, PriceCheck(checkedAt: Date(timeIntervalSince1970: 1_900_000_000), lowest: nil, offer: nil))])
        return store
    }
}
