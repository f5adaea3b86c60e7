public import Entities
public import Foundation
public import Services

/// Moves a paid booking to other flights, Duffel's order changes: the airline's change offers for the flights and
/// days wanted, one read again and made into a change, then confirmed at its change total agreed to. A confirmation
/// whose answer was lost is checked by reading the change again, never by confirming twice.
public struct ChangeFlights: Sendable {
    private let orders: any OrderService
    private let changes: (any OrderChangeService)?
    private let now: @Sendable () -> Date
    private let lookupDelays: [Duration]

    /// The use case over `trip`'s services.
    public init(_ trip: TripServices) {
        self.init(changes: trip.changes, orders: trip.orders, now: trip.now, lookupDelays: trip.lookupDelays)
    }

    /// The use case over an order change service and an order service alone (a screen that keeps no bookings).
    public init(
        changes: (any OrderChangeService)?, orders: any OrderService, now: @escaping @Sendable () -> Date = { Date() },
        lookupDelays: [Duration] = LostAnswer.lookupDelays
    ) {
        self.changes = changes
        self.orders = orders
        self.now = now
        self.lookupDelays = lookupDelays.isEmpty ? [.zero] : lookupDelays
    }

    /// The booking whose reference is `reference`, as the API has it.
    public func find(_ reference: String) async -> Result<Order, ServiceError> {
        do {
            let page = try await orders.orders(OrderQuery(bookingReference: reference))
            guard let order = page.items.first(where: { $0.bookingReference.uppercased() == reference.uppercased() }) else {
                return .failure(.api(APIError(status: 404, errors: [APIErrorDetail(
                    type: .invalidRequest, code: .notFound, title: "Not found",
                    message: "No booking has the reference \(reference).")]), rateLimit: nil))
            }
            return .success(order)
        } catch {
            return .failure(error)
        }
    }

    /// The change offers of a new change request, cheapest first (those the request's answer carries, else listed).
    public func search(_ request: OrderChangeRequestCreation) async -> Result<[OrderChangeOffer], ServiceError> {
        guard let changes else { return .failure(.transport("This backend makes no order changes.")) }
        do {
            let created = try await changes.createOrderChangeRequest(request)
            var offers = created.orderChangeOffers
            if offers.isEmpty { offers = try await changes.orderChangeOffers(requestID: created.id) }
            return .success(offers.sorted { $0.changeTotalAmount.amount < $1.changeTotalAmount.amount })
        } catch {
            return .failure(error)
        }
    }

    /// The offer as it stands, and a change made from it; an offer gone or expired is said as such.
    public func recheck(_ offerID: String) async -> ChangeRecheck {
        guard let changes else { return .failed(.transport("This backend makes no order changes.")) }
        do {
            let offer = try await changes.orderChangeOffer(id: offerID)
            if offer.isExpired(at: now()) { return .expired }
            return .ready(offer, try await changes.createOrderChange(offerID: offerID))
        } catch {
            return Self.isGone(error) ? .expired : .failed(error)
        }
    }

    /// Confirms `change` of order `orderID` when its change total is `agreedTotal` (below zero: money back; `nil`
    /// agrees to the change as it is, just shown); at another total nothing is sent
    /// (``ChangeConfirmation/priceChanged(_:)``). A change that names no total is judged by `offer`'s, the change
    /// offer it was made from as read just before; with neither, an agreed total cannot be checked and nothing is
    /// sent. A lost answer is resolved by reading the change (a few times: the airline may still be making it), never
    /// by confirming again; a price that moved reads the change for its new total.
    public func confirm(
        _ change: OrderChange, orderID: String, agreedTotal: Decimal? = nil, offer: OrderChangeOffer? = nil
    ) async -> ChangeConfirmation {
        guard let changes else { return .failed(.transport("This backend makes no order changes.")) }
        let total = change.changeTotalAmount ?? offer?.changeTotalAmount
        if let agreedTotal {
            guard let total else {
                return .failed(.malformedResponse("The change's total is not known, so the total agreed cannot be checked; nothing was changed."))
            }
            if !AgreedAmount.matches(agreedTotal, total) { return .priceChanged(change) }
        }
        // Money back, or nothing to pay, goes where `refund_to` says: Duffel takes no payment then.
        let payment = total.flatMap { $0.amount > 0 ? Payment(amount: $0) : nil }
        // Shielded: once the confirmation is on its way, its answer is kept even if the caller goes away.
        return await Task { await self.send(change, orderID: orderID, payment: payment, changes: changes) }.value
    }

    private func send(
        _ change: OrderChange, orderID: String, payment: Payment?, changes: any OrderChangeService
    ) async -> ChangeConfirmation {
        let confirmed: OrderChange
        do {
            confirmed = try await changes.confirmOrderChange(id: change.id, payment: payment)
        } catch {
            return await recover(change, orderID: orderID, lost: error, changes: changes)
        }
        let orderRead = try? await orders.order(id: confirmed.orderId.isEmpty ? orderID : confirmed.orderId)
        return .changed(confirmed, orderRead, recovered: false)
    }

    /// The confirmation failed or its answer was lost: the change, read again, says whether it was confirmed, or
    /// what it costs now.
    private func recover(
        _ change: OrderChange, orderID: String, lost error: ServiceError, changes: any OrderChangeService
    ) async -> ChangeConfirmation {
        if Self.isGone(error) { return .expired }
        let orders = orders
        let resolution = await LostAnswer.resolve(
            delays: error.mayHaveTakenEffect ? lookupDelays : [.zero]
        ) { () async throws(ServiceError) -> ChangeConfirmation? in
            let read = try await changes.orderChange(id: change.id)
            if read.isConfirmed {
                return .changed(read, try? await orders.order(id: orderID), recovered: error.mayHaveTakenEffect)
            }
            if error.has(.priceChanged), read.changeTotalAmount != change.changeTotalAmount {
                return .priceChanged(read)
            }
            return nil
        }
        switch resolution {
        case .found(let confirmation): return confirmation
        case .lookupFailed(let lookup) where error.mayHaveTakenEffect: return .unknown(error, lookup: lookup)
        case .notFound, .lookupFailed: return .failed(error)
        }
    }

    /// Whether the airline says the offer (or the change made from it) is no longer there to take.
    public static func isGone(_ error: ServiceError) -> Bool {
        error.has(.orderChangeOfferNoLongerAvailable) || error.has(.offerNoLongerAvailable)
            || error.apiError?.status == 404
    }
}

/// The chosen change offer, read again, and the change made from it.
public enum ChangeRecheck: Codable, Sendable, Equatable {
    /// The offer as it stands and the change to confirm.
    case ready(OrderChangeOffer, OrderChange)
    /// The offer is gone or expired: nothing was made.
    case expired
    /// The airline refused or did not answer; nothing was made.
    case failed(ServiceError)
}

/// How confirming a change ended.
public enum ChangeConfirmation: Codable, Sendable, Equatable {
    /// Confirmed: the change, and the booking read after it (`nil` when it could not be read). `recovered`: the
    /// answer was lost, and reading the change showed it confirmed.
    case changed(OrderChange, Order?, recovered: Bool)
    /// The airline's price moved, or the total agreed is not the change's: nothing was paid; the change as it stands
    /// now, to confirm again.
    case priceChanged(OrderChange)
    /// The change offer expired before it was confirmed: nothing was paid.
    case expired
    /// Refused; nothing was changed.
    case failed(ServiceError)
    /// The answer was lost and the change could not be read again: the booking may or may not have changed.
    case unknown(ServiceError, lookup: ServiceError)
}
