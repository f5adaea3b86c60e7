public import Entities
import Foundation
public import Services
import Synchronization

/// Offer searches with no network, answered from recorded files and decoded through the same decoder as a live
/// answer. By default: PVD→RAI finds nothing (as on Duffel's test airline), a round trip answers the recorded
/// round trip, anything else the recorded one-way LHR→JFK search. Tests can script other answers, and read back
/// every call.
public final class FixtureOfferService: OfferService {
    private let state = Mutex<State>(State())

    private struct State {
        var searches: [SearchRequest] = []
        var offerReads: [String] = []
        var listQueries: [OfferQuery] = []
        var searchReplies: [FixtureReply] = []
        var offerReplies: [FixtureReply] = []
        var offersByRequest: [String: [Offer]] = [:]
        var requestCount = 0
        var pendingSearches: [(UUID, CheckedContinuation<Void, Never>)] = []
        var holdSearches = false
    }

    /// Creates the service.
    public init() {}

    /// Every search made, in order.
    public var searches: [SearchRequest] { state.withLock { $0.searches } }
    /// Every offer id re-read with ``offer(id:)``, in order.
    public var offerReads: [String] { state.withLock { $0.offerReads } }
    /// Every offer list query, in order.
    public var listQueries: [OfferQuery] { state.withLock { $0.listQueries } }

    /// Answers the next searches with `replies`, in order, before falling back to the default routes.
    public func replySearches(with replies: FixtureReply...) {
        state.withLock { $0.searchReplies += replies }
    }

    /// Answers the next ``offer(id:)`` calls with `replies`, in order, before falling back to the offers found.
    public func replyOfferReads(with replies: FixtureReply...) {
        state.withLock { $0.offerReplies += replies }
    }

    /// While held, searches wait until ``releaseSearches()``: a test can look at a spinner or cancel a search.
    public func holdSearches() {
        state.withLock { $0.holdSearches = true }
    }

    /// Lets held searches go on.
    public func releaseSearches() {
        let waiting = state.withLock { state in
            state.holdSearches = false
            defer { state.pendingSearches = [] }
            return state.pendingSearches
        }
        waiting.forEach { $0.1.resume() }
    }

    /// How many searches are waiting on ``holdSearches()``.
    public var heldSearchCount: Int { state.withLock { $0.pendingSearches.count } }

    public func createOfferRequest(_ request: SearchRequest, returnOffers: Bool) async throws(ServiceError) -> OfferRequest {
        let (reply, mustWait) = state.withLock { state in
            state.searches.append(request)
            let reply = state.searchReplies.isEmpty ? nil : state.searchReplies.removeFirst()
            return (reply, state.holdSearches)
        }
        if mustWait {
            let ticket = UUID()
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let resumeNow = state.withLock { state in
                        guard state.holdSearches, !Task.isCancelled else { return true }
                        state.pendingSearches.append((ticket, continuation))
                        return false
                    }
                    if resumeNow { continuation.resume() }
                }
            } onCancel: {
                // A cancelled search stops waiting at once, as a cancelled request would.
                let waiting = state.withLock { state in
                    let index = state.pendingSearches.firstIndex { $0.0 == ticket }
                    return index.map { state.pendingSearches.remove(at: $0).1 }
                }
                waiting?.resume()
            }
        }
        if Task.isCancelled { throw .cancelled }
        let file: FixtureFile
        switch reply ?? .file(FixtureOfferService.defaultFile(for: request)) {
        case .failure(let error): throw error
        case .file(let recorded): file = recorded
        }
        var offerRequest = try file.decode(DataEnvelope<OfferRequest>.self).data
        // Each search gets its own id, as on the server, so two searches never share a cursor.
        let number = state.withLock { state in
            state.requestCount += 1
            return state.requestCount
        }
        offerRequest.id = "\(offerRequest.id)_\(number)"
        let offers = offerRequest.offers
        state.withLock { $0.offersByRequest[offerRequest.id] = offers }
        if !returnOffers { offerRequest.offers = [] }
        return offerRequest
    }

    public func offers(_ query: OfferQuery) async throws(ServiceError) -> Page<Offer> {
        let found = state.withLock { state in
            state.listQueries.append(query)
            return state.offersByRequest[query.offerRequestID]
        }
        guard var offers = found else { throw FixtureFile.errorNotFound.error }
        if let maxConnections = query.maxConnections {
            offers = offers.filter { $0.maxConnections <= maxConnections }
        }
        switch query.sort {
        case .totalAmount?: offers.sort { $0.totalAmount.amount < $1.totalAmount.amount }
        case .totalAmountDescending?: offers.sort { $0.totalAmount.amount > $1.totalAmount.amount }
        case .totalDuration?: offers.sort { $0.totalDuration < $1.totalDuration }
        case .totalDurationDescending?: offers.sort { $0.totalDuration > $1.totalDuration }
        case nil: break
        }
        let start = query.after.flatMap(Int.init) ?? 0
        let limit = min(max(query.limit ?? 50, 1), 200)
        guard start <= offers.count else { return Page(items: [], limit: limit) }
        let end = min(start + limit, offers.count)
        return Page(items: Array(offers[start..<end]), after: end < offers.count ? String(end) : nil, limit: limit)
    }

    public func offer(id: String) async throws(ServiceError) -> Offer {
        let (reply, known) = state.withLock { state in
            state.offerReads.append(id)
            let reply = state.offerReplies.isEmpty ? nil : state.offerReplies.removeFirst()
            let known = state.offersByRequest.values.lazy.flatMap { $0 }.first { $0.id == id }
            return (reply, known)
        }
        switch reply {
        case .failure(let error)?: throw error
        case .file(let file)?: return try file.decode(DataEnvelope<Offer>.self).data
        case nil: break
        }
        if let known { return known }
        let recorded = try FixtureFile.offer.decode(DataEnvelope<Offer>.self).data
        guard recorded.id == id else { throw FixtureFile.errorNotFound.error }
        return recorded
    }

    /// The recorded search that answers `request` by default.
    public static func defaultFile(for request: SearchRequest) -> FixtureFile {
        if request.slices.first.map({ $0.origin == "PVD" && $0.destination == "RAI" }) == true {
            return .offerRequestEmpty
        }
        return request.tripKind == .roundTrip ? .offerRequestRoundTrip : .offerRequestOneWay
    }
}
