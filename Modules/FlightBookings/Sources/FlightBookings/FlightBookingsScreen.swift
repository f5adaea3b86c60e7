import Entities
import Trips
import Foundation
import ModuleCore
import TerminalUI
import TravelText

/// What the bookings screen shows and asks, as pure functions of its state, and what each answer means.
extension FlightBookingsReducer {
    static let disappeared: FlightBookingsAction? = .disappeared

    static func screen(_ state: State) -> ScreenModel {
        var page: [ScreenBlock] = []
        if state.isInteractive {
            switch state.step {
            case .list where !state.listUnread: page = state.listBlocks()
            case .detail, .confirmCancel, .confirmPay, .confirmAcceptChange: page = state.current.map(state.detailBlocks) ?? []
            case .confirmExtras(let quote):
                page = (state.current.map(state.detailBlocks) ?? []) + state.extrasBlocks(quote, reference: state.current?.reference ?? "")
            case .list, .start, .finished: break
            }
        }
        guard !state.waiting, !state.stopped, let prompt = state.prompt else { return ScreenModel(page: page) }
        switch prompt {
        case .text(let question) where state.step == .detail:
            // One letter each: it acts at the key press.
            return ScreenModel(page: page, question: .keys(question, help: [
                .hint("a accepts the airline's new times, when it changed them · p pays a booking held for later", indent: 2),
                .hint("x adds checked bags, s chooses seats, each priced first · c cancels it, after showing the refund", indent: 2),
                .hint("m moves a flight to another day, when the fare allows changes: the airline's offers, then the total to confirm", indent: 2),
                .hint("r reads it again from the airline · b goes back to the list · n starts a new search", indent: 2),
            ]))
        case .text(let question):
            return ScreenModel(page: page, question: .line(question + " ", help: [
                .hint("Type a booking's number from the list and press Enter to open it; n starts a new search, b goes back.", indent: 2),
            ]))
        case .confirm(let question, let defaultValue):
            // A yes typed before the refund or the total was shown must not cancel or pay.
            let enter = switch defaultValue { case true?: " · Enter yes"; case false?: " · Enter no"; case nil: "" }
            return ScreenModel(page: page, question: .keys("\(question) y yes · n no\(enter)", commits: true, help: [
                .hint("y does it now; n leaves the booking as it is.", indent: 2),
            ]))
        }
    }

    static func action(for input: ScreenInput, in state: State) -> FlightBookingsAction? {
        switch input {
        case .line(let text):
            guard case .confirm(_, let defaultValue)? = state.prompt else { return .entered(text) }
            return yes(text, default: defaultValue).map { .answered($0) }
        case .back: return .back
        case .interrupted: return .interrupted
        case .ended: return .inputEnded
        case .key(.enter):
            guard case .confirm? = state.prompt else { return nil }
            return action(for: .line(""), in: state)
        case .key(.character(let key)) where key != "?":
            let letter = key.lowercased()
            switch state.prompt {
            case .confirm?: return "yn".contains(letter) ? action(for: .line(letter), in: state) : nil
            case .text?:
                // a, p, m and c only when the change can be accepted, the booking paid, changed or cancelled; keys that
                // mean nothing are ignored.
                let offered = "rbn".contains(letter) || ("apmcxs".contains(letter) && state.detailChoices.contains("\(letter) to "))
                return letter.count == 1 && offered ? .entered(letter) : nil
            case nil: return nil
            }
        case .key, .chose: return nil
        }
    }

    static func problem(with answer: String, in state: State) -> String? {
        guard case .confirm(_, let defaultValue)? = state.prompt, yes(answer, default: defaultValue) == nil else { return nil }
        return "Please answer y or n."
    }

    /// What a yes/no answer says: `y`, `yes`, `n`, `no` (any case), or Enter for the default; `nil` for anything else.
    private static func yes(_ answer: String, default defaultValue: Bool?) -> Bool? {
        switch answer.trimmingCharacters(in: .whitespaces).lowercased() {
        case "y", "yes": true
        case "n", "no": false
        case "": defaultValue
        default: nil
        }
    }
}

/// The blocks the view models are drawn with.
extension FlightBookingsState {
    /// The bookings kept here: fitted to a terminal while the screen asks, else written whole.
    func listBlocks() -> [ScreenBlock] {
        listViewModel().blocks(fitted: canAsk)
    }

    /// `table` as a block: fitted while the screen asks, else written whole.
    private func tableBlock(_ table: Table, indent: Int = 0) -> ScreenBlock {
        BookingListViewModel.tableBlock(table, indent: indent, fitted: canAsk)
    }

    /// One booking in full.
    func detailBlocks(_ booking: Booking) -> [ScreenBlock] {
        let detail = detailViewModel(booking)
        var blocks: [ScreenBlock] = [.header(detail.title)]
        blocks += detail.warnings.map { .notice(Notice(.warning, $0)) }
        blocks.append(.rows(KeyValueList(rows: detail.rows)))
        if let change = detail.airlineChange {
            blocks.append(.header(change.title))
            blocks.append(tableBlock(Table(
                columns: [
                    .init(AirlineChangeViewModel.columns[0], priority: 3),
                    .init(AirlineChangeViewModel.columns[1], priority: 1, flexible: true, minimumWidth: 12),
                    .init(AirlineChangeViewModel.columns[2], priority: 2, flexible: true, minimumWidth: 12),
                ],
                rows: change.flights), indent: 2))
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

    /// The bags or seats, priced, before the traveller confirms.
    func extrasBlocks(_ quote: ExtrasQuote, reference: String) -> [ScreenBlock] {
        var blocks: [ScreenBlock] = [.header("\(quote.kind == .seats ? "Seats" : "Bags") for booking \(reference)")]
        blocks += quote.lines.map { .text($0, indent: 2) }
        blocks += quote.unavailable.map { .notice(Notice(.warning, "No more bags are sold for \($0).")) }
        let total = quote.total.amount == 0
            ? "Free"
            : quote.paysNow
            ? "\(quote.total.formatted), paid now"
            : "\(quote.total.formatted), added to the hold: \(quote.holdTotal?.formatted ?? "its total grows"), paid with it"
        return blocks + [.rows(KeyValueList(rows: [KeyValueList.Row("Total", total)]))]
    }

    /// What cancelling would refund, before the traveller confirms.
    func quoteBlocks(_ quote: OrderCancellation, booking: Booking) -> [ScreenBlock] {
        let shown = quoteViewModel(quote, booking: booking)
        return [.header("Cancellation"), .notice(Notice(.warning, shown.headline)), .rows(KeyValueList(rows: shown.rows))]
    }
}

/// One leg of an itinerary.
struct ItineraryLegViewModel: Sendable, Hashable, Codable {
    /// `Flight · LHR → JFK · Fri 18 Dec 2026 · 8h 05m`.
    var title: String
    /// One line per flight.
    var flights: [String]
}

/// One booking in full.
struct BookingDetailViewModel: Sendable, Hashable, Codable {
    /// `Booking ERDAH6 · Confirmed`.
    var title: String
    var rows: [KeyValueList.Row]
    /// The airline's schedule change waiting for an answer, when there is one.
    var airlineChange: AirlineChangeViewModel?
    var itinerary: [ItineraryLegViewModel]
    /// One line per passenger, with their e-ticket.
    var passengers: [String]
    var conditions: [KeyValueList.Row]
    /// What can be done with it, or why not.
    var actions: [String]
    /// Problems reading or keeping it.
    var warnings: [String]
}

/// What cancelling would refund, before the traveller confirms.
struct CancellationQuoteViewModel: Sendable, Hashable, Codable {
    /// `Cancelling ERDAH6 refunds £372.50.`
    var headline: String
    var rows: [KeyValueList.Row]
}

/// What the screen asks in a step; ``FlightBookingsReducer/screen(_:)`` makes it its question.
enum BookingsPrompt: Sendable, Hashable, Codable {
    /// A line of text.
    case text(question: String)
    /// Yes or no.
    case confirm(question: String, default: Bool?)
}
