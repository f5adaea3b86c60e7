import Entities
import FlightBookings
import FlightChange
import FlightsMCP
import Foundation
import Services

/// The tools that act on a booking made: read it, pay a hold, cancel, move a flight; each through the bookings or
/// change module's flow, as `flights booking`, `flights pay`, `flights cancel` and `flights change` run it.
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
        switch run.bookingsOutcome {
        case .done?:
            // Already paid: done, not a failure, so an assistant that retries does not loop.
            guard let order = try await booking(reference: reference).order else { throw run.failure(reference: reference) }
            return order
        case .declined?:
            let now = try? await booking(reference: reference).order?.totalAmount
            throw ToolFailure(
                .priceChanged, "Nothing was paid: the booking's total is not the one agreed to.",
                whatToDo: now.map { "Tell the traveller the total now, \($0.formatted); pay with confirm_total \($0.wireAmount) if they agree." },
                detail: run.said, total: now ?? nil)
        default:
            throw run.failure(reference: reference)
        }
    }

    func quoteCancellation(reference: String) async throws(ToolFailure) -> OrderCancellation {
        let run = await FlowRun.run(backend, bookings: bookingsFile) {
            $0.startBookings(FlightBookingsInput(request: .cancel(reference: reference), presentation: .json))
        }
        if let quote = try? DuffelJSON.decoder().decode(OrderCancellation.self, from: Data(run.output.utf8)) { return quote }
        throw run.failure(reference: reference)
    }

    func cancel(reference: String, agreedRefund: Decimal) async throws(ToolFailure) -> OrderCancellation {
        let run = await FlowRun.run(backend, bookings: bookingsFile) {
            $0.startBookings(FlightBookingsInput(
                request: .cancel(reference: reference), presentation: .json, assumeYes: true, acceptedTotal: agreedRefund))
        }
        let quote = try? DuffelJSON.decoder().decode(OrderCancellation.self, from: Data(run.output.utf8))
        switch run.bookingsOutcome {
        case .done?:
            if let quote { return quote }
        case .declined?:
            let refund = quote.map { $0.refundAmount ?? Money.zero($0.refundAmount?.currency ?? "") }
            throw ToolFailure(
                .refundChanged, "Nothing was cancelled: the refund is not the one agreed to.",
                whatToDo: refund.map { "Tell the traveller the refund now, \($0.formatted); confirm with confirm_refund \($0.wireAmount) if they agree." },
                detail: run.said, refund: refund)
        default:
            break
        }
        throw run.failure(reference: reference)
    }

    func quoteChange(reference: String, plan: ChangePlan) async throws(ToolFailure) -> OrderChangeOffer {
        let run = await changeRun(reference, plan, agreedTotal: nil)
        if let offer = try? DuffelJSON.decoder().decode(OrderChangeOffer.self, from: Data(run.output.utf8)) { return offer }
        throw changeFailure(run, reference: reference)
    }

    func change(reference: String, plan: ChangePlan, agreedTotal: Decimal) async throws(ToolFailure) -> Order {
        let run = await changeRun(reference, plan, agreedTotal: agreedTotal)
        if case .changed(let order)? = run.changeOutcome { return order }
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
                .priceChanged, "Nothing was changed: the change now costs \(now.formatted), not the total agreed to.",
                whatToDo: "Tell the traveller; call again with confirm_total \(now.wireAmount) if they agree.",
                detail: run.said, total: now)
        case .invalid(let reason)?:
            return ToolFailure(.invalidInput, reason, whatToDo: "Name flights the booking has and days that can be flown.", detail: run.said)
        case .refused(let reason)?:
            return ToolFailure(.notPossible, reason, detail: run.said)
        case .failed(let reason)?:
            return ToolFailure(.serviceError, reason, detail: run.said)
        case .changed?, .declined?, nil:
            return run.failure(reference: reference)
        }
    }
}
