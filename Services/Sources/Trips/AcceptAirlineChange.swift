public import Entities
import Foundation
public import Services

/// Accepts the airline's own change to a booking (a flight it moved). A lost answer, or one saying it was answered
/// already, is resolved by listing the order's changes, never by accepting twice.
public struct AcceptAirlineChange: Sendable {
    private let trip: TripServices

    /// The use case over `trip`'s services.
    public init(_ trip: TripServices) {
        self.trip = trip
    }

    /// Accepts `change` of `booking`, then reads the order again so the booking (and its record) shows the new
    /// flights.
    public func accept(_ change: AirlineInitiatedChange, of booking: Booking) async -> AirlineChangeOutcome {
        guard let airlineChanges = trip.airlineChanges, let order = booking.order else {
            return .notAccepted(.transport("The booking's order could not be read."))
        }
        // Shielded: once the acceptance is on its way, its answer is kept even if the caller goes away.
        return await Task { await self.send(change, of: booking, order: order, service: airlineChanges) }.value
    }

    private func send(
        _ change: AirlineInitiatedChange, of booking: Booking, order: Order, service: any AirlineChangeService
    ) async -> AirlineChangeOutcome {
        do {
            _ = try await service.acceptAirlineChange(id: change.id)
        } catch {
            if error.mayHaveTakenEffect { return await recover(change, of: booking, order: order, lost: error) }
            if error.apiError?.has(.invalidState) == true {
                return await recover(change, of: booking, order: order, lost: error, delays: [.zero])
            }
            return .notAccepted(error)
        }
        return .accepted(await reread(order, of: booking, accepting: change), recovered: false)
    }

    /// The answer was lost: the order's changes, listed again (after each of `delays`), say whether it was accepted.
    private func recover(
        _ change: AirlineInitiatedChange, of booking: Booking, order: Order, lost: ServiceError,
        delays: [Duration]? = nil
    ) async -> AirlineChangeOutcome {
        let airlineChanges = trip.airlineChanges
        let resolution = await LostAnswer.resolve(
            delays: delays ?? trip.lookupDelays
        ) { () async throws(ServiceError) -> AirlineInitiatedChange? in
            let listed = try await airlineChanges?.airlineChanges(orderID: order.id) ?? []
            return listed.first { $0.id == change.id && $0.actionTaken == .accepted }
        }
        switch resolution {
        case .found:
            return .accepted(await reread(order, of: booking, accepting: change), recovered: true)
        case .notFound:
            return .notAccepted(lost)
        case .lookupFailed(let lookup):
            return .unknown(lost, lookup: lookup)
        }
    }

    /// The booking after `change` was accepted: its order read again. The airline's answer is its word: a read that
    /// lags behind it (or none) gets the added slices in place of the removed ones and the change marked accepted.
    private func reread(_ order: Order, of booking: Booking, accepting change: AirlineInitiatedChange) async -> Booking {
        var after = order
        if let read = try? await trip.orders.order(id: order.id) { after = await trip.withAirlineChanges(read) }
        for (old, new) in zip(change.removed, change.added) {
            if let index = after.slices.firstIndex(where: { $0.id == old.id }) { after.slices[index] = new }
        }
        if let index = after.airlineInitiatedChanges.firstIndex(where: { $0.id == change.id }),
           after.airlineInitiatedChanges[index].isPending {
            after.airlineInitiatedChanges[index].actionTaken = .accepted
            after.airlineInitiatedChanges[index].availableActions = []
        }
        return trip.updated(booking, with: after)
    }
}

/// How accepting an airline's schedule change ended.
public enum AirlineChangeOutcome: Sendable, Hashable, Codable {
    /// Accepted; the booking as it stands after it (its new flights). `recovered` when the answer was lost and the
    /// change, listed again, said it was accepted.
    case accepted(Booking, recovered: Bool)
    /// Refused, or the answer was lost and the change, listed again, still waits: nothing was accepted.
    case notAccepted(ServiceError)
    /// The answer was lost and the change could not be listed again: it may or may not be accepted.
    case unknown(ServiceError, lookup: ServiceError)
}

extension Booking {
    /// The airline's schedule change waiting for an answer, when there is one to answer: the first pending change of
    /// an order read from this API, not cancelled.
    public var waitingAirlineChange: AirlineInitiatedChange? {
        guard otherBackend == nil, let order = shownOrder, order.cancelledAt == nil else { return nil }
        return order.pendingAirlineChanges.first
    }

    /// Whether the waiting change can be accepted: the airline offers `accept` for it, and `acceptsAirlineChanges`
    /// (the backend answers airline changes).
    public func canAcceptAirlineChange(acceptsAirlineChanges: Bool) -> Bool {
        acceptsAirlineChanges && waitingAirlineChange?.availableActions.contains(.accept) == true
    }
}
