import Entities
import Foundation
import MCP
import TerminalUI

/// Runs one checked call through the toolbox and shapes its answer: a result, or a tool error an assistant can act
/// on. The quotes of cancellations and changes are kept here (``Quotes``), so a confirmation must name one this
/// server gave for that booking, and a confirmation sent twice acts once.
actor ToolCalls {
    private let toolbox: any FlightsToolbox
    private var quotes = Quotes()
    /// Calls under way, and who waits for there to be none.
    private var running = 0
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []

    init(toolbox: any FlightsToolbox) {
        self.toolbox = toolbox
    }

    /// The answer to `request`: a result, or a tool error; `progress` hears how far it has got.
    ///
    /// Cancelling the task stops a read (a search's requests are abandoned); a call that moves money or a booking
    /// (``ToolRequest/finishesOnceStarted``) is finished all the same.
    func call(_ request: ToolRequest, progress: ToolProgress = .none) async -> CallTool.Result {
        running += 1
        defer {
            running -= 1
            if running == 0 {
                idleWaiters.forEach { $0.resume() }
                idleWaiters = []
            }
        }
        let answered: Result<Value, ToolFailure>
        if request.finishesOnceStarted {
            // A task of its own, so the caller's cancellation does not reach it.
            answered = await Task { await self.answered(request, progress: progress) }.value
        } else {
            answered = await self.answered(request, progress: progress)
        }
        switch answered {
        case .success(let value): return Self.result(value)
        case .failure(let failure): return Self.failure(failure)
        }
    }

    private func answered(_ request: ToolRequest, progress: ToolProgress) async -> Result<Value, ToolFailure> {
        do throws(ToolFailure) {
            return .success(try await answer(request, progress: progress))
        } catch {
            return .failure(error)
        }
    }

    /// Returns once no call is under way: the server stops only then, so a booking on its way is answered and kept.
    func idle() async {
        guard running > 0 else { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    private func answer(_ request: ToolRequest, progress: ToolProgress) async throws(ToolFailure) -> Value {
        switch request {
        case .findPlaces(let query):
            return ["places": .array(try await toolbox.places(matching: query).map(ToolResults.place))]
        case .searchFlights(let search, let airlines, let limit):
            return try await searchFlights(search, airlines: airlines, limit: limit, progress: progress)
        case .searchDates(let search):
            return ["cells": .array(try await toolbox.searchDates(search, progress: progress).map(ToolResults.cell))]
        case .getOffer(let offerID):
            return ToolResults.offer(try await toolbox.offer(id: offerID))
        case .seatMap(let offerID):
            let maps = try await toolbox.seatMaps(offerID: offerID)
            let segments = (try? await toolbox.offer(id: offerID))?.slices.flatMap(\.segments) ?? []
            return ["seat_maps": ToolResults.seatMaps(maps, offer: segments)]
        case .book(let booking):
            return try await book(booking, progress: progress)
        case .listBookings:
            return ["bookings": .array(try await toolbox.bookings().map(ToolResults.record))]
        case .getBooking(let reference):
            return ["booking": ToolResults.booking(try await toolbox.booking(reference: reference))]
        case .pay(let reference, let total):
            let order = try await toolbox.pay(reference: reference, agreedTotal: total)
            return [
                "status": "paid", "booking_reference": .string(order.bookingReference),
                "total": ToolResults.money(order.totalAmount),
            ]
        case .quoteCancellation(let reference):
            let quote = try await toolbox.quoteCancellation(reference: reference)
            quotes.add(quote.id, reference: reference, kind: .cancellation)
            return [
                "status": "quoted", "booking_reference": .string(reference), "token": .string(quote.id),
                "refund": ToolResults.money(quote.refundAmount), "refund_to": ToolResults.text(quote.refundTo),
                "expires_at": ToolResults.timestamp(quote.expiresAt),
            ]
        case .cancel(let reference, let token, let refund):
            return try await cancel(reference, token: token, refund: refund)
        case .quoteChange(let reference, let plan):
            let listed = try await toolbox.quoteChange(reference: reference, plan: plan)
            guard let offer = listed.first else {
                throw ToolFailure(.notFound, "The airline offers no flights for that change.", whatToDo: "Try other days.")
            }
            quotes.add(offer.id, reference: reference, kind: .change(plan.quoted(by: offer)))
            quotes.add(offers: Dictionary(listed.map { choice in
                var chosen = plan.quoted(by: choice)
                chosen.offerID = choice.id
                return (choice.id, chosen)
            }, uniquingKeysWith: { first, _ in first }), to: offer.id)
            return [
                "offers": .array(listed.map { choice in
                    [
                        "change_offer_id": .string(choice.id), "change_total": ToolResults.money(choice.changeTotalAmount),
                        "new_total": ToolResults.money(choice.newTotalAmount),
                        "penalty": ToolResults.money(choice.penaltyTotalAmount),
                        "new_flights": .array(choice.slices.add.map(ToolResults.slice)),
                    ]
                }),
                "status": "quoted", "booking_reference": .string(reference), "token": .string(offer.id),
                "change_total": ToolResults.money(offer.changeTotalAmount),
                "new_total": ToolResults.money(offer.newTotalAmount), "penalty": ToolResults.money(offer.penaltyTotalAmount),
                "expires_at": ToolResults.timestamp(offer.expiresAt),
                "new_flights": .array(offer.slices.add.map(ToolResults.slice)),
                "old_flights": .array(offer.slices.remove.map(ToolResults.slice)),
            ]
        case .watchTrip(let search, let asked):
            return try Self.value(try await toolbox.watchTrip(search, terms: asked))
        case .listWatches:
            return ["watches": try Self.value(try await toolbox.watches())]
        case .checkWatches(let ids):
            return ["watches": try Self.value(try await toolbox.checkWatches(ids: ids))]
        case .removeWatch(let id):
            var removed = try Self.value(try await toolbox.removeWatch(id: id))
            if case .object(var fields) = removed {
                fields["status"] = "removed"
                removed = .object(fields)
            }
            return removed
        case .change(let reference, let token, let total, let offerID):
            // A chosen offer must be one the quote listed, checked before anything is confirmed.
            let chosen = try offerID.map { id throws(ToolFailure) in try quotes.offer(id, of: token) }
            return try await confirmed(token, for: reference, cancelling: false) { kind throws(ToolFailure) in
                guard case .change(let quoted) = kind else { return [:] }
                let plan = chosen ?? quoted
                let order = try await self.toolbox.change(reference: reference, plan: plan, agreedTotal: total)
                return [
                    "status": "changed", "booking_reference": .string(order.bookingReference),
                    "total": ToolResults.money(order.totalAmount), "slices": .array(order.slices.map(ToolResults.slice)),
                ]
            }
        }
    }

    private func searchFlights(
        _ search: TripSearch, airlines: Set<String>, limit: Int, progress: ToolProgress
    ) async throws(ToolFailure) -> Value {
        var search = search
        // Filtered by airline here, so the search itself lists every offer and the limit applies after.
        search.limit = airlines.isEmpty ? limit : nil
        let found = try await toolbox.searchFlights(search, progress: progress)
        let offers = found.offers.filter { airlines.isEmpty || airlines.contains($0.owner.iataCode?.uppercased() ?? "") }
        return [
            "offer_request_id": .string(found.offerRequestID),
            "offers": .array(offers.prefix(limit).map(ToolResults.offerSummary)), "count": .int(min(offers.count, limit)),
            "airlines_without_offers": .int(found.airlinesWithoutOffers),
        ]
    }

    private func book(_ booking: BookingRequest, progress: ToolProgress) async throws(ToolFailure) -> Value {
        let made = try await toolbox.book(booking, progress: progress)
        let order = made.order
        return [
            // booked, held, or cancelled (an earlier identical call's booking, cancelled since).
            "status": .string(order.status == .confirmed ? "booked" : ToolResults.state(of: order)),
            "booking_reference": .string(order.bookingReference), "order_id": .string(order.id),
            "total": ToolResults.money(order.totalAmount),
            "payment_required_by": ToolResults.timestamp(order.paymentStatus.paymentRequiredBy),
            "already_booked": .bool(made.alreadyBooked),
        ]
    }

    private func cancel(_ reference: String, token: String, refund: Decimal) async throws(ToolFailure) -> Value {
        try await confirmed(token, for: reference, cancelling: true) { _ throws(ToolFailure) in
            let done = try await self.toolbox.cancel(reference: reference, agreedRefund: refund)
            return [
                "status": "cancelled", "booking_reference": .string(reference),
                "refund": ToolResults.money(done.refundAmount), "refund_to": ToolResults.text(done.refundTo),
            ]
        }
    }

    /// Confirms the quote under `token` with `act`, once: a repeat after it was done gets the same answer (marked
    /// `repeated`), a refused one may be confirmed again.
    private func confirmed(
        _ token: String, for reference: String, cancelling: Bool,
        _ act: (Quotes.Kind) async throws(ToolFailure) -> Value
    ) async throws(ToolFailure) -> Value {
        switch try quotes.confirm(token, for: reference, cancelling: cancelling) {
        case .answered(let answer):
            guard case .object(var fields) = answer else { return answer }
            fields["repeated"] = true
            return .object(fields)
        case .proceed(let kind):
            do throws(ToolFailure) {
                let answer = try await act(kind)
                quotes.finish(token, answer: answer)
                return answer
            } catch {
                quotes.finish(token, answer: nil)
                throw error
            }
        }
    }

    // MARK: Answers

    /// `document` as a protocol value, in the same JSON `--json` writes (Duffel's field names, money as strings).
    static func value(_ document: some Encodable) throws(ToolFailure) -> Value {
        do {
            let data = try DuffelJSON.encoder().encode(document)
            return try JSONDecoder().decode(Value.self, from: data)
        } catch {
            throw ToolFailure(.serviceError, "The answer could not be written: \(error).")
        }
    }

    static func result(_ value: Value) -> CallTool.Result {
        CallTool.Result(content: [.text(text: json(value), annotations: nil, _meta: nil)], structuredContent: .some(value), isError: false)
    }

    static func failure(_ failure: ToolFailure) -> CallTool.Result {
        var error: [String: Value] = [
            "code": .string(failure.code.rawValue), "message": .string(plain(failure.message)),
            "what_to_do": ToolResults.text(failure.whatToDo.map(plain)),
            "detail": .array(failure.detail.map { .string(plain($0)) }),
        ]
        if let total = failure.total { error["total"] = ToolResults.money(total) }
        if let refund = failure.refund { error["refund"] = ToolResults.money(refund) }
        let value: Value = ["error": .object(error)]
        return CallTool.Result(content: [.text(text: json(value), annotations: nil, _meta: nil)], structuredContent: .some(value), isError: true)
    }

    /// `text` without anything a terminal would interpret (TerminalUI's rule): what the flow said quotes the
    /// flight service, and an assistant may show it on a terminal.
    static func plain(_ text: String) -> String {
        UntrustedText.removingUnsafe(text)
    }

    /// `value` as compact JSON with sorted keys, for clients that read only text.
    static func json(_ value: Value) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
