import Entities
import FlightBookings
import FlightChange
import FlightsMCP
import Foundation
import Services

/// The tools that act on a booking made: read it, pay a hold, cancel, move a flight; each through the bookings or
/// change module's flow, as `flights booking`, `flights pay`, `flights cancel` and `flights change` run it. When a
/// flow ends without saying it was done, the order is read again: what was done is answered as done, what cannot
/// be told is `answer_lost`, and only what surely was not done is a failure.
extension FlowToolbox {
    func booking(reference: String) async throws(ToolFailure) -> BookingFound {
        let run = await FlowRun.run(backend, bookings: bookingsFile) {
            $0.startBookings(FlightBookingsInput(request: .show(reference: reference), presentation: .json))
        }
        let record = try? bookingsFile.record(reference: reference)
        if let order = try? DuffelJSON.decoder().decode(Order.self, from: Data(run.output.utf8)) {
            return BookingFound(record: record, order: order)
        }
        throw run.failure(reference: reference)
    }

    func pay(reference: String, agreedTotal: Decimal) async throws(ToolFailure) -> Order {
        let run = await FlowRun.run(backend, bookings: bookingsFile) {
            $0.startBookings(FlightBookingsInput(
                request: .pay(reference: reference), presentation: .json, assumeYes: true, acceptedTotal: agreedTotal))
        }
        if let order = try? DuffelJSON.decoder().decode(Order.self, from: Data(run.output.utf8)) { return order }
        let order = try await orderNow(reference, after: run, what: "paid")
        // Paid (now, or before: a retry must not loop) whatever the flow's answer said.
        if !order.paymentStatus.awaitingPayment, order.cancelledAt == nil { return order }
        if case .declined? = run.bookingsOutcome, let now = order.totalAmount, now.amount != agreedTotal {
            throw ToolFailure(
                .priceChanged, "Nothing was paid: the booking costs \(now.formatted) now, not the total agreed to.",
                whatToDo: "Tell the traveller; pay with confirm_total \(now.wireAmount) if they agree.", detail: run.said,
                total: now)
        }
        if order.cancelledAt != nil || order.paymentStatus.paymentRequiredBy.map({ $0 < backend.now() }) == true {
            throw ToolFailure(
                .notPossible, "Booking \(reference) cannot be paid: it is \(order.cancelledAt != nil ? "cancelled" : "past its payment deadline").",
                detail: run.said)
        }
        throw ToolFailure(.serviceError, "Nothing was paid: the booking still awaits payment.",
                          whatToDo: "Try again in a moment; the detail says what failed.", detail: run.said)
    }

    func quoteCancellation(reference: String) async throws(ToolFailure) -> OrderCancellation {
        let run = await FlowRun.run(backend, bookings: bookingsFile) {
            $0.startBookings(FlightBookingsInput(request: .cancel(reference: reference), presentation: .json))
        }
        if let quote = try? DuffelJSON.decoder().decode(OrderCancellation.self, from: Data(run.output.utf8)) { return quote }
        if case .noResults? = run.outcome { throw run.failure(reference: reference) }
        let order = try await orderNow(reference, after: run, what: "quoted")
        if order.cancelledAt != nil {
            throw ToolFailure(.notPossible, "Booking \(reference) is already cancelled.", detail: run.said)
        }
        throw ToolFailure(
            order.canBeCancelled ? .serviceError : .notPossible,
            order.canBeCancelled ? "The airline did not quote the cancellation." : "The airline does not take cancellations of booking \(reference).",
            whatToDo: order.canBeCancelled ? "Try again in a moment." : nil, detail: run.said)
    }

    func cancel(reference: String, agreedRefund: Decimal) async throws(ToolFailure) -> OrderCancellation {
        let run = await FlowRun.run(backend, bookings: bookingsFile) {
            $0.startBookings(FlightBookingsInput(
                request: .cancel(reference: reference), presentation: .json, assumeYes: true, acceptedTotal: agreedRefund))
        }
        let printed = try? DuffelJSON.decoder().decode(OrderCancellation.self, from: Data(run.output.utf8))
        if case .done? = run.bookingsOutcome, let printed { return printed }
        if case .declined? = run.bookingsOutcome, let printed {
            var refund = printed.refundAmount ?? Money.zero("")
            if printed.refundAmount == nil, let order = try? await orderNow(reference, after: run, what: "cancelled") {
                refund = Money.zero(order.totalAmount?.currency ?? "")
            }
            throw ToolFailure(
                .refundChanged, "Nothing was cancelled: the refund is \(refund.formatted) now, not the one agreed to.",
                whatToDo: "Tell the traveller; confirm with confirm_refund \(refund.wireAmount) if they agree.",
                detail: run.said, refund: refund)
        }
        let order = try await orderNow(reference, after: run, what: "cancelled")
        if let cancelledAt = order.cancelledAt {
            // Cancelled, by this call or an earlier one whose answer was lost: done.
            return OrderCancellation(
                id: printed?.id ?? "", orderId: order.id, refundAmount: printed?.refundAmount, refundTo: printed?.refundTo,
                expiresAt: nil, confirmedAt: cancelledAt, createdAt: nil)
        }
        throw ToolFailure(
            order.canBeCancelled ? .serviceError : .notPossible, "Nothing was cancelled: the booking still stands.",
            whatToDo: order.canBeCancelled ? "Try again in a moment; the detail says what failed." : nil, detail: run.said)
    }

    func quoteChange(reference: String, plan: ChangePlan) async throws(ToolFailure) -> OrderChangeOffer {
        let run = await changeRun(reference, plan, agreedTotal: nil)
        if let offer = try? DuffelJSON.decoder().decode(OrderChangeOffer.self, from: Data(run.output.utf8)) { return offer }
        if case .failed? = run.changeOutcome {
            // A quote changes nothing: it failed, for want of the booking or of the airline's answer.
            _ = try await orderNow(reference, after: run, what: "quoted")
            throw ToolFailure(.serviceError, "The airline did not quote the change.",
                              whatToDo: "Try again in a moment; the detail says what failed.", detail: run.said)
        }
        throw changeFailure(run, reference: reference)
    }

    func change(reference: String, plan: ChangePlan, agreedTotal: Decimal) async throws(ToolFailure) -> Order {
        // Already flying the quoted flights (an earlier confirmation whose answer was lost): done, nothing sent.
        if !plan.expected.isEmpty, let order = try? await booking(reference: reference).order,
           plan.expected.isSubset(of: ChangePlan.flights(of: order.slices)) {
            return order
        }
        let run = await changeRun(reference, plan, agreedTotal: agreedTotal)
        if case .changed(let order)? = run.changeOutcome { return order }
        if case .failed? = run.changeOutcome, !plan.expected.isEmpty {
            // The answer may have been lost: the booking, read again, says whether it flies the quoted flights.
            let order = try await orderNow(reference, after: run, what: "changed")
            if plan.expected.isSubset(of: ChangePlan.flights(of: order.slices)) { return order }
        }
        throw changeFailure(run, reference: reference)
    }

    /// `flights change REF --flight N --date DAY … --json`, with `--yes --total T` when a total was agreed.
    private func changeRun(_ reference: String, _ plan: ChangePlan, agreedTotal: Decimal?) async -> FlowRun {
        let input = FlightChangeInput(
            reference: reference,
            plan: FlightChangePlan(
                moves: plan.moves.map { FlightChangePlan.Move(slice: $0.flight, day: $0.day) },
                cabin: plan.cabin.flatMap(CabinClass.init(typed:))),
            presentation: .json, assumeYes: agreedTotal != nil, agreedTotal: agreedTotal)
        return await FlowRun.run(backend, bookings: bookingsFile) { $0.startChange(input) }
    }

    private func changeFailure(_ run: FlowRun, reference: String) -> ToolFailure {
        switch run.changeOutcome {
        case .priceChanged(let now)?:
            return ToolFailure(
                .priceChanged, "Nothing was changed: the change costs \(now.formatted) now, not the total agreed to.",
                whatToDo: "Tell the traveller; confirm again with confirm_total \(now.wireAmount) if they agree.",
                detail: run.said, total: now)
        case .invalid?:
            return ToolFailure(.invalidInput, "The flights or days to move are not ones this booking can take.",
                               whatToDo: "Name flights the booking has (1 the outbound) and days that can be flown.", detail: run.said)
        case .refused?:
            return ToolFailure(.notPossible, "The booking cannot be changed this way; the detail says why.", detail: run.said)
        case .failed?:
            return ToolFailure(
                .answerLost, "The change did not finish: it may have been made.",
                whatToDo: "Read the booking with get_booking before anything else; quote again only if it still flies the old flights.",
                detail: run.said)
        case .changed?, .declined?, nil:
            return run.failure(reference: reference)
        }
    }

    /// Booking `reference`'s order as the API has it now, read after a flow ended without saying what was done; when
    /// it cannot be read, what was asked may have been done (`answer_lost`).
    private func orderNow(_ reference: String, after run: FlowRun, what: String) async throws(ToolFailure) -> Order {
        let readFailure = { (error: ServiceError) -> ToolFailure in
            what == "quoted"
                ? ToolFailure(.serviceError, "Booking \(reference) cannot be read now.", whatToDo: "Try again in a moment.",
                              detail: run.said + [error.message])
                : ToolFailure(
                    .answerLost, "Booking \(reference) may have been \(what): the answer was lost and the booking cannot be read now.",
                    whatToDo: "Read it with get_booking before doing anything again.", detail: run.said + [error.message])
        }
        do {
            let orderID = (try? bookingsFile.record(reference: reference))?.orderID
            if let orderID { return try await backend.orders.order(id: orderID) }
            let page = try await backend.orders.orders(OrderQuery(bookingReference: reference))
            if let order = page.items.first(where: { $0.bookingReference.uppercased() == reference }) { return order }
        } catch {
            throw readFailure(error)
        }
        throw ToolFailure(.notFound, "No booking \(reference) here or at the flight service.",
                          whatToDo: "Check the reference with list_bookings.", detail: run.said)
    }
}
