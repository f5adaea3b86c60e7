import Entities
import Foundation
import ModuleCore
import Services
import Trips

/// Searching: a search started (and refused in words when it breaks the rules), its answer shown, stopped when the
/// screen is covered, cancelled or retried. With batch offer requests the offers arrive batch by batch: the first
/// batch paints the first page, each later one fills it in (the highlighted offer kept where it is), and the
/// traveller can choose, sort, filter or page before the last; Esc or a chosen offer stops the wait. The rules of
/// what arrived are the core's (`OfferArrival`); the reducer only keeps them and asks for the next read.
extension FlightAvailabilityReducer {
    // MARK: Searching

    /// Searches `state.request`; a running search is replaced (its id no longer answers). A search that breaks the
    /// rules fails here, in words, without a call.
    static func startSearch(_ state: inout State) -> Effects {
        state.typedNumber = ""
        state.searchedAgain = false
        if let refusal = refusal(of: state.request, today: state.today) {
            state.pendingSearch = nil
            state.phase = .failed(refusal)
            return []
        }
        let id = state.nextRequestID
        state.nextRequestID += 1
        state.pendingSearch = id
        state.phase = .searching
        guard state.arrivesInBatches == true else { return [.run(.search(id: id, state.request))] }
        state.arrival = nil
        state.stoppedWaiting = nil
        return [.run(.startBatches(id: id, state.request))]
    }

    /// The error the API would answer for a request that breaks the search rules, or `nil` when it may be sent:
    /// a bad deep link fails in words without a round trip.
    static func refusal(of request: SearchRequest, today: CalendarDate) -> ServiceError? {
        SearchFlights.refusal(of: request, today: today)
    }

    /// Stops the running search: its late answer lands nowhere.
    static func stopSearch(_ state: inout State) -> Effects {
        state.pendingSearch = nil
        return [.cancel(.search)]
    }

    /// The screen was covered or removed (or the input ended): stop the work in flight.
    static func stopWork(_ state: inout State) -> Effects {
        var effects: Effects = []
        if state.phase == .searching {
            effects += stopSearch(&state)
            state.phase = .idle
        } else if state.isWaitingForAirlines {
            effects += stopWaiting(&state)
        }
        return effects + stopGridSearches(&state)
    }

    /// The search answered: offers, none, or why not. An answer to any but the running search is ignored.
    static func searchAnswered(
        _ state: inout State, id: Int, _ outcome: Outcome<OfferSearchResult, ServiceError>
    ) -> Effects {
        guard id == state.pendingSearch, state.phase == .searching else { return [] }
        state.pendingSearch = nil
        switch outcome {
        case .success(let found):
            setResult(&state, found)
            state.highlight = 0
            refreshVisibleOffers(&state)
            state.phase = .results
        case .failure(.cancelled):
            state.phase = .cancelled
        case .failure(let error):
            state.phase = .failed(error)
        }
        return []
    }

    /// Keeps `found` (or forgets the offers, with `nil`) and the most lines an offer takes.
    static func setResult(_ state: inout State, _ found: OfferSearchResult?) {
        state.result = found
        state.legsPerOffer = max(1, found?.offers.map(\.slices.count).max() ?? state.request.slices.count)
        if found == nil { state.visible = [] }
    }

    /// Sorts and filters the offers again, keeping the highlight on the list.
    static func refreshVisibleOffers(_ state: inout State) {
        state.visible = AvailabilityOffers.visible(state.result?.offers ?? [], sort: state.sort, filters: state.filters)
        state.highlight = min(state.highlight, max(0, state.visible.count - 1))
    }

    /// Esc (or Ctrl-C) while the spinner turns: stop the search and stay, with a retry; in the dates, leave them.
    static func cancelLoading(_ state: inout State) -> Effects {
        switch state.phase {
        case .searching:
            let effects = stopSearch(&state)
            state.phase = .cancelled
            return effects
        case .dateGrid:
            return leaveDateGrid(&state)
        default:
            return []
        }
    }

    /// `r` or `retry`: search again (the failed cells, in the date grid).
    static func retry(_ state: inout State) -> Effects {
        switch state.phase {
        case .dateGrid:
            return retryFailedCells(&state)
        case .searching:
            return []
        default:
            let effects = startSearch(&state)
            state.searchedAgain = state.phase == .searching
            return effects
        }
    }

    // MARK: Offers as the airlines answer

    /// How arrivals are kept here: cheapest first (the screen sorts and filters its own copy).
    static func arrivalRules(_ state: State) -> OfferArrival.Rules {
        OfferArrival.Rules(order: .price, legs: state.request.slices)
    }

    /// The batch offer request answered: read its batches; an API without them is searched the plain way.
    static func batchesStarted(
        _ state: inout State, id: Int, _ outcome: Outcome<BatchOfferRequest, ServiceError>
    ) -> Effects {
        guard id == state.pendingSearch, state.phase == .searching else { return [] }
        switch outcome {
        case .success(let started):
            state.arrival = OfferArrival(started: started)
            return [next(id: id, state.arrival ?? OfferArrival(started: started), state.request)]
        case .failure(let error) where OfferArrival.meansNoBatches(error):
            return [.run(.search(id: id, state.request))]
        case .failure(let error):
            return searchAnswered(&state, id: id, .failure(error))
        }
    }

    /// A batch read answered: the offers shown, and the next read; a failed read lists what the API holds.
    static func batchRead(_ state: inout State, id: Int, _ outcome: Outcome<BatchOfferRequest, ServiceError>) -> Effects {
        guard id == state.pendingSearch, let arrival = state.arrival else { return [] }
        switch outcome {
        case .success(let read):
            return arrived(&state, id: id, arrival.adding(read, arrivalRules(state)))
        case .failure(.cancelled):
            return []
        case .failure(let error):
            return [.run(.listOffers(id: id, batch: arrival.offerRequestID, state.request, after: error))]
        }
    }

    /// The offer request's offers, listed after a read failed (or when no batch was to come): the last arrival.
    static func offersListed(
        _ state: inout State, id: Int, after error: ServiceError?, _ outcome: Outcome<[Offer], ServiceError>
    ) -> Effects {
        guard id == state.pendingSearch, let arrival = state.arrival else { return [] }
        var listed: [Offer] = []
        if case .success(let offers) = outcome { listed = offers }
        if let error {
            return arrived(&state, id: id, arrival.ended(by: error, listed: listed, arrivalRules(state)))
        }
        if case .failure(let failure) = outcome, arrival.offers.isEmpty {
            return arrived(&state, id: id, arrival.ended(by: failure, listed: [], arrivalRules(state)))
        }
        return arrived(&state, id: id, arrival.completed(listed: listed, arrivalRules(state)))
    }

    /// Shows `arrival`: the first offers replace the spinner; later ones join the list with the highlighted offer
    /// kept where it is. Until the last, the next read is asked for.
    static func arrived(_ state: inout State, id: Int, _ arrival: OfferArrival) -> Effects {
        state.arrival = arrival
        if arrival.isFinal { state.pendingSearch = nil }
        if arrival.offers.isEmpty {
            guard arrival.isFinal else { return [next(id: id, arrival, state.request)] }
            if let failure = arrival.failure {
                state.phase = failure == .cancelled ? .cancelled : .failed(failure)
                return []
            }
        }
        let wasShowing = state.phase == .results
        let highlighted = wasShowing && state.visible.indices.contains(state.highlight)
            ? state.visibleOffers[state.highlight].id : nil
        setResult(&state, arrival.result)
        refreshVisibleOffers(&state)
        if let highlighted, let index = state.visibleOffers.firstIndex(where: { $0.id == highlighted }) {
            state.highlight = index
        } else if !wasShowing {
            state.highlight = 0
        }
        state.phase = .results
        return arrival.isFinal ? [] : [next(id: id, arrival, state.request)]
    }

    /// Esc while airlines are still answering, or an offer chosen: stop waiting, keep the offers.
    static func stopWaiting(_ state: inout State) -> Effects {
        state.stoppedWaiting = true
        return stopSearch(&state)
    }

    /// The read after `arrival`: the next batches, or the offer request's offers when no batch is left to come.
    private static func next(id: Int, _ arrival: OfferArrival, _ request: SearchRequest) -> Effect {
        arrival.remainingBatches > 0
            ? .run(.readBatch(id: id, batch: arrival.offerRequestID))
            : .run(.listOffers(id: id, batch: arrival.offerRequestID, request, after: nil))
    }
}
