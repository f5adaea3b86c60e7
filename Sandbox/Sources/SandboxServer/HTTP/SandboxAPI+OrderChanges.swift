import Entities
import Foundation

extension SandboxAPI {
    // MARK: - Order changes

    /// `POST /air/order_change_requests`: change offers for a paid order whose fare allows changes
    /// (`conditions.change_before_departure.allowed`), from the airline that sold it, priced from the new flights.
    func createOrderChangeRequest(body: Data) async throws(APIFailure) -> APIReply {
        let creation = try RequestBody.decode(OrderChangeRequestCreation.self, from: body)
        let requestedAt = now()
        let order = try await changeableOrder(creation.orderId)
        let removed = try slicesToRemove(creation.slices.remove, of: order, at: requestedAt)
        try checkFareAllows(removed, of: order)
        let cabin = try validateAdditions(creation.slices.add, replacing: removed, at: requestedAt)
        let offers = try await changeOffers(
            for: order, removing: removed, adding: creation.slices.add, cabin: cabin, at: requestedAt)
        var slices = creation.slices
        slices.add = slices.add.map { slice in
            var named = slice
            named.cabinClass = cabin
            return named
        }
        let request = OrderChangeRequest(
            id: SandboxID.random("ocr_"), orderId: order.id, slices: slices, orderChangeOffers: offers,
            createdAt: requestedAt, updatedAt: requestedAt, liveMode: false)
        do { try await store.insertChangeRequest(request) } catch { throw .internalError(error.description) }
        return try .json(DataWire(OrderChangeRequestWire(request: request)), status: 201)
    }

    func orderChangeRequest(id: String) async throws(APIFailure) -> APIReply {
        let found: OrderChangeRequest?
        do { found = try await store.changeRequest(id: id) } catch { throw .internalError(error.description) }
        guard let found else { throw .notFound("No order change request has the id \(id).") }
        return try .json(DataWire(OrderChangeRequestWire(request: found)))
    }

    func orderChangeOffer(id: String) async throws(APIFailure) -> APIReply {
        let found: OrderChangeOffer?
        do { found = try await store.changeOffer(id: id) } catch { throw .internalError(error.description) }
        guard let found else { throw .notFound("No order change offer has the id \(id).") }
        return try .json(DataWire(OrderChangeOfferWire(offer: found)))
    }

    // MARK: - Choosing and confirming

    /// `POST /air/order_changes`: a pending change from an unexpired change offer whose slices the order still
    /// has. It expires with the offer, or at once on the expiring scenario's route.
    func createOrderChange(body: Data) async throws(APIFailure) -> APIReply {
        let creation = try RequestBody.decode(OrderChangeCreation.self, from: body)
        let offerID = creation.selectedOrderChangeOffer
        let createdAt = now()
        let found: (OrderChangeOffer, String)?
        do { found = try await store.changeOfferWithOrder(id: offerID) } catch { throw .internalError(error.description) }
        guard let found else {
            throw .notFound(
                "No order change offer has the id \(offerID).", source: APIErrorSource(field: "selected_order_change_offer"))
        }
        let (offer, orderID) = found
        if offer.isExpired(at: createdAt) {
            throw SandboxAPI.changeNoLongerAvailable(
                "Order change offer \(offerID) expired at \(offer.expiresAt.map(DuffelJSON.formatTimestamp) ?? "an unknown time"); ask for new change offers.")
        }
        let order = try await storedOrder(orderID)
        if order.cancelledAt != nil {
            throw .invalidState(APIErrorCode(rawValue: "order_cancelled"), title: "Order cancelled", "Order \(order.id) is cancelled.")
        }
        let held = Set(order.slices.map(\.id))
        if let gone = offer.slices.remove.first(where: { !held.contains($0.id) }) {
            throw SandboxAPI.changeNoLongerAvailable(
                "Order \(order.id) no longer has slice \(gone.id): another change moved it. Ask for new change offers.")
        }
        let expiresAtOnce = offer.slices.add.contains { slice in
            Scenario.forLeg(origin: slice.origin.iataCode, destination: slice.destination.iataCode) == .changeOfferExpires
        }
        let change = OrderChange(
            id: SandboxID.random("oce_"), orderId: order.id, changeTotalAmount: offer.changeTotalAmount,
            newTotalAmount: offer.newTotalAmount, penaltyTotalAmount: offer.penaltyTotalAmount,
            expiresAt: expiresAtOnce ? createdAt : offer.expiresAt, confirmedAt: nil,
            refundTo: offer.isRefund ? "original_form_of_payment" : nil, slices: offer.slices, createdAt: createdAt,
            updatedAt: createdAt, liveMode: false)
        do { try await store.insertOrderChange(change, offerID: offerID) } catch { throw .internalError(error.description) }
        return try .json(DataWire(OrderChangeWire(change: change)), status: 201)
    }

    func orderChange(id: String) async throws(APIFailure) -> APIReply {
        let found: OrderChange?
        do { found = try await store.orderChange(id: id) } catch { throw .internalError(error.description) }
        guard let found else { throw .notFound("No order change has the id \(id).") }
        return try .json(DataWire(OrderChangeWire(change: found)))
    }

    /// `POST /air/order_changes/{id}/actions/confirm`: with a payment of the change total (none needed when it is
    /// zero or money back), the order flies the new slices and costs the new total. Once only: a second
    /// confirmation is 422 and moves nothing.
    func confirmOrderChange(id: String, body: Data) async throws(APIFailure) -> APIReply {
        let confirmation = try RequestBody.decode(OrderChangeConfirmation.self, from: body)
        let confirmedAt = now()
        let found: OrderChange?
        do { found = try await store.orderChange(id: id) } catch { throw .internalError(error.description) }
        guard let change = found else { throw .notFound("No order change has the id \(id).") }
        if change.isConfirmed { throw SandboxAPI.alreadyConfirmed(change) }
        if change.isExpired(at: confirmedAt) {
            throw SandboxAPI.changeNoLongerAvailable(
                "Order change \(id) expired at \(change.expiresAt.map(DuffelJSON.formatTimestamp) ?? "an unknown time") before it was confirmed; ask for new change offers.")
        }
        try SandboxAPI.checkChangePayment(confirmation.payment, for: change)
        let outcome: ChangeConfirmation
        do {
            outcome = try await store.confirmOrderChange(id: id, at: confirmedAt) { order, change in
                SandboxAPI.applying(change, to: order)
            }
        } catch {
            throw .internalError(error.description)
        }
        switch outcome {
        case .confirmed(let confirmed, _):
            return try .json(DataWire(OrderChangeWire(change: confirmed)))
        case .alreadyConfirmed(let confirmed):
            throw SandboxAPI.alreadyConfirmed(confirmed)
        case .missing:
            throw .notFound("No order change has the id \(id).")
        case .orderCancelled:
            throw .invalidState(
                APIErrorCode(rawValue: "order_cancelled"), title: "Order cancelled", "The order of change \(id) is cancelled.")
        case .slicesGone:
            throw SandboxAPI.changeNoLongerAvailable(
                "Order \(change.orderId) no longer has the slices change \(id) replaces: another change moved it. Ask for new change offers.")
        }
    }

    /// The change total paid, in the change's currency, by balance; a change that brings money back or costs
    /// nothing needs no payment (or one of its total, or of zero).
    static func checkChangePayment(_ payment: Payment?, for change: OrderChange) throws(APIFailure) {
        let due = change.changeTotalAmount ?? .zero("GBP")
        guard let payment else {
            guard due.amount <= 0 else {
                throw .validation(
                    field: "payment",
                    "Confirming this change costs \(due.wireAmount) \(due.currency): send a payment {type: balance, amount, currency} of that total.")
            }
            return
        }
        guard ["balance", "arc_bsp_cash"].contains(payment.type) else {
            throw .validation(field: "payment.type", "The sandbox takes payments of type balance.")
        }
        guard payment.amount.currency == due.currency else {
            throw .validation(
                field: "payment.currency", "The change is priced in \(due.currency); pay in that currency, not \(payment.amount.currency).")
        }
        let accepted = due.amount > 0 ? [due.amount] : [due.amount, 0]
        guard accepted.contains(payment.amount.amount) else {
            throw APIFailure(
                status: 422, type: .validation, code: .invalidPaymentAmount, title: "Invalid payment amount",
                message: "The payment must equal the change total of \(due.wireAmount) \(due.currency), not \(payment.amount.wireAmount). Read the order change again and confirm its total.",
                source: APIErrorSource(field: "payment.amount", pointer: "/data/payment/amount"))
        }
    }

    /// The order once `change` is confirmed: the removed slices replaced by the added ones, in order of departure,
    /// at the new total; seats and bags booked on flights it no longer has are dropped.
    static func applying(_ change: OrderChange, to order: Order) -> Order {
        var changed = order
        let removed = Set(change.slices.remove.map(\.id))
        let removedSegments = Set(order.slices.filter { removed.contains($0.id) }.flatMap { $0.segments.map(\.id) })
        changed.slices = (order.slices.filter { !removed.contains($0.id) } + change.slices.add).sorted { first, second in
            guard let one = first.segments.first?.departingAt, let two = second.segments.first?.departingAt else { return false }
            return one < two
        }
        // The airline's schedule change to a slice this change moves is answered by it: `changed`.
        for index in changed.airlineInitiatedChanges.indices
        where changed.airlineInitiatedChanges[index].isPending
            && changed.airlineInitiatedChanges[index].availableActions.contains(.change)
            && changed.airlineInitiatedChanges[index].removed.contains(where: { removed.contains($0.id) }) {
            changed.airlineInitiatedChanges[index].actionTaken = .changed
            changed.airlineInitiatedChanges[index].actionTakenAt = change.confirmedAt
            changed.airlineInitiatedChanges[index].availableActions = []
        }
        changed.services = order.services.filter { service in
            service.segmentIds.isEmpty || !service.segmentIds.allSatisfy(removedSegments.contains)
        }
        if let total = change.newTotalAmount
            ?? order.totalAmount.flatMap({ total in change.changeTotalAmount.flatMap(total.adding) }) {
            changed.totalAmount = total
            if let tax = order.taxAmount, let base = total.subtracting(tax) { changed.baseAmount = base }
        }
        return changed
    }

    static func changeNoLongerAvailable(_ message: String) -> APIFailure {
        APIFailure(
            status: 422, type: .airline, code: .orderChangeOfferNoLongerAvailable,
            title: "Order change offer no longer available", message: message)
    }

    static func alreadyConfirmed(_ change: OrderChange) -> APIFailure {
        .invalidState(
            APIErrorCode(rawValue: "order_change_already_confirmed"), title: "Already confirmed",
            "Order change \(change.id) was confirmed at \(change.confirmedAt.map(DuffelJSON.formatTimestamp) ?? "an earlier time"); read order \(change.orderId) to see its flights.")
    }
}

extension Order {
    /// Whether the sandbox takes a change request for it: paid, not cancelled, and its fare allows changes (or a
    /// schedule change by the airline, waiting for an answer, offers `change`).
    var sandboxChangeable: Bool {
        cancelledAt == nil && !paymentStatus.awaitingPayment
            && (conditions.changeBeforeDeparture?.allowed == true || airlineChangeAllowsRebooking)
    }
}
