import Entities
import Foundation

extension SandboxAPI {
    // MARK: - What may change

    func storedOrder(_ id: String) async throws(APIFailure) -> Order {
        let found: Order?
        do { found = try await store.order(id: id) } catch { throw .internalError(error.description) }
        guard let found else { throw .notFound("No order has the id \(id).", source: APIErrorSource(field: "order_id")) }
        return found
    }

    /// The order, when Duffel would take a change request for it: paid, not cancelled, and on a fare whose
    /// `conditions.change_before_departure` allows changes.
    func changeableOrder(_ id: String) async throws(APIFailure) -> Order {
        let order = try await storedOrder(id)
        if order.cancelledAt != nil {
            throw .invalidState(APIErrorCode(rawValue: "order_cancelled"), title: "Order cancelled", "Order \(order.id) is cancelled.")
        }
        if order.paymentStatus.awaitingPayment {
            throw .invalidState(
                APIErrorCode(rawValue: "order_awaiting_payment"), title: "Order not paid",
                "Only a paid order can be changed; pay order \(order.id) first (POST /air/payments).")
        }
        guard order.sandboxChangeable else {
            throw .validation(
                field: "order_id",
                "Order \(order.id) cannot be changed: its fare does not allow changes before departure (conditions.change_before_departure.allowed is not true).")
        }
        return order
    }

    /// Refuses removing a slice the fare does not let change, when only the airline's schedule change allows one.
    func checkFareAllows(_ removed: [Slice], of order: Order) throws(APIFailure) {
        for slice in removed where !order.mayChange(sliceID: slice.id) {
            throw .validation(
                field: "slices.remove",
                "Slice \(slice.id) cannot be changed: the fare does not allow changes, and the airline-initiated change that allows one is to another slice.")
        }
    }

    /// The order's slices named by `removals`, each once, none flown yet.
    func slicesToRemove(
        _ removals: [OrderChangeSliceToRemove], of order: Order, at date: Date
    ) throws(APIFailure) -> [Slice] {
        guard !removals.isEmpty else {
            throw .validation(field: "slices.remove", "Name at least one of the order's slices to remove: {\"slice_id\": \"sli_…\"}.")
        }
        var issues: [ValidationIssue] = []
        var slices: [Slice] = []
        for (index, removal) in removals.enumerated() {
            let field = "slices.remove[\(index)].slice_id"
            guard let slice = order.slices.first(where: { $0.id == removal.sliceId }) else {
                issues.append(ValidationIssue(field: field, message: "\(removal.sliceId) is not a slice of order \(order.id)."))
                continue
            }
            if slices.contains(where: { $0.id == slice.id }) {
                issues.append(ValidationIssue(field: field, message: "Slice \(slice.id) is named twice."))
                continue
            }
            if let first = slice.segments.first, first.departingAt.instant(in: first.origin.zone) <= date {
                issues.append(ValidationIssue(field: field, message: "Slice \(slice.id) has already departed; it cannot be changed."))
                continue
            }
            slices.append(slice)
        }
        if !issues.isEmpty { throw .validation(issues) }
        return slices
    }

    /// Each new slice between known airports, on a day not past, in order, all in one cabin; answers that cabin
    /// (the removed slices' when the request names none).
    func validateAdditions(
        _ additions: [OrderChangeSliceToAdd], replacing removed: [Slice], at date: Date
    ) throws(APIFailure) -> CabinClass {
        guard !additions.isEmpty else {
            throw .validation(
                field: "slices.add",
                "Give at least one slice to add: {\"origin\", \"destination\", \"departure_date\", \"cabin_class\"}.")
        }
        let booked = removed.first?.segments.first?.passengers.first?.cabinClass ?? .economy
        let cabin = additions.first?.cabinClass ?? booked
        var issues: [ValidationIssue] = []
        for (index, slice) in additions.enumerated() {
            let field = "slices.add[\(index)]"
            for (name, code) in [("origin", slice.origin), ("destination", slice.destination)]
            where !(BookingRules.isIATACode(code) && world.knows(code)) {
                issues.append(ValidationIssue(
                    field: "\(field).\(name)",
                    message: "\(code) is not an airport or city the sandbox knows; look it up with place suggestions."))
            }
            if slice.origin == slice.destination {
                issues.append(ValidationIssue(field: "\(field).destination", message: "The destination must differ from the origin."))
            }
            let zone = world.airports(for: slice.origin).first?.zone ?? SearchKey.utc
            if slice.departureDate < CalendarDate(date, in: zone) {
                issues.append(ValidationIssue(
                    field: "\(field).departure_date", message: "\(slice.departureDate) is in the past at \(slice.origin)."))
            }
            if index > 0, slice.departureDate < additions[index - 1].departureDate {
                issues.append(ValidationIssue(
                    field: "\(field).departure_date", message: "The new slices must be in order of departure."))
            }
            if let named = slice.cabinClass {
                if !CabinClass.allCases.filter({ $0 != .unknown }).contains(named) {
                    issues.append(ValidationIssue(
                        field: "\(field).cabin_class",
                        message: "cabin_class must be economy, premium_economy, business or first, not \(named.rawValue)."))
                } else if named != cabin {
                    issues.append(ValidationIssue(
                        field: "\(field).cabin_class", message: "Every new slice must be in the same cabin (\(cabin.rawValue))."))
                }
            }
        }
        if !issues.isEmpty { throw .validation(issues) }
        return cabin
    }

    // MARK: - Change offers

    /// The most change offers a request answers.
    static let maximumChangeOffers = 20

    /// Offers for the new slices, searched as the original booking was (same passengers) and sold by the order's
    /// airline (in the removed slices' fare brand where it has one), each priced against the order:
    /// change total = new fare − the removed slices' share of the order's fare + the change penalty; new total =
    /// order total + change total. The removed slices' share is the order's total less its seats and bags, split
    /// evenly between its slices.
    func changeOffers(
        for order: Order, removing removed: [Slice], adding additions: [OrderChangeSliceToAdd], cabin: CabinClass,
        at date: Date
    ) async throws(APIFailure) -> [OrderChangeOffer] {
        let original = try await originalSearch(of: order)
        let key = SearchKey(
            legs: additions.map { SearchKey.Leg(origin: $0.origin, destination: $0.destination, date: $0.departureDate) },
            passengers: original?.passengers ?? SandboxAPI.passengerSpecs(of: order), cabin: cabin,
            maxConnections: original?.maxConnections ?? SearchKey.defaultMaxConnections, offerCount: 0, createdAt: date)
        let search = generatedSearch(for: key)
        let sameAirline = search.offers.filter { $0.owner.iataCode == order.owner.iataCode }
        let brand = removed.first?.fareBrandName
        let sameFare = sameAirline.filter { brand == nil || $0.slices.first?.fareBrandName == brand }
        let chosen = (sameFare.isEmpty ? sameAirline : sameFare).prefix(SandboxAPI.maximumChangeOffers)

        let total = order.totalAmount ?? .zero("GBP")
        let currency = total.currency
        let extras = order.services.compactMap(\.totalAmount).reduce(Money.zero(currency)) { sum, price in
            sum.adding(SandboxAPI.converted(price, to: currency)) ?? sum
        }
        let fare = total.subtracting(extras) ?? total
        let slicesBooked = max(order.slices.count, 1)
        let share = Money(amount: fare.amount * Decimal(removed.count) / Decimal(slicesBooked), currency: currency).rounded
        // Moving only the flights the airline's own schedule change moved carries no fee.
        let byAirline = removed.allSatisfy { slice in
            order.pendingAirlineChanges.contains { change in
                change.availableActions.contains(.change) && change.removed.contains { $0.id == slice.id }
            }
        }
        let penalty = byAirline
            ? .zero(currency)
            : SandboxAPI.converted(order.conditions.changeBeforeDeparture?.penalty ?? .zero(currency), to: currency)
        // The new flights carry the order's passengers, in the order the booking's offer listed them.
        let bookedPassengers = order.slices.first?.segments.first?.passengers.map(\.passengerId) ?? order.passengers.map(\.id)
        let renamed = Dictionary(
            zip(search.passengers.map(\.id), bookedPassengers), uniquingKeysWith: { first, _ in first })
        return chosen.map { offer in
            let newFare = SandboxAPI.converted(offer.totalAmount, to: currency)
            let change = Money(amount: newFare.amount - share.amount + penalty.amount, currency: currency)
            let added = offer.slices.map { slice in
                var moved = slice
                moved.segments = slice.segments.map { segment in
                    var renumbered = segment
                    renumbered.passengers = segment.passengers.map { passenger in
                        var named = passenger
                        named.passengerId = renamed[passenger.passengerId] ?? passenger.passengerId
                        return named
                    }
                    return renumbered
                }
                return moved
            }
            return OrderChangeOffer(
                id: SandboxID.random("oco_"), orderChangeId: nil, changeTotalAmount: change,
                newTotalAmount: total.adding(change), penaltyTotalAmount: penalty, expiresAt: key.expiresAt,
                refundTo: "original_form_of_payment", slices: OrderChangeSlices(add: added, remove: removed),
                conditions: offer.conditions, createdAt: date, updatedAt: date, liveMode: false)
        }
    }

    /// The search the order was booked from, for its passengers.
    private func originalSearch(of order: Order) async throws(APIFailure) -> SearchKey? {
        let offerID: String?
        do { offerID = try await store.offerID(ofOrder: order.id) } catch { throw .internalError(error.description) }
        return offerID.flatMap(SandboxID.offerReference(fromOfferID:))?.key
    }

    /// Passengers read off the order, for an order whose offer cannot be read back.
    static func passengerSpecs(of order: Order) -> [PassengerSpec] {
        order.passengers.map { passenger in
            if passenger.type == .infantWithoutSeat { return .infantOnLap }
            return passenger.type == .child ? .child(age: 10) : .adult
        }
    }

    /// `money` in `currency`, through the sandbox's fixed rates.
    static func converted(_ money: Money, to currency: String) -> Money {
        guard money.currency != currency else { return money }
        let pounds = NSDecimalNumber(decimal: money.amount).doubleValue / Pricing.rate(money.currency)
        return Pricing.money(minorUnits: Pricing.minorUnits(pounds: pounds, currency: currency), currency: currency)
    }

    // MARK: - Listing

    /// `GET /air/order_change_offers?order_change_request_id=`: a request's offers, page by page, sorted by change
    /// total or duration when asked.
    func listOrderChangeOffers(
        requestID: String?, sort: String?, maxConnections: String?, limit: String?, after: String?
    ) async throws(APIFailure) -> APIReply {
        guard let requestID, !requestID.isEmpty else {
            throw .invalidParameter(
                "order_change_request_id", "Give the order change request's id (ocr_…) as order_change_request_id.")
        }
        let found: OrderChangeRequest?
        do { found = try await store.changeRequest(id: requestID) } catch { throw .internalError(error.description) }
        guard let request = found else {
            throw .notFound(
                "No order change request has the id \(requestID).", source: APIErrorSource(parameter: "order_change_request_id"))
        }
        let pageSize = try SandboxAPI.pageSize(limit)
        var offers = Array(request.orderChangeOffers.enumerated())
        if let maxConnections {
            guard let value = Int(maxConnections), (0...2).contains(value) else {
                throw .invalidParameter("max_connections", "max_connections must be 0, 1 or 2.")
            }
            offers.removeAll { $0.element.slices.add.contains { $0.segments.count - 1 > value } }
        }
        let duration: (OrderChangeOffer) -> Int = { offer in
            offer.slices.add.reduce(0) { $0 + ($1.duration?.seconds ?? 0) }
        }
        switch sort {
        case nil, "": break
        case "change_total_amount":
            offers.sort { ($0.element.changeTotalAmount.amount, $0.offset) < ($1.element.changeTotalAmount.amount, $1.offset) }
        case "-change_total_amount":
            offers.sort { ($0.element.changeTotalAmount.amount, $1.offset) > ($1.element.changeTotalAmount.amount, $0.offset) }
        case "total_duration": offers.sort { (duration($0.element), $0.offset) < (duration($1.element), $1.offset) }
        case "-total_duration": offers.sort { (duration($0.element), $1.offset) > (duration($1.element), $0.offset) }
        case let other?:
            throw .invalidParameter(
                "sort", "sort must be change_total_amount or total_duration, with a leading - for descending, not \"\(other)\".")
        }
        let scope = "change_offers|\(requestID)|\(sort ?? "")|\(maxConnections ?? "")"
        var start = 0
        if let after {
            guard let offset = SandboxID.offset(fromCursor: after, scope: scope), offset <= offers.count else {
                throw .invalidParameter("after", "after must be the cursor of a previous page of this same listing.")
            }
            start = offset
        }
        let end = min(offers.count, start + pageSize)
        let next = end < offers.count ? SandboxID.cursor(offset: end, scope: scope) : nil
        return try .json(ListWire(
            offers[start..<end].map { OrderChangeOfferWire(offer: $0.element) }, meta: .init(limit: pageSize, after: next)))
    }
}
