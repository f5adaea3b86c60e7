public import Entities
import Foundation
public import ModuleCore
public import TerminalUI
public import Trips

/// One leg of an itinerary.
public struct ItineraryLegViewModel: Sendable, Hashable, Codable {
    /// `Flight · LHR → JFK · Fri 18 Dec 2026 · 8h 05m`.
    public var title: String
    /// One line per flight.
    public var flights: [String]
}

/// One booking in full.
public struct BookingDetailViewModel: Sendable, Hashable, Codable {
    /// `Booking ERDAH6 · Confirmed`.
    public var title: String
    /// Reference, order, status, airline, total, seats and bags, payment, when booked and where it is kept.
    public var rows: [KeyValueList.Row]
    /// The airline's schedule change waiting for an answer, when there is one.
    public var airlineChange: AirlineChangeViewModel?
    /// Each leg and its flights, on the airports' clocks.
    public var itinerary: [ItineraryLegViewModel]
    /// One line per passenger, with their e-ticket.
    public var passengers: [String]
    /// Whether it can be refunded or changed before departure, and at what fee.
    public var conditions: [KeyValueList.Row]
    /// What can be done with it, or why not.
    public var actions: [String]
    /// Problems reading or keeping it.
    public var warnings: [String]
}

extension BookingText {
    /// One booking in full: from its order when it could be read, else from the record kept here.
    public func detail(_ booking: Booking) -> BookingDetailViewModel {
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
        let waiting = booking.waitingAirlineChange.map { AirlineChangeViewModel($0, zone: timeZone) }
        if let waiting {
            warnings.append(
                waiting.breaksConnection ? "The airline changed your flights' times, and a connection no longer works: see below."
                : waiting.tightensConnection ? "The airline changed your flights' times, and a connection is now tight: see below."
                : "The airline changed your flights' times: see below, and accept them or choose another way.")
        }
        return BookingDetailViewModel(
            title: "Booking \(order.bookingReference) · \(order.status.displayName)", rows: rows, airlineChange: waiting,
            itinerary: Self.itinerary(order.slices), passengers: passengers,
            conditions: [
                KeyValueList.Row("Refund before departure", TravelFormat.condition(order.conditions.refundBeforeDeparture)),
                KeyValueList.Row("Changes before departure", TravelFormat.condition(order.conditions.changeBeforeDeparture)),
            ],
            actions: actions, warnings: warnings)
    }

    /// What can be done with `booking`, or why not.
    private func actions(for booking: Booking) -> [String] {
        var actions: [String] = []
        if booking.waitingAirlineChange != nil, let reference = booking.reference {
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
            let how = onScreen || booking.reference == nil ? "with c" : "with `flights cancel \(booking.reference ?? "")`"
            actions.append("Can be cancelled \(how): the refund is quoted before anything is cancelled.")
        }
        if booking.paymentBlocker(at: now) == nil {
            let how = onScreen || booking.reference == nil ? "with p" : "with `flights pay \(booking.reference ?? "")`"
            actions.insert("Held: pay for it \(how) before the deadline; the price is checked first.", at: 0)
        }
        if let offered = booking.order?.availableActions, !offered.isEmpty {
            actions.append("The airline allows: \(offered.map(\.rawValue).joined(separator: ", ")).")
        }
        return actions
    }

    /// The ways to answer the airline's change: accept, another flight, or cancel.
    private func changeChoices(_ booking: Booking, reference: String) -> String {
        let offersChanges = self.ways == .keys(offersChanges: true)
        var ways: [String] = []
        if booking.canAcceptAirlineChange(acceptsAirlineChanges: acceptsAirlineChanges) {
            ways.append(onScreen ? "accept the new times with a" : "accept the new times with `flights booking \(reference) --accept-change --yes`")
        }
        if booking.shownOrder?.mayBeChanged == true {
            ways.append(offersChanges ? "move to another flight with m" : onScreen ? "move to another flight" : "move to another flight with `flights change \(reference)`")
        }
        if booking.cancellationBlocker == nil {
            ways.append(onScreen ? "cancel with c" : "cancel with `flights cancel \(reference)`")
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

    /// One booking in full: fitted to a terminal's width while a screen asks, else written whole.
    public func detailBlocks(_ booking: Booking, fitted: Bool) -> [ScreenBlock] {
        let detail = detail(booking)
        var blocks: [ScreenBlock] = [.header(detail.title)]
        blocks += detail.warnings.map { .notice(Notice(.warning, $0)) }
        blocks.append(.rows(KeyValueList(rows: detail.rows)))
        if let change = detail.airlineChange {
            blocks.append(.header(change.title))
            blocks.append(BookingListViewModel.tableBlock(Table(
                columns: [
                    .init(AirlineChangeViewModel.columns[0], priority: 3),
                    .init(AirlineChangeViewModel.columns[1], priority: 1, flexible: true, minimumWidth: 12),
                    .init(AirlineChangeViewModel.columns[2], priority: 2, flexible: true, minimumWidth: 12),
                ],
                rows: change.flights), indent: 2, fitted: fitted))
            blocks += change.connections.map { .text($0, indent: 2) }
        }
        if !detail.itinerary.isEmpty {
            blocks.append(.header("Itinerary"))
            for leg in detail.itinerary {
                blocks.append(.text(leg.title, indent: 2))
                blocks += leg.flights.map { .text($0, indent: 4) }
            }
        }
        if !detail.passengers.isEmpty {
            blocks.append(.header("Passengers"))
            blocks += detail.passengers.map { .text($0, indent: 2) }
        }
        if !detail.conditions.isEmpty {
            blocks.append(.header("Conditions"))
            blocks.append(.rows(KeyValueList(rows: detail.conditions)))
        }
        return blocks + detail.actions.map { .notice(Notice(.info, $0)) }
    }

    /// Each leg and its flights, on the airports' clocks.
    public static func itinerary(_ slices: [Slice]) -> [ItineraryLegViewModel] {
        zip(TravelFormat.legNames(slices), slices).map { name, slice in
            var title = "\(name) · \(slice.origin.iataCode) → \(slice.destination.iataCode)"
            if let departs = slice.departingAt { title += " · \(TravelFormat.day(departs.date))" }
            title += " · \(slice.totalDuration.formatted)"
            let flights = slice.segments.map { segment in
                var line = "\(segment.flightNumber) · \(TravelFormat.local(segment.departingAt, at: segment.origin)) \(TravelFormat.airport(segment.origin))"
                if let terminal = segment.originTerminal { line += " T\(terminal)" }
                line += " → \(TravelFormat.local(segment.arrivingAt, at: segment.destination)) \(TravelFormat.airport(segment.destination))"
                if let terminal = segment.destinationTerminal { line += " T\(terminal)" }
                if segment.isOperatedByAnotherCarrier { line += " · operated by \(segment.operatingCarrier.name)" }
                if let aircraft = segment.aircraft { line += " · \(aircraft.name)" }
                return line
            }
            return ItineraryLegViewModel(title: title, flights: flights)
        }
    }
}
