public import Entities
public import Services

extension SearchFlights {
    /// The offers of `request` as its airlines answer, over the API's batch offer requests: an arrival per batch
    /// read (every offer so far, each once, in `order`), the last marked final. Airlines slower than
    /// `supplierTimeout` are not waited for. An API without batch offer requests is searched at once, and answers
    /// in one final arrival.
    ///
    /// A batch read that fails ends the wait without losing what arrived: the offer request's offers are listed
    /// instead (the API keeps them), and the final arrival names the failure. A search that cannot start ends
    /// with a final arrival without offers, naming it. Ending the iteration stops the wait. A screen takes the same
    /// steps one effect at a time (``startBatches(for:supplierTimeout:)``, ``readBatch(id:supplierTimeout:)``,
    /// ``listOffers(ofRequest:for:maxOffers:)`` and ``OfferArrival``'s rules).
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

    /// Starts a batch offer request for `request`: its id and how many batches to expect.
    public func startBatches(
        for request: SearchRequest, supplierTimeout: Duration?
    ) async -> Result<BatchOfferRequest, ServiceError> {
        guard let batches = batchService else { return .failure(Self.noBatches) }
        do {
            return .success(try await batches.createBatchOfferRequest(request, supplierTimeout: supplierTimeout))
        } catch {
            return .failure(error)
        }
    }

    /// The next batches of search `id` (a long poll: it waits for one when none has arrived).
    public func readBatch(id: String, supplierTimeout: Duration?) async -> Result<BatchOfferRequest, ServiceError> {
        guard let batches = batchService else { return .failure(Self.noBatches) }
        do {
            return .success(try await batches.batchOfferRequest(id: id, supplierTimeout: supplierTimeout))
        } catch {
            return .failure(error)
        }
    }

    /// Every offer the API holds for offer request `id`, cheapest first, at most `maxOffers`.
    public func listOffers(
        ofRequest id: String, for request: SearchRequest, maxOffers: Int = 1_000
    ) async -> Result<[Offer], ServiceError> {
        guard let offers = offerService else { return .failure(.transport("This backend searches no offers.")) }
        do {
            return .success(try await offers.allOffers(
                ofRequest: id, sort: .totalAmount, maxConnections: request.maxConnections, maxOffers: maxOffers))
        } catch {
            return .failure(error)
        }
    }

    /// What an API without batch offer requests answers when asked for one (so a search is made the plain way).
    static let noBatches = ServiceError.api(APIError(status: 404, errors: []), rateLimit: nil)

    private func arrivals(
        for request: SearchRequest, order: OfferOrder, supplierTimeout: Duration?, maxOffers: Int,
        yield: (OfferArrival) -> Void
    ) async {
        let rules = OfferArrival.Rules(order: order, legs: request.slices, maxOffers: maxOffers)
        var arrival: OfferArrival
        switch await startBatches(for: request, supplierTimeout: supplierTimeout) {
        case .success(let started):
            arrival = OfferArrival(started: started)
        case .failure(let error) where OfferArrival.meansNoBatches(error):
            return yield(await oneAnswer(for: request, order: order, maxOffers: maxOffers))
        case .failure(let error):
            return yield(OfferArrival(failed: error))
        }
        while !arrival.isFinal {
            let previous = arrival
            if arrival.remainingBatches == 0 {
                // Nothing was to come (no batches): whatever the offer request holds is the answer.
                let listed = try? await listOffers(ofRequest: arrival.offerRequestID, for: request, maxOffers: maxOffers).get()
                arrival = arrival.completed(listed: listed ?? [], rules)
            } else {
                switch await readBatch(id: arrival.offerRequestID, supplierTimeout: supplierTimeout) {
                case .success(let read):
                    arrival = arrival.adding(read, rules)
                case .failure(let error):
                    if Task.isCancelled { return }
                    let listed = try? await listOffers(ofRequest: arrival.offerRequestID, for: request, maxOffers: maxOffers).get()
                    arrival = arrival.ended(by: error, listed: listed ?? [], rules)
                }
            }
            if arrival.differs(from: previous) { yield(arrival) }
        }
    }

    /// The plain search's answer as one final arrival.
    private func oneAnswer(for request: SearchRequest, order: OfferOrder, maxOffers: Int) async -> OfferArrival {
        switch await offers(for: request, order: order, maxOffers: maxOffers) {
        case .success(let result): return OfferArrival(oneAnswer: result)
        case .failure(let error): return OfferArrival(failed: error)
        }
    }
}
