public import Entities
public import Foundation
public import Services

/// Price watches, the trip's way of saying "tell me when it gets cheaper": a search kept (`PriceWatch`), checked
/// now and again, each check's lowest offer written to the history (`WatchStore`). Commands, screens and MCP tools
/// ask this; none of them searches or writes a history of its own.
///
/// ```swift
/// let watching = WatchPrices(trips)
/// let added = await watching.add(request, terms: WatchTerms(below: 400), today: today)
/// let checked = await watching.checkAll(today: today)   // for a timer: what moved, what went under its price
/// ```
public struct WatchPrices: Sendable {
    private let search: SearchFlights
    private let watches: (any WatchStore)?
    private let backend: String?
    private let now: @Sendable () -> Date

    /// The use case over `trip`, whose ``TripServices/watches`` keeps the watches.
    public init(_ trip: TripServices) {
        self.init(
            offers: trip.offers, batches: trip.offerBatches, watches: trip.watches, backend: trip.backend, now: trip.now)
    }

    /// The use case over an offer service and a store alone (a screen that searches and watches); with `batches`,
    /// each check reads offers as the airlines answer. `backend` names the API the offers come from (`sandbox`, or
    /// the API's host): a watch made on one is checked only on it, so another's prices never enter its history.
    public init(
        offers: (any OfferService)?, batches: (any OfferBatchService)? = nil, watches: (any WatchStore)?,
        backend: String? = nil, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        search = SearchFlights(offers: offers, batches: batches)
        self.watches = watches
        self.backend = backend
        self.now = now
    }

    /// The longest window of days one watch searches (one search per day at each check).
    public static let maxWindowDays = 31

    /// Keeps `request` as a watch on `terms`, then checks it at once: the watch with its first check, or why it
    /// cannot be kept (the booking rules' problems, a window too long, the store failing). A first check that fails
    /// keeps the watch, and says why the check did.
    public func add(
        _ request: SearchRequest, terms: WatchTerms = WatchTerms(), today: CalendarDate
    ) async -> Result<WatchCheckOutcome, WatchFailure> {
        let store: any WatchStore
        switch self.store() {
        case .success(let found): store = found
        case .failure(let failure): return .failure(failure)
        }
        let problems = Self.problems(request, terms: terms, today: today)
        guard problems.isEmpty else { return .failure(.invalid(problems)) }
        let made = PriceWatch(
            id: 0, search: request, latestDeparture: terms.latestDeparture, below: terms.below,
            airlines: terms.airlines.map { $0.uppercased() }, createdAt: now(), backend: backend)
        // Searched first, then kept with what it found in one transaction: a watch is never kept half-made.
        let answer = await lowest(for: made, today: today)
        if Task.isCancelled { return .failure(.cancelled) }
        let first: PriceCheck? = if case .found(let check) = answer { check } else { nil }
        do throws(WatchStoreError) {
            return .success(WatchCheckOutcome(watch: try store.add(made, firstCheck: first), history: [], answer: answer))
        } catch {
            return .failure(.store(error))
        }
    }

    /// Keeps `request` as a watch on `terms`, its first check the cheapest of `found` (the offers a screen shows for
    /// it, all of them, unfiltered), so nothing is searched again: the watch's number, or why it cannot be kept.
    public func add(
        _ request: SearchRequest, terms: WatchTerms = WatchTerms(), today: CalendarDate, found: [Offer]
    ) -> Result<Int, WatchFailure> {
        let store: any WatchStore
        switch self.store() {
        case .success(let kept): store = kept
        case .failure(let failure): return .failure(failure)
        }
        let problems = Self.problems(request, terms: terms, today: today)
        guard problems.isEmpty else { return .failure(.invalid(problems)) }
        let airlines = Set(terms.airlines.map { $0.uppercased() })
        let best = found.filter { Self.keeps($0, to: airlines) }.min { $0.totalAmount.amount < $1.totalAmount.amount }
        do throws(WatchStoreError) {
            let watch = try store.add(
                PriceWatch(
                    id: 0, search: request, latestDeparture: terms.latestDeparture, below: terms.below,
                    airlines: airlines.sorted(), createdAt: now(), backend: backend),
                firstCheck: PriceCheck(checkedAt: now(), lowest: best?.totalAmount, offer: best.map(WatchedOffer.init)))
            return .success(watch.id)
        } catch {
            return .failure(.store(error))
        }
    }

    /// What keeps `request` on `terms` from being watched from `today`: the booking rules' problems (a day past,
    /// too many passengers), a window ending before it starts or longer than ``maxWindowDays``, a price not above
    /// zero, an airline code not two letters or digits.
    public static func problems(_ request: SearchRequest, terms: WatchTerms, today: CalendarDate) -> [String] {
        var problems: [String] = []
        if let refusal = SearchFlights.refusal(of: request, today: today) {
            problems += refusal.apiError?.errors.map(\.message) ?? [refusal.message]
        }
        if let first = request.slices.first?.departureDate, let last = terms.latestDeparture {
            if last < first {
                problems.append("The window's last day (\(last)) is before its first (\(first)); give a later one.")
            } else if first.days(until: last) + 1 > maxWindowDays {
                problems.append("A window is at most \(maxWindowDays) days (one search a day at each check); give a shorter one.")
            }
        }
        if let below = terms.below, below <= 0 { problems.append("The price to get under must be more than zero.") }
        for code in terms.airlines where code.count != 2 || !code.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
            problems.append("\"\(code.prefix(12))\" is not an airline code; give two letters or digits, like BA.")
        }
        return problems
    }

    /// Every watch with its history, oldest first.
    public func list() -> Result<[WatchSummary], WatchFailure> {
        switch store() {
        case .failure(let failure): return .failure(failure)
        case .success(let store):
            do throws(WatchStoreError) {
                var all: [WatchSummary] = []
                for watch in try store.watches() { all.append(WatchSummary(watch: watch, history: try store.history(of: watch.id))) }
                return .success(all)
            } catch {
                return .failure(.store(error))
            }
        }
    }

    /// Watch `id` with its history.
    public func summary(of id: Int) -> Result<WatchSummary, WatchFailure> {
        list().flatMap { all in all.first { $0.watch.id == id }.map { .success($0) } ?? .failure(.notFound(id)) }
    }

    /// Removes watch `id` and its history: the watch as it was.
    public func remove(_ id: Int) -> Result<WatchSummary, WatchFailure> {
        summary(of: id).flatMap { found in
            switch store() {
            case .failure(let failure): return .failure(failure)
            case .success(let store):
                do throws(WatchStoreError) {
                    return try store.remove(id) ? .success(found) : .failure(.notFound(id))
                } catch {
                    return .failure(.store(error))
                }
            }
        }
    }

    /// Checks every watch (or those numbered `only`), one after the other, and writes what they found in one
    /// transaction once all are done: a check stopped half-way (cancelled, killed) leaves the history as it was.
    /// `progress` hears of each watch as it is checked (how many of how many).
    ///
    /// Cancelling the task stops it: no watch is searched after that and nothing is written.
    public func checkAll(
        only: [Int]? = nil, today: CalendarDate, progress: @Sendable (Int, Int) async -> Void = { _, _ in }
    ) async -> Result<[WatchCheckOutcome], WatchFailure> {
        let store: any WatchStore
        switch self.store() {
        case .success(let found): store = found
        case .failure(let failure): return .failure(failure)
        }
        let watches: [PriceWatch]
        do {
            watches = try store.watches()
        } catch {
            return .failure(.store(error))
        }
        if let only, let missing = only.first(where: { id in !watches.contains { $0.id == id } }) {
            return .failure(.notFound(missing))
        }
        return await check(watches.filter { only?.contains($0.id) ?? true }, today: today, in: store, progress: progress)
    }

    // MARK: - Checking

    private func check(
        _ watches: [PriceWatch], today: CalendarDate, in store: any WatchStore,
        progress: @Sendable (Int, Int) async -> Void = { _, _ in }
    ) async -> Result<[WatchCheckOutcome], WatchFailure> {
        var answers: [(PriceWatch, WatchCheckOutcome.Answer)] = []
        for (index, watch) in watches.enumerated() {
            if Task.isCancelled { return .failure(.cancelled) }
            await progress(index, watches.count)
            if let madeOn = watch.backend, let backend, madeOn != backend {
                answers.append((watch, .elsewhere(madeOn)))
                continue
            }
            answers.append((watch, await lowest(for: watch, today: today)))
        }
        if Task.isCancelled { return .failure(.cancelled) }
        var found: [(watch: Int, check: PriceCheck)] = []
        for case let (watch, .found(check)) in answers { found.append((watch.id, check)) }
        do throws(WatchStoreError) {
            // The history each check follows is read in the transaction that writes it.
            var before = try store.record(found)
            for (watch, answer) in answers where before[watch.id] == nil {
                if case .found = answer { continue }
                before[watch.id] = try store.history(of: watch.id)
            }
            return .success(answers.map { watch, answer in
                WatchCheckOutcome(watch: watch, history: before[watch.id] ?? [], answer: answer)
            })
        } catch {
            return .failure(.store(error))
        }
    }

    /// The lowest matching offer over every search of `watch` (the window's days, ``SearchFlights/maxParallelSearches``
    /// at once): found (possibly nothing), failed when any search failed, or over when no day is left to fly.
    func lowest(for watch: PriceWatch, today: CalendarDate) async -> WatchCheckOutcome.Answer {
        let searches = watch.searches(today: today).filter { SearchFlights.refusal(of: $0, today: today) == nil }
        guard !searches.isEmpty else { return .over }
        let search = self.search
        let airlines = Set(watch.airlines)
        var best: Offer?
        var failures: [ServiceError] = []
        await withTaskGroup(of: Result<Offer?, ServiceError>.self) { group in
            var waiting = searches[...]
            var running = 0
            func startNext() {
                while running < SearchFlights.maxParallelSearches, let request = waiting.popFirst() {
                    running += 1
                    group.addTask { await Self.cheapest(request, keepingTo: airlines, search) }
                }
            }
            startNext()
            while let answer = await group.next() {
                running -= 1
                switch answer {
                case .success(let offer?):
                    if best.map({ offer.totalAmount.amount < $0.totalAmount.amount }) ?? true { best = offer }
                case .success(nil): break
                case .failure(let error): failures.append(error)
                }
                if Task.isCancelled { group.cancelAll() } else { startNext() }
            }
        }
        // A window with a day unanswered is not checked: its lowest would be the lowest of some days only.
        if let failure = failures.first { return .failed(failure) }
        return .found(PriceCheck(checkedAt: now(), lowest: best?.totalAmount, offer: best.map(WatchedOffer.init)))
    }

    /// The cheapest offer of one search sold by one of `airlines` (any airline when empty), read as the airlines
    /// answer; a search that found some offers before failing counts what it found.
    static func cheapest(
        _ request: SearchRequest, keepingTo airlines: Set<String>, _ search: SearchFlights
    ) async -> Result<Offer?, ServiceError> {
        var last: OfferArrival?
        for await arrival in search.offersAsTheyArrive(for: request, order: .price) { last = arrival }
        guard let found = last else { return .failure(.cancelled) }
        if let failure = found.failure, found.offers.isEmpty { return .failure(failure) }
        let matching = found.offers.filter { keeps($0, to: airlines) }
        return .success(matching.min { $0.totalAmount.amount < $1.totalAmount.amount })
    }

    /// Whether `offer` counts for a watch kept to `airlines` (any airline when empty): sold by one of them, or every
    /// flight of it marketed by them.
    static func keeps(_ offer: Offer, to airlines: Set<String>) -> Bool {
        airlines.isEmpty || airlines.contains(offer.owner.iataCode ?? "")
            || offer.slices.allSatisfy { $0.segments.allSatisfy { airlines.contains($0.marketingCarrier.iataCode ?? "") } }
    }

    private func store() -> Result<any WatchStore, WatchFailure> {
        watches.map { .success($0) } ?? .failure(.noStore)
    }
}
