import Entities
import Foundation
import ModuleCore
import Services

/// The work the change's rules ask for; ``FlightChangeServices`` does it.
enum FlightChangeWork: ScreenWork {
    /// Find the booking by its reference.
    case find(reference: String)
    /// Ask the airline how the booking can change (`POST /air/order_change_requests`), then its change offers.
    case search(OrderChangeRequestCreation)
    /// Read the chosen offer again and make a change from it (`POST /air/order_changes`).
    case recheck(offerID: String)
    /// Confirm the change, paying its total when it is above zero.
    case confirm(OrderChange, orderID: String)

    var id: String {
        switch self {
        case .find: "find"
        case .search: "search"
        case .recheck: "recheck"
        case .confirm: "confirm"
        }
    }

    /// A confirmation on its way to the airline is never cut off: its answer says whether the booking moved.
    var isShielded: Bool {
        if case .confirm = self { true } else { false }
    }
}

/// The calls to the airline behind each piece of work.
struct FlightChangeServices: Sendable {
    let changes: any OrderChangeService
    let orders: any OrderService
    let clock: @Sendable () -> Date
    /// How long to wait before each read after a lost confirmation (tests wait for nothing).
    let lookupDelays: [Duration]

    func perform(_ work: FlightChangeWork) async -> FlightChangeAction {
        switch work {
        case .find(let reference): .found(await find(reference), now: clock())
        case .search(let request): .searched(await search(request), now: clock())
        case .recheck(let offerID): .rechecked(await recheck(offerID), now: clock())
        case .confirm(let change, let orderID): .confirmed(await confirm(change, orderID: orderID), now: clock())
        }
    }

    /// The booking whose reference is `reference`.
    func find(_ reference: String) async -> Outcome<Order, ServiceError> {
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
    func search(_ request: OrderChangeRequestCreation) async -> Outcome<[OrderChangeOffer], ServiceError> {
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
    func recheck(_ offerID: String) async -> FlightChangeRecheck {
        do {
            let offer = try await changes.orderChangeOffer(id: offerID)
            if offer.isExpired(at: clock()) { return .expired }
            return .ready(offer, try await changes.createOrderChange(offerID: offerID))
        } catch {
            return Self.isGone(error) ? .expired : .failed(error)
        }
    }

    /// Confirms `change` with its total. A lost answer is resolved by reading the change (a few times: the airline
    /// may still be making it), never by confirming again; a price that moved reads the change for its new total.
    func confirm(_ change: OrderChange, orderID: String) async -> FlightChangeConfirmation {
        let total = change.changeTotalAmount
        // Money back, or nothing to pay, goes where `refund_to` says: Duffel takes no payment then.
        let payment = total.flatMap { $0.amount > 0 ? Payment(amount: $0) : nil }
        let confirmed: OrderChange
        do {
            confirmed = try await changes.confirmOrderChange(id: change.id, payment: payment)
        } catch {
            return await recover(change, orderID: orderID, lost: error)
        }
        return .changed(confirmed, try? await orders.order(id: confirmed.orderId.isEmpty ? orderID : confirmed.orderId),
                        recovered: false)
    }

    /// The confirmation failed or its answer was lost: the change, read again, says whether it was confirmed, or
    /// what it costs now.
    private func recover(_ change: OrderChange, orderID: String, lost error: ServiceError) async -> FlightChangeConfirmation {
        if Self.isGone(error) { return .expired }
        let resolution = await LostAnswer.resolve(
            delays: error.mayHaveTakenEffect ? lookupDelays : [.zero]
        ) { () async throws(ServiceError) -> FlightChangeConfirmation? in
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
    static func isGone(_ error: ServiceError) -> Bool {
        error.has(.orderChangeOfferNoLongerAvailable) || error.has(.offerNoLongerAvailable)
            || error.apiError?.status == 404
    }
}
