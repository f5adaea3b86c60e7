public import Entities
import Services

extension SearchFlights {
    /// The offers of `request` as its airlines answer, over the API's batch offer requests: an arrival per batch
    /// read (every offer so far, each once, in `order`), the last marked final. Airlines slower than
    /// `supplierTimeout` are not waited for. An API without batch offer requests is searched at once, and answers
    /// in one final arrival.
    ///
    /// A batch read that fails ends the wait without losing what arrived: the offer request's offers are listed
    /// instead (the API keeps them), and the final arrival names the failure. A search that cannot start ends
    /// with a final arrival without offers, naming it. Ending the iteration stops the wait.
    public func offersAsTheyArrive(
        for request: SearchRequest, order: OfferOrder = .price, supplierTimeout: Duration? = nil, maxOffers: Int = 1_000
    ) -> AsyncStream<OfferArrival> {
        AsyncStream { continuation in
            let task = Task {
                await arrivals(for: request, order: order, supplierTimeout: supplierTimeout, maxOffers: maxOffers) {
                    continuation.yield($0)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Reads in a row that bring nothing and count nothing down before the wait is given up: a long poll waits
    /// for a batch, so a server that answers at once with nothing, again and again, is not waiting.
    public static let idleReadLimit = 20

    private func arrivals(
        for request: SearchRequest, order: OfferOrder, supplierTimeout: Duration?, maxOffers: Int,
        yield: (OfferArrival) -> Void
    ) async {
        guard let batches = batchService, let offers = offerService else {
            return yield(await oneAnswer(for: request, order: order, maxOffers: maxOffers))
        }
        let started: BatchOfferRequest
        do {
            started = try await batches.createBatchOfferRequest(request, supplierTimeout: supplierTimeout)
        } catch {
            // An API without batch offer requests is searched the plain way.
            if let status = error.apiError?.status, [404, 405, 501].contains(status) {
                return yield(await oneAnswer(for: request, order: order, maxOffers: maxOffers))
            }
            return yield(OfferArrival(offerRequestID: "", totalBatches: 1, remainingBatches: 0, isFinal: true, failure: error))
        }
        var arrival = OfferArrival(
            offerRequestID: started.id, totalBatches: started.totalBatches, remainingBatches: started.remainingBatches)
        var seen: Set<String> = []
        var found: [Offer] = []
        func take(_ new: [Offer]) {
            let fresh = new.filter { seen.insert($0.id).inserted }.prefix(max(0, maxOffers - found.count))
            found += fresh
            arrival.newOffers = Array(fresh)
            arrival.offers = order.sorted(found)
            if arrival.passengers.isEmpty, let first = found.first {
                arrival.passengers = first.passengers
                if first.slices.count == request.slices.count {
                    arrival.slices = zip(first.slices, request.slices).map {
                        OfferRequestSlice(origin: $0.origin, destination: $0.destination, departureDate: $1.departureDate)
                    }
                }
            }
        }
        var idleReads = 0
        while arrival.remainingBatches > 0 {
            do {
                let read = try await batches.batchOfferRequest(id: started.id, supplierTimeout: supplierTimeout)
                let arrived = max(0, arrival.remainingBatches - read.remainingBatches)
                if read.offers.isEmpty { arrival.emptyBatches += arrived }
                idleReads = read.offers.isEmpty && arrived == 0 ? idleReads + 1 : 0
                if idleReads >= Self.idleReadLimit {
                    throw ServiceError.malformedResponse(
                        "The API answered \(Self.idleReadLimit) reads of the search without a batch or its count going down.")
                }
                arrival.remainingBatches = min(arrival.remainingBatches, read.remainingBatches)
                take(read.offers)
                arrival.isFinal = arrival.remainingBatches == 0
                if !(read.offers.isEmpty && arrived == 0) { yield(arrival) }
            } catch {
                if Task.isCancelled { return }
                // What the API holds of the search is read through the offer request; what arrived is kept either way.
                if let listed = try? await offers.allOffers(
                    ofRequest: started.id, sort: .totalAmount, maxConnections: request.maxConnections, maxOffers: maxOffers) {
                    take(listed)
                }
                arrival.failure = error as? ServiceError ?? .transport("\(error)")
                arrival.isFinal = true
                return yield(arrival)
            }
        }
        if !arrival.isFinal {
            // Nothing was to come (no batches): whatever the offer request holds is the answer.
            if let listed = try? await offers.allOffers(
                ofRequest: started.id, sort: .totalAmount, maxConnections: request.maxConnections, maxOffers: maxOffers) {
                take(listed)
            }
            arrival.isFinal = true
            yield(arrival)
        }
    }

    /// The plain search's answer as one final arrival.
    private func oneAnswer(for request: SearchRequest, order: OfferOrder, maxOffers: Int) async -> OfferArrival {
        switch await offers(for: request, order: order, maxOffers: maxOffers) {
        case .success(let result):
            return OfferArrival(
                offerRequestID: result.offerRequest.id, offers: result.offers, newOffers: result.offers, totalBatches: 1,
                remainingBatches: 0, isFinal: true, passengers: result.offerRequest.passengers,
                slices: result.offerRequest.slices)
        case .failure(let error):
            return OfferArrival(offerRequestID: "", totalBatches: 1, remainingBatches: 0, isFinal: true, failure: error)
        }
    }
}
