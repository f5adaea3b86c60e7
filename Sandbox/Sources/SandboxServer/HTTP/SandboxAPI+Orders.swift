import Entities
import Foundation

extension SandboxAPI {
    // MARK: - Orders

    func createOrder(body: Data) async throws(APIFailure) -> APIReply {
        let read = try RequestBody.decode(OrderBody.self, from: body)
        let creation = read.creation
        if creation.type == .hold { try SandboxAPI.refuseHoldExtras(creation, namesPayments: read.namesPayments) }
        let bookedAt = now()
        guard creation.selectedOffers.count == 1, let offerID = creation.selectedOffers.first else {
            throw .validation(field: "selected_offers", "Select exactly one offer (its off_… id).")
        }
        let (search, generated) = try resolveOffer(offerID, source: APIErrorSource(field: "selected_offers[0]"))
        if generated.isExpired(at: bookedAt) || search.scenarios.contains(.offerNoLongerAvailable) {
            throw APIFailure(
                status: 422, type: .airline, code: .offerNoLongerAvailable, title: "Offer no longer available",
                message: "The airline no longer sells offer \(offerID).")
        }
        if let existing = try await existingOrder(forOffer: offerID) {
            throw .invalidState(
                .alreadyBooked, title: "Already booked",
                "Offer \(offerID) was already booked as order \(existing.id) (\(existing.bookingReference)).")
        }
        try validatePassengers(creation.passengers, offer: generated, key: search.key, today: bookedAt)
        let services = try chosenServices(creation.services, offer: generated, passengers: creation.passengers)
        let offer = try await current(generated, of: search, countingRead: false)
        let servicesTotal = SandboxAPI.total(of: services, currency: offer.totalAmount.currency)
        try await validatePayment(creation, offer: offer, services: servicesTotal, search: search)

        var order = makeOrder(creation, offer: offer, services: services, servicesTotal: servicesTotal, at: bookedAt)
        if search.scenarios.contains(.airlineScheduleChange), let change = SandboxAPI.scheduleChange(of: order, at: bookedAt) {
            order.airlineInitiatedChanges = [change]
        }
        let stored: Order
        do {
            stored = try await store.insertOrder(order, offerID: offerID)
        } catch .offerAlreadyBooked(let orderID) {
            throw .invalidState(
                .alreadyBooked, title: "Already booked",
                "Offer \(offerID) was already booked as order \(orderID).")
        } catch {
            throw .internalError(error.description)
        }
        return try .json(DataWire(OrderWire(order: stored)), status: 201)
    }

    func order(id: String) async throws(APIFailure) -> APIReply {
        let found: Order?
        do { found = try await store.order(id: id) } catch { throw .internalError(error.description) }
        guard let found else { throw .notFound("No order has the id \(id).") }
        return try .json(DataWire(OrderWire(order: repriced(found, at: now()))))
    }

    func listOrders(bookingReference: String?, limit: String?, after: String?) async throws(APIFailure) -> APIReply {
        let pageSize = try SandboxAPI.pageSize(limit)
        let reference = bookingReference?.trimmingCharacters(in: .whitespaces).uppercased()
        let scope = "orders|\(reference ?? "")"
        var before: Int?
        if let after {
            guard let sequence = SandboxID.offset(fromCursor: after, scope: scope) else {
                throw .invalidParameter("after", "after must be the cursor of a previous page of this same listing.")
            }
            before = sequence
        }
        let result: (orders: [Order], nextBefore: Int?)
        do {
            result = try await store.orders(
                bookingReference: reference?.isEmpty == true ? nil : reference, limit: pageSize, before: before)
        } catch {
            throw .internalError(error.description)
        }
        let next = result.nextBefore.map { SandboxID.cursor(offset: $0, scope: scope) }
        let current = now()
        return try .json(ListWire(
            result.orders.map { OrderWire(order: repriced($0, at: current)) }, meta: .init(limit: pageSize, after: next)))
    }

    private func existingOrder(forOffer offerID: String) async throws(APIFailure) -> Order? {
        do { return try await store.order(forOffer: offerID) } catch { throw .internalError(error.description) }
    }

    /// One set of details per offer passenger, each by its id, each following Duffel's rules; every adult
    /// flying with an infant names that infant.
    private func validatePassengers(
        _ details: [PassengerDetails], offer: Offer, key: SearchKey, today: Date
    ) throws(APIFailure) {
        var issues: [ValidationIssue] = []
        let byID = Dictionary(offer.passengers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        if details.count != offer.passengers.count {
            issues.append(ValidationIssue(
                field: "passengers",
                message: "The offer is for \(offer.passengers.count) passenger(s); give details for each of them, \(details.count) were given."))
        }
        let firstDeparture = key.legs.first?.date ?? CalendarDate(today, in: SearchKey.utc)
        let lastDeparture = key.legs.last?.date ?? firstDeparture
        let zone = offer.slices.first?.segments.first?.origin.zone ?? SearchKey.utc
        let lastFlight = offer.slices.last?.arrivingAt?.date ?? lastDeparture
        var seen: Set<String> = []
        for (index, passenger) in details.enumerated() {
            guard let offered = byID[passenger.id] else {
                issues.append(ValidationIssue(
                    field: "passengers[\(index)].id",
                    message: "\(passenger.id) is not a passenger of this offer; use the pas_… ids the offer lists."))
                continue
            }
            if !seen.insert(passenger.id).inserted {
                issues.append(ValidationIssue(
                    field: "passengers[\(index)].id", message: "Passenger \(passenger.id) is given twice."))
            }
            issues += passenger.validationIssues(
                index: index, type: offered.resolvedType, age: offered.age, firstDeparture: firstDeparture,
                lastDeparture: lastDeparture, today: CalendarDate(today, in: zone))
            issues += passenger.identityDocumentIssues(
                index: index, required: offer.passengerIdentityDocumentsRequired, lastFlight: lastFlight)
            if let infant = passenger.infantPassengerId {
                if offered.resolvedType != .adult {
                    issues.append(ValidationIssue(
                        field: "passengers[\(index)].infant_passenger_id", message: "Only an adult can fly with an infant on their lap."))
                } else if byID[infant]?.resolvedType != .infantWithoutSeat {
                    issues.append(ValidationIssue(
                        field: "passengers[\(index)].infant_passenger_id",
                        message: "\(infant) is not an infant on a lap in this offer."))
                }
            }
        }
        for infant in offer.passengers where infant.resolvedType == .infantWithoutSeat {
            let carers = details.filter { $0.infantPassengerId == infant.id }.count
            if carers != 1, let index = details.firstIndex(where: { $0.id == infant.id }) {
                issues.append(ValidationIssue(
                    field: "passengers[\(index)].id",
                    message: "The infant \(infant.id) needs exactly one adult whose infant_passenger_id names them (\(carers) do)."))
            }
        }
        if !issues.isEmpty { throw .validation(issues) }
    }

    /// An instant order pays the current total and its services once; a hold pays nothing now and needs an offer
    /// that can be held. A payment of an earlier price is `price_changed`; any other amount is a validation error.
    private func validatePayment(
        _ creation: OrderCreation, offer: Offer, services: Money, search: GeneratedSearch
    ) async throws(APIFailure) {
        let holdOnly = search.scenarios.contains(.holdOnly)
        switch creation.type {
        case .hold:
            guard offer.canBeHeld else {
                throw .validation(field: "type", "This offer must be paid now: book it with type instant and a payment.")
            }
            return
        case .instant:
            if holdOnly {
                throw .validation(field: "type", "Offers on this route can only be held: book with type hold and pay later.")
            }
        default:
            throw .validation(field: "type", "type must be instant or hold, not \(creation.type.rawValue).")
        }
        guard creation.payments.count == 1, let payment = creation.payments.first else {
            throw .validation(field: "payments", "An instant order needs exactly one payment of the offer's total and its services.")
        }
        guard ["balance", "arc_bsp_cash"].contains(payment.type) else {
            throw .validation(field: "payments[0].type", "The sandbox takes payments of type balance.")
        }
        guard payment.amount.currency == offer.totalAmount.currency else {
            throw .validation(
                field: "payments[0].currency",
                "The offer is priced in \(offer.totalAmount.currency); pay in that currency, not \(payment.amount.currency).")
        }
        let due = offer.totalAmount.adding(services) ?? offer.totalAmount
        guard payment.amount.amount != due.amount else { return }
        if search.scenarios.contains(.priceRisesOnRead), let base = search.offers.first(where: { $0.id == offer.id }) {
            let step = Decimal(Scenario.priceRise)
            let reads = NSDecimalNumber(decimal: (offer.totalAmount.amount - base.totalAmount.amount) / step).intValue
            let earlierPrices = (0..<max(reads, 0)).map { base.totalAmount.amount + services.amount + Decimal($0) * step }
            if earlierPrices.contains(payment.amount.amount) {
                throw APIFailure(
                    status: 422, type: .airline, code: .priceChanged, title: "Price changed",
                    message: "The price of offer \(offer.id) changed from \(payment.amount.wireAmount) to \(due.wireAmount) \(due.currency). Fetch the offer again and confirm the new total.")
            }
        }
        let owed = services.amount == 0
            ? "the offer's total of \(due.wireAmount) \(due.currency)"
            : "the offer's total of \(offer.totalAmount.wireAmount) plus \(services.wireAmount) for the services, \(due.wireAmount) \(due.currency)"
        throw APIFailure(
            status: 422, type: .validation, code: .invalidPaymentAmount, title: "Invalid payment amount",
            message: "The payment must equal \(owed), not \(payment.amount.wireAmount).",
            source: APIErrorSource(field: "payments[0].amount", pointer: "/data/payments/0/amount"))
    }

    /// Duffel's rule: "When booking an offer with type hold, do not specify payments or services keys". A hold
    /// naming `payments`, even as an empty list or `null`, or naming any service, is refused with the field it
    /// names. An empty `services` list alone is let through: Duffel's own Python client (`duffel-api` 0.6.2, which
    /// `scripts/check-python-client` drives) sends `"services": []` with every hold.
    static func refuseHoldExtras(_ creation: OrderCreation, namesPayments: Bool) throws(APIFailure) {
        var issues: [ValidationIssue] = []
        if namesPayments {
            issues.append(ValidationIssue(
                field: "payments",
                message: "When booking an offer with type hold, do not specify payments or services keys: a hold is paid later with POST /air/payments, so send no payments key, not even an empty list."))
        }
        if !creation.services.isEmpty {
            issues.append(ValidationIssue(
                field: "services",
                message: "When booking an offer with type hold, do not specify payments or services keys: send no services; add seats and bags to the held order afterwards with POST /air/orders/{id}/services."))
        }
        if !issues.isEmpty { throw .validation(issues) }
    }

    /// An order body, read once: the order to create, and whether it names `payments` at all, whatever its value
    /// (an empty list reads as no payments).
    private struct OrderBody: Decodable {
        var creation: OrderCreation
        var namesPayments: Bool

        private enum CodingKeys: String, CodingKey { case payments }

        init(from decoder: any Decoder) throws {
            creation = try OrderCreation(from: decoder)
            namesPayments = try decoder.container(keyedBy: CodingKeys.self).contains(.payments)
        }
    }

    /// The order as stored: its total is the offer's and the services' together.
    private func makeOrder(
        _ creation: OrderCreation, offer: Offer, services: [ChosenService], servicesTotal: Money, at date: Date
    ) -> Order {
        let types = Dictionary(offer.passengers.map { ($0.id, $0.resolvedType) }, uniquingKeysWith: { first, _ in first })
        let passengers = creation.passengers.map { details in
            OrderPassenger(
                id: details.id, type: types[details.id], title: details.title,
                givenName: details.givenName.trimmingCharacters(in: .whitespaces),
                familyName: details.familyName.trimmingCharacters(in: .whitespaces), bornOn: details.bornOn,
                gender: details.gender)
        }
        let hold = creation.type == .hold
        var actions: [OrderAction] = [.cancel, .update]
        if offer.conditions.changeBeforeDeparture?.allowed == true { actions.insert(.change, at: 1) }
        let prefix = SandboxAPI.ticketPrefix(offer.owner.iataCode ?? "ZZ")
        let documents = hold ? [] : passengers.enumerated().map { index, passenger in
            OrderDocument(
                type: "electronic_ticket",
                uniqueIdentifier: prefix + SandboxID.ticketDigits(offer.id, passenger.id, index: index),
                passengerIds: [passenger.id])
        }
        let id = SandboxID.random("ord_")
        return Order(
            id: id, bookingReference: "", type: creation.type,
            totalAmount: offer.totalAmount.adding(servicesTotal) ?? offer.totalAmount,
            baseAmount: offer.baseAmount, taxAmount: offer.taxAmount, owner: offer.owner, passengers: passengers,
            slices: offer.slices, conditions: offer.conditions, availableActions: actions,
            paymentStatus: hold
                ? PaymentStatus(
                    awaitingPayment: true, paymentRequiredBy: offer.paymentRequirements.paymentRequiredBy,
                    priceGuaranteeExpiresAt: offer.paymentRequirements.priceGuaranteeExpiresAt)
                : PaymentStatus(awaitingPayment: false, paidAt: date),
            documents: documents, cancelledAt: nil, createdAt: date, liveMode: false, metadata: creation.metadata,
            services: SandboxAPI.booked(services, orderID: id))
    }

    /// Airlines' three-digit ticketing codes, so ticket numbers read like real ones (125 for British Airways).
    static func ticketPrefix(_ airline: String) -> String {
        let known = [
            "BA": "125", "AA": "001", "DL": "006", "UA": "016", "AF": "057", "KL": "074", "LH": "220", "EK": "176",
            "QR": "157", "TK": "235", "SQ": "618", "CX": "160", "NH": "205", "QF": "081", "EI": "053", "FI": "108",
            "IB": "075", "AY": "105", "SK": "117", "VS": "932", "AC": "014", "ET": "071", "SA": "083", "AI": "098",
            "LA": "045",
        ]
        return known[airline] ?? "999"
    }
}
