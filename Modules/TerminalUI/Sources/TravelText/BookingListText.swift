public import Entities
public import Foundation
public import ModuleCore
public import TerminalUI
public import Trips

/// The bookings kept on this machine, newest first.
public struct BookingListViewModel: Sendable, Hashable, Codable {
    /// One booking in the list.
    public struct Row: Sendable, Hashable, Codable {
        /// `ERDAH6`, `ERDAH6 (new)` for the one just booked, `–` before there is one.
        public var reference: String
        /// `LHR → JFK → LHR`.
        public var route: String
        /// `Fri 18 Dec 08:25`, on the origin's clock.
        public var departs: String
        /// `Imogen Fairweather, Alan Fairweather`.
        public var passengers: String
        /// `£412.50`.
        public var total: String
        /// `Confirmed`, `Cancelled`, `Pending: not confirmed`, …
        public var status: String

        /// A row of these cells.
        public init(reference: String, route: String, departs: String, passengers: String, total: String, status: String) {
            self.reference = reference
            self.route = route
            self.departs = departs
            self.passengers = passengers
            self.total = total
            self.status = status
        }
    }

    /// The bookings, newest first.
    public var rows: [Row]
    /// Where the bookings are kept.
    public var location: String
    /// What checking pending bookings found, and problems with the store.
    public var notes: [Notice]
}

extension BookingListViewModel {
    /// The list of `records` at `now` in `timeZone`: the one whose reference is `highlight` marked new, pending ones
    /// the flight service does not show (`pendingNotFoundKeys`) said so, holds with their deadline, and the orders the
    /// airline changed (`changesWaiting`) marked first.
    public init(
        records: [BookingRecord], pendingNotFoundKeys: [String], changesWaiting: [String], highlight: String?,
        now: Date, timeZone: TimeZone, location: String, notes: [Notice]
    ) {
        let notFound = Set(pendingNotFoundKeys)
        let waiting = Set(changesWaiting)
        let rows = records.map { record in
            var reference = record.bookingReference ?? "–"
            // "(new)" points out the booking just made while it stands; once cancelled (or refused) it is news no more.
            if let highlight, record.bookingReference?.uppercased() == highlight.uppercased(),
               record.state != .cancelled, record.state != .failed {
                reference += " (new)"
            }
            var status = record.state.displayName
            if record.state == .awaitingPayment, let deadline = record.paymentRequiredBy {
                status = deadline <= now
                    ? "Hold lapsed \(TravelFormat.dayAndTime(LocalDateTime(deadline, in: timeZone)))"
                    : "Pay by \(TravelFormat.dayAndTime(LocalDateTime(deadline, in: timeZone)))"
            }
            if record.state == .pending {
                status = notFound.contains(record.bookingKey) ? "Pending: not booked" : "Pending: not confirmed"
            }
            if let order = record.orderID, waiting.contains(order), record.state != .cancelled {
                // Said first, so a narrow terminal that cuts the cell still shows it.
                status = record.state == .confirmed ? "Times changed" : "Times changed · \(status)"
            }
            return BookingListViewModel.Row(
                reference: reference, route: record.route,
                departs: record.legs.first?.departingAt.map(TravelFormat.dayAndTime) ?? "–",
                passengers: record.passengers.joined(separator: ", "), total: record.total.formatted, status: status)
        }
        self.init(rows: rows, location: location, notes: notes)
    }

    /// What checking the pending bookings of `list` found, and problems writing them back, times in `timeZone`.
    public static func notes(_ list: BookingList, timeZone: TimeZone) -> [Notice] {
        var notes: [Notice] = []
        for reconciliation in list.reconciliations {
            switch reconciliation {
            case .confirmed(let record):
                notes.append(Notice(
                    .success,
                    "The booking sent on \(Self.sent(record, timeZone: timeZone)) went through after all: reference \(record.bookingReference ?? "–")."))
            case .notFound(let record):
                notes.append(Notice(
                    .warning,
                    "The booking sent on \(Self.sent(record, timeZone: timeZone)) is not at the flight service: as far as it can tell, it did "
                        + "not go through and nothing is booked. Search again to book; it stays listed as pending and is "
                        + "checked again each time the list opens."))
            case .lookupFailed(let records, let error):
                notes.append(Notice(
                    .warning,
                    "\(records.count) pending booking\(records.count == 1 ? "" : "s") could not be checked "
                        + "(\(error.message)). They stay pending; open the list again later."))
            }
        }
        if let problem = list.storeProblem {
            notes.append(Notice(.warning, "A confirmed booking could not be written back: \(problem.description)"))
        }
        if let problem = list.changesProblem {
            notes.append(Notice(
                .warning,
                "The airline's schedule changes could not be checked (\(problem.message)); open a booking to see its own."))
        }
        if let waiting = list.changesWaiting, !waiting.isEmpty {
            let count = list.records.filter { $0.orderID.map(waiting.contains) == true }.count
            if count > 0 {
                notes.append(Notice(
                    .warning,
                    count == 1
                        ? "The airline changed the times of a booking: it is marked \"Times changed\"; open it to accept or change."
                        : "The airline changed the times of \(count) bookings: they are marked \"Times changed\"; open each to accept or change."))
            }
        }
        return notes
    }

    /// `Sun 22 Nov 2026 10:20 GMT (LHR → JFK)`: when a booking was sent, and where to.
    private static func sent(_ record: BookingRecord, timeZone: TimeZone) -> String {
        "\(TravelFormat.instant(record.createdAt, in: timeZone)) (\(record.route))"
    }

    /// The list as blocks: a table fitted to a terminal's width when `fitted` (a screen that asks), else written
    /// whole, as wide as its cells: there is no edge to fit, and a cell cut to the width ("Pay by Sun…") loses what
    /// it says.
    public func blocks(fitted: Bool) -> [ScreenBlock] {
        var blocks: [ScreenBlock] = [.header("Your bookings", detail: "\(rows.count) kept in \(location)")]
        blocks += notes.map { .notice($0) }
        guard !rows.isEmpty else { return blocks + [.text("No bookings are kept on this machine yet.", indent: 2)] }
        let table = Table(
            columns: [
                .init("Reference", priority: 5),
                .init("Route", priority: 4, flexible: true, minimumWidth: 9),
                .init("Departs", priority: 3),
                .init("Passengers", priority: 1, flexible: true, minimumWidth: 8),
                .init("Total", alignment: .right, priority: 2),
                .init("Status", priority: 4, flexible: true, minimumWidth: 9),
            ],
            rows: rows.map { [$0.reference, $0.route, $0.departs, $0.passengers, $0.total, $0.status] },
            firstRowNumber: 1)
        return blocks + [Self.tableBlock(table, fitted: fitted)]
    }

    /// `table` as a block: fitted to a terminal's width, or written whole with nothing in its cells a terminal
    /// would obey.
    public static func tableBlock(_ table: Table, indent: Int = 0, fitted: Bool) -> ScreenBlock {
        guard !fitted else { return .table(table, indent: indent) }
        var visible = table
        visible.rows = table.rows.map { $0.map(UntrustedText.visible) }
        let lines = visible.render(width: .max, style: .plain)
        let margin = String(repeating: " ", count: indent)
        return .drawing(lines.enumerated().map { StyledLine([StyledRun(margin + $1, $0 == 0 ? .bold : [])]) })
    }
}
