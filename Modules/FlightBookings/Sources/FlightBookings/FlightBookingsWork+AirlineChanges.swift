import Entities
import Foundation
import Services

/// How accepting an airline's schedule change ended.
enum AirlineChangeOutcome: Sendable, Hashable, Codable {
    /// Accepted; the booking as it stands after it (its new flights). `recovered` when the answer was lost and the
    /// change, listed again, said it was accepted.
    case accepted(Booking, recovered: Bool)
    /// Refused, or the answer was lost and the change, listed again, still waits: nothing was accepted.
    case notAccepted(ServiceError)
    /// The answer was lost and the change could not be listed again: it may or may not be accepted.
    case unknown(ServiceError, lookup: ServiceError)
}

extension FlightBookingsServices {
    /// `order` with the changes the airline made to it as the change service lists them (the list's word wins over
    /// the order's own copy, by id). Without a change service, or when the list cannot be read, the order's copy
    /// stands: a booking is always shown.
    func withAirlineChanges(_ order: Order) async -> Order {
        guard let airlineChanges, !order.id.isEmpty,
              let listed = try? await airlineChanges.airlineChanges(orderID: order.id) else { return order }
        var merged = order
        for change in listed {
            if let index = merged.airlineInitiatedChanges.firstIndex(where: { $0.id == change.id }) {
                merged.airlineInitiatedChanges[index] = change
            } else {
                merged.airlineInitiatedChanges.append(change)
            }
        }
        return merged
    }

    /// The orders with a change waiting for an answer, from one listing of every change; `nil` and the problem when
    /// it could not be read (the list is shown without the marks).
    func ordersWithChangesWaiting() async -> (orders: [String], problem: ServiceError?) {
        guard let airlineChanges else { return ([], nil) }
        do {
            let changes = try await airlineChanges.airlineChanges()
            return (Array(Set(changes.filter(\.isPending).map(\.orderId))).sorted(), nil)
        } catch {
            return ([], error)
        }
    }

    /// Accepts `change` of `booking`, then reads the order again so the booking (and its record) shows the new
    /// flights. A lost answer, or one saying it was answered already, is resolved by listing the order's changes,
    /// never by accepting twice.
    func accept(_ change: AirlineInitiatedChange, of booking: Booking) async -> AirlineChangeOutcome {
        guard let airlineChanges, let order = booking.order else {
            return .notAccepted(.transport("The booking's order could not be read."))
        }
        do {
            _ = try await airlineChanges.acceptAirlineChange(id: change.id)
        } catch {
            if error.mayHaveTakenEffect { return await recoverAcceptance(change, of: booking, order: order, lost: error) }
            if error.apiError?.has(.invalidState) == true {
                return await recoverAcceptance(change, of: booking, order: order, lost: error, delays: [.zero])
            }
            return .notAccepted(error)
        }
        return .accepted(await reread(order, of: booking, accepting: change), recovered: false)
    }

    /// The answer was lost: the order's changes, listed again (after each of `delays`), say whether it was accepted.
    private func recoverAcceptance(
        _ change: AirlineInitiatedChange, of booking: Booking, order: Order, lost: ServiceError,
        delays: [Duration]? = nil
    ) async -> AirlineChangeOutcome {
        let resolution = await LostAnswer.resolve(
            delays: delays ?? lookupDelays
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
        if let read = try? await orders.order(id: order.id) { after = await withAirlineChanges(read) }
        for (old, new) in zip(change.removed, change.added) {
            if let index = after.slices.firstIndex(where: { $0.id == old.id }) { after.slices[index] = new }
        }
        if let index = after.airlineInitiatedChanges.firstIndex(where: { $0.id == change.id }),
           after.airlineInitiatedChanges[index].isPending {
            after.airlineInitiatedChanges[index].actionTaken = .accepted
            after.airlineInitiatedChanges[index].availableActions = []
        }
        return updated(booking, with: after)
    }
}
