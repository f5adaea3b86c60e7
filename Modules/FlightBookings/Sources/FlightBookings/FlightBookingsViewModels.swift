import Entities
import Foundation
import Services
import Trips
import TerminalUI
import TravelText

/// The view models, as pure functions of the state: what the list, a booking, a quote and the prompts show.
extension FlightBookingsState {
    /// The current step's question; `nil` when nothing is to be asked.
    var prompt: BookingsPrompt? {
        switch step {
        case .start, .finished:
            return nil
        case .list:
            let open = records.isEmpty ? "" : "Open a booking (1–\(records.count)), "
            return .text(question: "\(open)n for a new search, b to go back:")
        case .detail:
            return .text(question: "What next? \(detailChoices):")
        case .confirmCancel(let quote):
            let reference = current?.reference ?? ""
            let refund = quote.refund.map { " for a refund of \($0.formatted)" } ?? " with no refund"
            return .confirm(question: "Cancel booking \(reference)\(refund)?", default: false)
        case .confirmPay(let amount):
            return .confirm(question: "Pay \(amount.formatted) now for booking \(current?.reference ?? "")?", default: false)
        case .confirmAcceptChange:
            return .confirm(question: "Accept the airline's new times for booking \(current?.reference ?? "")?", default: nil)
        case .confirmExtras(let quote):
            let what = quote.kind.rawValue
            return .confirm(
                question: quote.paysNow
                    ? (quote.total.amount > 0 ? "Add the \(what) and pay \(quote.total.formatted) now?" : "Add the \(what) (free)?")
                    : "Add the \(what) to the hold (\(quote.holdTotal?.formatted ?? "its total") then, paid with it)?",
                default: false)
        }
    }

    /// What the detail's question offers: pay and cancel only when they can be done.
    var detailChoices: String {
        let pay = current.map { $0.paymentBlocker(at: now) == nil } == true ? "p to pay, " : ""
        let cancel = current.map { $0.cancellationBlocker == nil } == true ? "c to cancel, " : ""
        let change = current.flatMap(changeableOrder) != nil ? "m to move a flight, " : ""
        let accept = current.map { FlightBookingsReducer.canAcceptChange($0, in: self) } == true ? "a to accept the new times, " : ""
        let bags = current.map { FlightBookingsReducer.extrasBlocker($0, in: self) == nil } == true ? "x to add bags, " : ""
        let seats = current.map { FlightBookingsReducer.seatsBlocker($0, in: self) == nil } == true ? "s to choose seats, " : ""
        return "\(accept)\(pay)\(change)\(bags)\(seats)\(cancel)r to refresh, b for the list, n for a new search"
    }

    /// The order of `booking` when a flight of it can be moved from here: changes offered, the order read from this
    /// API, not cancelled, and a fare that does not forbid changes (one that does not say is asked) or an airline's
    /// schedule change that allows them.
    func changeableOrder(_ booking: Booking) -> Order? {
        guard offersChanges, booking.otherBackend == nil, let order = booking.shownOrder, order.cancelledAt == nil,
              order.mayBeChanged else { return nil }
        return order
    }

    /// The bookings kept here, the one just booked pointed out.
    func listViewModel() -> BookingListViewModel {
        BookingListViewModel(
            records: records, pendingNotFoundKeys: pendingNotFoundKeys, changesWaiting: changesWaiting,
            highlight: input.highlight, now: now, timeZone: timeZone, location: storeLocation, notes: notes)
    }

    /// What checking the pending bookings of `list` found, and problems writing them back.
    func reconciliationNotes(_ list: BookingList) -> [Notice] {
        BookingListViewModel.notes(list, timeZone: timeZone)
    }


    /// One booking in full: from its order when it could be read, else from the record kept here.
    func detailViewModel(_ booking: Booking) -> BookingDetailViewModel {
        var warnings: [String] = []
        if let other = booking.otherBackend {
            warnings.append("Booked through \(other); this run talks to \(backend), so it is shown as kept on this machine.")
        }
        if let problem = booking.refreshProblem {
            warnings.append("It could not be refreshed from the flight service (\(problem.message)); this is what this machine keeps.")
        }
        if let problem = booking.storeProblem {
            warnings.append("The local record could not be updated: \(problem.description)")
        }
        let actions = actions(for: booking)
        guard let order = booking.shownOrder else {
            return recordDetail(booking, actions: actions, warnings: warnings)
        }
        var rows = [
            KeyValueList.Row("Reference", order.bookingReference),
            KeyValueList.Row("Order", order.id),
            KeyValueList.Row("Status", status(of: order)),
            KeyValueList.Row("Airline", order.owner.name),
        ]
        var total = order.totalAmount?.formatted ?? "Unknown (the flight service did not say)"
        let extras = order.services.compactMap(\.totalAmount)
        if let base = order.baseAmount, let tax = order.taxAmount {
            let cost = extras.reduce(Money.zero(base.currency)) { $0.adding($1) ?? $0 }
            let seatsAndBags = extras.isEmpty ? "" : " + seats and bags \(cost.formatted)"
            total += " (base \(base.formatted) + taxes \(tax.formatted)\(seatsAndBags))"
        }
        rows.append(KeyValueList.Row("Total", total))
        rows += TravelFormat.bookedServices(order).map { KeyValueList.Row($0.label, $0.value) }
        rows.append(KeyValueList.Row("Payment", payment(of: order)))
        if let booked = order.createdAt { rows.append(KeyValueList.Row("Booked", TravelFormat.instant(booked, in: timeZone))) }
        rows.append(KeyValueList.Row(
            "Kept", booking.record == nil ? "Not on this machine (found at the flight service)" : storeLocation))
        let passengers = order.passengers.map { passenger in
            var parts = [([passenger.title?.displayName, passenger.givenName, passenger.familyName].compactMap { $0 }).joined(separator: " ")]
            if let type = passenger.type { parts.append(type.displayName.lowercased()) }
            if let born = passenger.bornOn { parts.append("born \(TravelFormat.day(born))") }
            parts.append(order.eTicket(for: passenger.id).map { "e-ticket \($0)" } ?? "no e-ticket yet")
            return parts.joined(separator: " · ")
        }
        let waiting = FlightBookingsReducer.waitingChange(booking).map { AirlineChangeViewModel($0, zone: timeZone) }
        if let waiting {
            warnings.append(
                waiting.breaksConnection ? "The airline changed your flights' times, and a connection no longer works: see below."
                : waiting.tightensConnection ? "The airline changed your flights' times, and a connection is now tight: see below."
                : "The airline changed your flights' times: see below, and accept them or choose another way.")
        }
        return BookingDetailViewModel(
            title: "Booking \(order.bookingReference) · \(order.status.displayName)", rows: rows, airlineChange: waiting,
            itinerary: BookingsFormat.itinerary(order.slices), passengers: passengers,
            conditions: [
                KeyValueList.Row("Refund before departure", TravelFormat.condition(order.conditions.refundBeforeDeparture)),
                KeyValueList.Row("Changes before departure", TravelFormat.condition(order.conditions.changeBeforeDeparture)),
            ],
            actions: actions, warnings: warnings)
    }

    /// What can be done with `booking`, or why not.
    private func actions(for booking: Booking) -> [String] {
        var actions: [String] = []
        if FlightBookingsReducer.waitingChange(booking) != nil, let reference = booking.reference {
            actions.append(changeChoices(booking, reference: reference))
        }
        if let blocker = booking.cancellationBlocker {
            // A cancelled booking says so in its status; "cannot be cancelled" would only contradict the news.
            // An order that could not be read says nothing of whether it can be cancelled.
            switch blocker {
            case .alreadyCancelled: break
            case .unreadable: actions.append("Whether it can be cancelled is not known: \(describe(blocker))")
            default: actions.append("Cannot be cancelled: \(describe(blocker))")
            }
        } else {
            let how = isInteractive || booking.reference == nil ? "with c" : "with `flights cancel \(booking.reference ?? "")`"
            actions.append("Can be cancelled \(how): the refund is quoted before anything is cancelled.")
        }
        if booking.paymentBlocker(at: now) == nil {
            let how = isInteractive || booking.reference == nil ? "with p" : "with `flights pay \(booking.reference ?? "")`"
            actions.insert("Held: pay for it \(how) before the deadline; the price is checked first.", at: 0)
        }
        if let offered = booking.order?.availableActions, !offered.isEmpty {
            actions.append("The airline allows: \(offered.map(\.rawValue).joined(separator: ", ")).")
        }
        return actions
    }

    /// The ways to answer the airline's change: accept, another flight, or cancel.
    private func changeChoices(_ booking: Booking, reference: String) -> String {
        var ways: [String] = []
        if FlightBookingsReducer.canAcceptChange(booking, in: self) {
            ways.append(isInteractive ? "accept the new times with a" : "accept the new times with `flights booking \(reference) --accept-change --yes`")
        }
        if booking.shownOrder?.mayBeChanged == true {
            ways.append(isInteractive ? (offersChanges ? "move to another flight with m" : "move to another flight") : "move to another flight with `flights change \(reference)`")
        }
        if booking.cancellationBlocker == nil {
            ways.append(isInteractive ? "cancel with c" : "cancel with `flights cancel \(reference)`")
        }
        guard !ways.isEmpty else { return "The airline's change cannot be answered here: call the airline." }
        let list = ways.count > 1 ? ways.dropLast().joined(separator: ", ") + " or " + ways[ways.count - 1] : ways[0]
        return "The airline's change waits for your answer: \(list)."
    }

    /// A booking whose order could not be read, from the record kept here.
    private func recordDetail(_ booking: Booking, actions: [String], warnings: [String]) -> BookingDetailViewModel {
        guard let record = booking.record else {
            return BookingDetailViewModel(
                title: "Booking", rows: [], airlineChange: nil, itinerary: [], passengers: [], conditions: [], actions: actions,
                warnings: warnings)
        }
        var status = record.state.displayName
        if record.state == .pending {
            status = "Pending: the flight service has no order with this booking's key (as far as it can tell, nothing is booked)"
        }
        let rows = [
            KeyValueList.Row("Reference", record.bookingReference ?? "–"),
            KeyValueList.Row("Order", record.orderID ?? "–"),
            KeyValueList.Row("Status", status),
            KeyValueList.Row("Total", record.total.formatted),
            KeyValueList.Row("Sent", TravelFormat.instant(record.createdAt, in: timeZone)),
            KeyValueList.Row("Kept", storeLocation),
        ]
        let legs = record.legs.map { leg in
            let departs = leg.departingAt.map { " · departs \(TravelFormat.dayAndTime($0)) local time" } ?? ""
            let arrives = leg.arrivingAt.map { " · arrives \(TravelFormat.dayAndTime($0)) local time" } ?? ""
            return ItineraryLegViewModel(
                title: "\(leg.origin) → \(leg.destination)\(departs)\(arrives)",
                flights: leg.flightNumbers.isEmpty ? [] : [leg.flightNumbers.joined(separator: ", ")])
        }
        return BookingDetailViewModel(
            title: "Booking \(record.bookingReference ?? "(no reference)") · \(record.state.displayName)", rows: rows,
            airlineChange: nil, itinerary: legs, passengers: record.passengers, conditions: [], actions: actions, warnings: warnings)
    }

    /// What cancelling would refund, before the traveller confirms.
    func quoteViewModel(_ quote: OrderCancellation, booking: Booking) -> CancellationQuoteViewModel {
        let reference = booking.reference ?? ""
        var rows = [
            KeyValueList.Row("Refund", quote.refund?.formatted ?? "None"),
            KeyValueList.Row("Goes to", TravelFormat.refundDestination(quote.refundTo)),
        ]
        if quote.refundTo != "awaiting_payment", let paid = booking.order?.totalAmount, let refunded = quote.refundAmount,
           let kept = paid.subtracting(refunded), kept.amount > 0 {
            rows.append(KeyValueList.Row("Kept by the airline", kept.formatted))
        }
        if let expires = quote.expiresAt {
            rows.append(KeyValueList.Row(
                "Quote valid until",
                "\(TravelFormat.instant(expires, in: timeZone)) (\(TravelFormat.remaining(until: expires, from: now)))"))
        }
        let headline = quote.refund.map { "Cancelling booking \(reference) refunds \($0.formatted)." }
            ?? "There is no refund for cancelling booking \(reference)."
        return CancellationQuoteViewModel(headline: headline, rows: rows)
    }
}
