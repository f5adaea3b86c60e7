import Entities
import Foundation
import Services
import Trips

/// What `--json` prints, written in one place: each document in Duffel's format (snake_case keys, money as
/// strings), pretty and with its keys sorted, so scripts and diffs see a stable text.
enum CommandJSON {
    /// `document` as pretty JSON with a line end; `what` names it when it cannot be written.
    static func text(_ document: some Encodable, naming what: String) throws(ServiceError) -> String {
        do {
            let data = try DuffelJSON.encoder(pretty: true).encode(document)
            return String(decoding: data, as: UTF8.self) + "\n"
        } catch {
            throw .malformedResponse("The \(what) could not be written as JSON: \(error)")
        }
    }

    /// `document` as one line of JSON (for `--stream`: a line per event, read as it comes).
    static func line(_ document: some Encodable, naming what: String) throws(ServiceError) -> String {
        do {
            let data = try DuffelJSON.encoder(pretty: false).encode(document)
            return String(decoding: data, as: UTF8.self) + "\n"
        } catch {
            throw .malformedResponse("The \(what) could not be written as JSON: \(error)")
        }
    }

    /// One line of `flights search --stream`: the offers a batch brought (Duffel's offer objects), how many
    /// batches there are and remain, how many came back empty, whether it is the last, and the failure that ended
    /// the wait early, if one did.
    struct OfferBatch: Encodable {
        var offerRequestID: String
        var offers: [Offer]
        var totalBatches: Int
        var remainingBatches: Int
        var emptyBatches: Int
        var final: Bool
        var error: String?

        init(_ arrival: OfferArrival) {
            offerRequestID = arrival.offerRequestID
            offers = arrival.newOffers
            totalBatches = arrival.totalBatches
            remainingBatches = arrival.remainingBatches
            emptyBatches = arrival.emptyBatches
            final = arrival.isFinal
            error = arrival.failure?.message
        }

        private enum CodingKeys: String, CodingKey {
            case offerRequestID = "offer_request_id", offers, totalBatches = "total_batches"
            case remainingBatches = "remaining_batches", emptyBatches = "empty_batches", final, error
        }
    }

    /// One record of `flights bookings --json`: the record as the bookings file keeps it, and
    /// `airline_change_waiting`, whether the airline changed its times and waits for an answer (left out when the
    /// airline's changes could not be listed), as the text list marks it "Times changed".
    struct ListedBooking: Encodable {
        var record: BookingRecord
        var airlineChangeWaiting: Bool?

        private enum CodingKeys: String, CodingKey {
            case airlineChangeWaiting = "airline_change_waiting"
        }

        func encode(to encoder: any Encoder) throws {
            try record.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(airlineChangeWaiting, forKey: .airlineChangeWaiting)
        }

        /// The records of `list`, each marked from the changes it found waiting.
        static func records(of list: BookingList) -> [ListedBooking] {
            list.records.map { record in
                ListedBooking(
                    record: record,
                    airlineChangeWaiting: list.changesWaiting.map { waiting in record.orderID.map(waiting.contains) ?? false })
            }
        }
    }

    /// `flights search --json`: the offer request's id, the search as sent, and the offers.
    struct Offers: Encodable {
        var offerRequestID: String
        var search: SearchRequest
        var offers: [Offer]

        private enum CodingKeys: String, CodingKey {
            case offerRequestID = "offer_request_id", search, offers
        }
    }

    /// `flights search --grid --json`: the search the grid is around, and every cell that can be flown with what
    /// its search found (`lowest_total_amount`/`lowest_total_currency`, Duffel's way of writing money), earliest
    /// first.
    struct DateGrid: Encodable {
        struct Cell: Encodable {
            var departureDate: CalendarDate
            var returnDate: CalendarDate?
            var status: String
            var lowestTotalAmount: String?
            var lowestTotalCurrency: String?
            var isLowest: Bool
            var isSearched: Bool
            var error: String?

            private enum CodingKeys: String, CodingKey {
                case departureDate = "departure_date", returnDate = "return_date", status
                case lowestTotalAmount = "lowest_total_amount", lowestTotalCurrency = "lowest_total_currency"
                case isLowest = "lowest", isSearched = "searched", error
            }
        }

        var search: SearchRequest
        var cells: [Cell]

        /// The grid of `plan` with its `fares`, cells in date order.
        init(plan: DateGridPlan, fares: [GridDays: FlexibleDateFare]) {
            let lowest = DateGridPlan.lowest(of: fares)
            search = plan.request
            cells = plan.cells.sorted().map { days -> Cell in
                var cell = Cell(
                    departureDate: days.departure, returnDate: days.returning, status: "searching", isLowest: false,
                    isSearched: days == plan.searched)
                switch fares[days] {
                case .cheapest(let money)?:
                    cell.status = "priced"
                    cell.lowestTotalAmount = money.wireAmount
                    cell.lowestTotalCurrency = money.currency
                    cell.isLowest = lowest.map { $0.amount == money.amount } ?? false
                case .noOffers?: cell.status = "no_offers"
                case .failed(let error)?:
                    cell.status = "failed"
                    cell.error = error.description
                case nil: break
                }
                return cell
            }
        }
    }
}
