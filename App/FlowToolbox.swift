import Entities
import FlightAvailability
import FlightSearch
import FlightSummary
import FlightsMCP
import Foundation
import Services

/// The tools of `flights mcp`, done as the commands do them: each call that searches, books, pays or cancels runs
/// the same flow as `flights search --json`, `flights book --yes --total`, `flights pay` or `flights cancel` (the
/// same modules, bookings file, idempotency and lost-answer recovery), on a terminal that keeps what the flow says.
/// Reads that change nothing (places, an offer, seat maps, the list) ask the backend's services directly.
final class FlowToolbox: FlightsToolbox {
    let backend: FlowServices
    let bookingsFile: any BookingStore

    init(backend: FlowServices, bookings: any BookingStore) {
        self.backend = backend
        self.bookingsFile = bookings
    }

    // MARK: Reads

    func places(matching query: String) async throws(ToolFailure) -> [Place] {
        do {
            return try await backend.places.suggestions(for: query)
        } catch {
            throw Self.failure(error)
        }
    }

    func offer(id: String) async throws(ToolFailure) -> Offer {
        do {
            return try await backend.extras.offerWithServices(id: id)
        } catch {
            throw Self.failure(error, missing: .offerUnavailable)
        }
    }

    func seatMaps(offerID: String) async throws(ToolFailure) -> [SeatMap] {
        do {
            return try await backend.extras.seatMaps(offerID: offerID)
        } catch {
            throw Self.failure(error, missing: .offerUnavailable)
        }
    }

    /// The bookings file, newest first, pending bookings of this backend settled by the ledger first (found means
    /// booked), as the bookings list does.
    func bookings() async throws(ToolFailure) -> [BookingRecord] {
        let records: [BookingRecord]
        do {
            records = try bookingsFile.records()
        } catch {
            throw ToolFailure(.notSaved, "The bookings file could not be read: \(error)")
        }
        let pending = records.filter { $0.state == .pending && $0.backend == backend.name }
        let settled = pending.isEmpty ? records : await BookingLedger(
            orders: backend.orders, store: bookingsFile, now: backend.now).reconcile(pending).applied(to: records)
        return settled.sorted { $0.createdAt > $1.createdAt }
    }

    // MARK: Flows

    func searchFlights(_ search: TripSearch) async throws(ToolFailure) -> FoundOffers {
        let sort = AvailabilitySort(rawValue: search.sort) ?? .price
        let run = await FlowRun.run(backend, bookings: bookingsFile, listing: .json(sort: sort, limit: search.limit)) {
            $0.startSearch(Self.input(search))
        }
        if let found = try? DuffelJSON.decoder().decode(OfferListDocument.self, from: Data(run.output.utf8)) {
            return FoundOffers(offerRequestID: found.offerRequestID, offers: found.offers)
        }
        throw run.failure(searching: true)
    }

    func searchDates(_ search: TripSearch) async throws(ToolFailure) -> [DateCell] {
        let run = await FlowRun.run(backend, bookings: bookingsFile, listing: .json(sort: .price, limit: nil, dateGrid: true)) {
            $0.startSearch(Self.input(search))
        }
        if let grid = try? JSONDecoder().decode(DateGridCells.self, from: Data(run.output.utf8)) { return grid.cells }
        throw run.failure(searching: true)
    }

    private static func input(_ search: TripSearch) -> FlightSearchInput {
        FlightSearchInput(
            legs: search.legs.map { FlightSearchInput.Leg(from: $0.origin, to: $0.destination, date: $0.date) },
            returnDate: search.returnDate, adults: search.adults, childAges: search.childAges, infants: search.infants,
            cabin: search.cabin.map(CabinClass.init(rawValue:)), maxConnections: search.maxConnections,
            departureWindow: search.departureWindow, mode: .unattended)
    }

    /// Books as `flights book OFFER --passengers FILE --yes --total T [--hold]` does, with the call's key as the
    /// booking key. A booking made by an earlier call with the same key is answered from the bookings file (a
    /// pending one settled by the ledger first), and nothing is sent again.
    func book(_ request: BookingRequest) async throws(ToolFailure) -> BookingMade {
        if let made = try await madeBefore(key: request.key) { return made }
        let input = FlightSummaryInput(
            offerID: request.offerID, mode: .unattended(travellers: request.travellers, assumeYes: true), output: .json,
            acceptedTotal: request.agreedTotal, hold: request.hold)
        let run = await FlowRun.run(backend, bookings: bookingsFile, bookingKey: request.key) { $0.startSummary(input) }
        switch run.summaryOutcome {
        case .booked(let order)?:
            return BookingMade(order: order, alreadyBooked: false)
        case .priceChanged(let agreed, let now)?:
            throw ToolFailure(
                .priceChanged, "Nothing was booked: the total is now \(now.formatted), not the \(agreed.formatted) agreed to.",
                whatToDo: "Tell the traveller the new total; book again with confirm_total \(now.wireAmount) if they agree.",
                detail: run.said, total: now)
        case .invalidInput(let problems)?:
            throw ToolFailure(.invalidInput, "Nothing was booked: the passengers' details need correcting.",
                              whatToDo: "Correct what each line of detail names and call book again.", detail: problems)
        case .offerUnavailable(let reason)?:
            throw ToolFailure(.offerUnavailable, "Nothing was booked: the offer is no longer sold.",
                              whatToDo: "Search again and choose another offer.", detail: [reason] + run.said)
        case .notSaved?:
            throw ToolFailure(.notSaved, "Nothing was sent: the booking could not be written on this machine first.",
                              whatToDo: "Free some disk space, or check the bookings folder can be written, then call book again.",
                              detail: run.said)
        case .failed?, .declined?, nil:
            // Still pending under the call's key: the answer was lost and the order may have been made. The same
            // call looks it up by its key before anything is sent again.
            if (try? bookingsFile.record(key: request.key))?.state == .pending {
                throw ToolFailure(
                    .answerLost, "The booking's answer was lost: it may have been made.",
                    whatToDo: "Call book again with exactly the same arguments: it looks the booking up by its key and never books twice. Do not search for another offer first.",
                    detail: run.said)
            }
            throw run.failure(searching: false)
        }
    }

    /// The booking an earlier call with `key` made, if it made one. A pending one (its answer lost) is looked up by
    /// its key first; when the orders cannot be read, nothing is sent (it may have been made).
    private func madeBefore(key: String) async throws(ToolFailure) -> BookingMade? {
        guard var record = try? bookingsFile.record(key: key) else { return nil }
        if record.state == .pending {
            let settled = await BookingLedger(orders: backend.orders, store: bookingsFile, now: backend.now).reconcile([record])
            if case .lookupFailed(_, let error)? = settled.outcomes.first {
                throw ToolFailure(
                    .answerLost, "An earlier call's booking may have been made, and the bookings cannot be read to check.",
                    whatToDo: "Nothing was sent. Call book again with the same arguments in a moment.", detail: [error.message])
            }
            record = settled.settled[key] ?? record
        }
        guard record.state != .pending, record.state != .failed, let orderID = record.orderID else { return nil }
        do {
            return BookingMade(order: try await backend.orders.order(id: orderID), alreadyBooked: true)
        } catch {
            throw ToolFailure(
                .serviceError, "Booking \(record.bookingReference ?? orderID) was made by an earlier call, but it cannot be read now.",
                whatToDo: "Nothing was sent again. Read it later with get_booking.", detail: [error.message])
        }
    }

    /// A service's failure as a tool's: what happened and what to do, in our words.
    static func failure(_ error: ServiceError, missing: ToolFailure.Code = .notFound) -> ToolFailure {
        if error.apiError?.has(.offerNoLongerAvailable) == true {
            return ToolFailure(.offerUnavailable, "The offer is no longer sold.", whatToDo: "Search again and choose another offer.",
                               detail: [error.message])
        }
        if error.apiError?.status == 404 {
            return ToolFailure(missing, "The flight service has no such thing (404).", whatToDo: error.suggestion, detail: [error.message])
        }
        return ToolFailure(.serviceError, "The flight service failed: \(error.howTheAnswerWasLost).", whatToDo: error.suggestion,
                           detail: [error.message])
    }
}

/// `flights search --json`'s document, as far as the tools read it.
private struct OfferListDocument: Decodable {
    var offerRequestID: String
    var offers: [Offer]

    private enum CodingKeys: String, CodingKey {
        case offerRequestID = "offer_request_id", offers
    }
}

/// `flights search --grid --json`'s document, as far as the tools read it.
private struct DateGridCells: Decodable {
    var cells: [DateCell]
}
