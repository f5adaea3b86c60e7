import Entities
import Foundation

extension SandboxAPI {
    // MARK: - Services after booking

    /// An order as stored, or 404 (naming `source` when the id came from it).
    func storedOrder(_ id: String, source: APIErrorSource? = nil) async throws(APIFailure) -> Order {
        let found: Order?
        do { found = try await store.order(id: id) } catch { throw .internalError(error.description) }
        guard let found else { throw .notFound("No order has the id \(id).", source: source) }
        return found
    }

    /// `GET /air/orders/{id}/available_services`: the bags the order can still add (Duffel sells bags after booking),
    /// each with the quantity left beside what the order holds; none for a cancelled order. Seats are added with
    /// the ids of the order's offer's seat maps.
    func orderAvailableServices(orderID: String) async throws(APIFailure) -> APIReply {
        let order = try await storedOrder(orderID)
        var bags: [AvailableService] = []
        if order.cancelledAt == nil {
            let offer = try await bookedOffer(of: order)
            let held = Dictionary(
                order.services.filter { $0.type == .baggage }
                    .map { (SandboxAPI.bagKey($0.passengerIds, $0.segmentIds), $0.quantity) },
                uniquingKeysWith: +)
            bags = ServiceCatalog.bags(for: offer).compactMap { bag in
                var left = bag
                left.maximumQuantity -= held[SandboxAPI.bagKey(bag.passengerIds, bag.segmentIds)] ?? 0
                return left.maximumQuantity > 0 ? left : nil
            }
        }
        return try .json(ListWire(bags.map(ServiceWire.init(available:)), meta: nil))
    }

    /// `POST /air/orders/{id}/services` with `{add_services, payment}`: bags and seats of the order's offer, by the
    /// rules of an order's services (``chosenServices(_:from:offerID:passengerIDs:field:booked:)``), the order's own
    /// services counting. Paid like Duffel's: a paid order pays the services' total now (`payment`, a wrong amount
    /// says what is due); a held order sends no payment (Duffel: services and payments are omitted when the order's
    /// type is `hold`) and its total, paid through `POST /air/payments`, grows by them. The order answers with them.
    func addOrderServices(orderID: String, body: Data) async throws(APIFailure) -> APIReply {
        let request = try RequestBody.decode(ServicesBody.self, from: body)
        let addedAt = now()
        let stored = try await storedOrder(orderID)
        let order = repriced(stored, at: addedAt)
        try SandboxAPI.checkServicesCanBeAdded(to: order, at: addedAt)
        guard !request.addition.addServices.isEmpty else {
            throw .validation(field: "add_services", "Name at least one service to add: {\"id\": \"ase_…\", \"quantity\": 1}.")
        }
        let offer = try await bookedOffer(of: order)
        let chosen = try chosenServices(
            request.addition.addServices, from: serviceCatalog(for: offer), offerID: offer.id,
            passengerIDs: Set(order.passengers.map(\.id)), field: "add_services", booked: order.services)
        let total = SandboxAPI.total(of: chosen, currency: order.totalAmount?.currency ?? offer.totalAmount.currency)
        try SandboxAPI.checkServicesPayment(request, of: order, total: total)
        let added = SandboxAPI.booked(chosen, orderID: order.id, round: order.services.count)
        let updated: Order?
        do {
            updated = try await store.updateOrder(id: order.id) { current in
                // Checked again inside the transaction: paid, cancelled or given services meanwhile, it is refused.
                guard current.cancelledAt == nil, current.services == stored.services,
                      current.paymentStatus.awaitingPayment == stored.paymentStatus.awaitingPayment else { return nil }
                var grown = current
                grown.services += added
                grown.totalAmount = current.totalAmount.flatMap { $0.adding(total) } ?? total
                return grown
            }
        } catch {
            throw .internalError(error.description)
        }
        guard let updated else {
            throw .invalidState(
                APIErrorCode(rawValue: "order_changed"), title: "Order changed",
                "Order \(order.id) was paid, cancelled or given other services while these were added; read it again and choose again.")
        }
        return try .json(DataWire(OrderWire(order: repriced(updated, at: addedAt))), status: 201)
    }

    /// The offer `order` booked (expired or not: it was booked).
    private func bookedOffer(of order: Order) async throws(APIFailure) -> Offer {
        let offerID: String?
        do { offerID = try await store.offerID(ofOrder: order.id) } catch { throw .internalError(error.description) }
        guard let offerID else { throw .notFound("No order has the id \(order.id).") }
        return try resolveOffer(offerID, source: nil).1
    }

    /// Why nothing can be added to `order` now, thrown: it is cancelled, or a hold past its deadline.
    private static func checkServicesCanBeAdded(to order: Order, at date: Date) throws(APIFailure) {
        if order.cancelledAt != nil {
            throw .invalidState(
                APIErrorCode(rawValue: "order_cancelled"), title: "Order cancelled",
                "Order \(order.id) is cancelled; services can no longer be added to it.")
        }
        if order.paymentStatus.awaitingPayment, let deadline = order.paymentStatus.paymentRequiredBy, deadline <= date {
            throw .invalidState(
                APIErrorCode(rawValue: "payment_deadline_passed"), title: "Hold lapsed",
                "The hold on order \(order.id) had to be paid by \(DuffelJSON.formatTimestamp(deadline)); services can no longer be added to it.")
        }
    }

    /// A paid order pays exactly the services' `total` now, in its currency; a held order names no payment at all.
    private static func checkServicesPayment(_ request: ServicesBody, of order: Order, total: Money) throws(APIFailure) {
        if order.paymentStatus.awaitingPayment {
            guard !request.namesPayment else {
                throw .validation(
                    field: "payment",
                    "Order \(order.id) is on hold and not paid yet: services added to it are paid with the order, at its new total of \((order.totalAmount?.adding(total) ?? total).wireAmount) \(total.currency), through POST /air/payments. Send no payment key.")
            }
            return
        }
        guard let payment = request.addition.payment else {
            throw .validation(
                field: "payment", "Order \(order.id) is paid: pay for the services now with a payment of their total, \(total.wireAmount) \(total.currency).")
        }
        guard ["balance", "arc_bsp_cash"].contains(payment.type) else {
            throw .validation(field: "payment.type", "The sandbox takes payments of type balance.")
        }
        guard payment.amount.currency == total.currency else {
            throw .validation(
                field: "payment.currency", "The order is priced in \(total.currency); pay in that currency, not \(payment.amount.currency).")
        }
        guard payment.amount.amount == total.amount else {
            throw APIFailure(
                status: 422, type: .validation, code: .invalidPaymentAmount, title: "Invalid payment amount",
                message: "The payment must equal the services' total of \(total.wireAmount) \(total.currency), not \(payment.amount.wireAmount).",
                source: APIErrorSource(field: "payment.amount", pointer: "/data/payment/amount"))
        }
    }

    /// A services body, read once: the addition, and whether it names `payment` at all (`null` included).
    private struct ServicesBody: Decodable {
        var addition: ServicesAddition
        var namesPayment: Bool

        private enum CodingKeys: String, CodingKey { case payment }

        init(from decoder: any Decoder) throws {
            addition = try ServicesAddition(from: decoder)
            namesPayment = try decoder.container(keyedBy: CodingKeys.self).contains(.payment)
        }
    }
}
