import Entities
import FlightsMCP
import Foundation
import Services
import TravelText
import Trips

/// The tools of `flights mcp`, a face over the trip's core: each tool asks a use case (``SearchFlights``,
/// ``OfferDetails``, ``BookTravellers`` and ``BookOffer``, ``ListBookings``, ``PayHold``, ``CancelBooking``, ``ChangeFlights``) and
/// shapes its typed answer; the rules that keep money safe (the agreed total, the record written first, the booking
/// key, lost answers) are the core's, the same as the screens' and the commands'. A failure is worded for an
/// assistant from the core's typed result, naming the tool's arguments, never a command's flags.
final class TripToolbox: FlightsToolbox {
    let backend: FlowServices
    let trip: TripServices

    init(backend: FlowServices, bookings: any BookingStore, watches: (any WatchStore)? = nil) {
        self.backend = backend
        trip = TripServices(backend, bookings: bookings, watches: watches)
    }

    /// Today where the traveller is.
    var today: CalendarDate { CalendarDate(backend.now(), in: backend.timeZone) }

    // MARK: Reads

    func places(matching query: String) async throws(ToolFailure) -> [Place] {
        try Self.value(await SearchFlights(trip).places(matching: query))
    }

    func offer(id: String) async throws(ToolFailure) -> Offer {
        switch await OfferDetails(trip).offer(id: id) {
        case .success(let offer): return offer
        case .failure(let error): throw Self.failure(error, missing: .offerUnavailable)
        }
    }

    func seatMaps(offerID: String) async throws(ToolFailure) -> [SeatMap] {
        switch await OfferDetails(trip).seatMaps(offerID: offerID) {
        case .success(let maps): return maps
        case .failure(let error): throw Self.failure(error, missing: .offerUnavailable)
        }
    }

    // MARK: Searching

    func searchFlights(_ search: TripSearch) async throws(ToolFailure) -> FoundOffers {
        try await searchFlights(search, progress: .none)
    }

    /// The offers as the airlines answer, each arrival told to `progress` ("21 offers so far · 2 airlines still
    /// answering"); the answer once every airline has answered or the supplier timeout has passed.
    func searchFlights(_ search: TripSearch, progress: ToolProgress) async throws(ToolFailure) -> FoundOffers {
        let request = try await request(for: search)
        let arrivals = SearchFlights(trip).offersAsTheyArrive(
            for: request, order: OfferOrder(rawValue: search.sort) ?? .price,
            supplierTimeout: search.supplierTimeout.map { .seconds($0) })
        var last: OfferArrival?
        var told = 0
        for await arrival in arrivals {
            last = arrival
            // Progress only grows: a count of batches answered, told when it moves.
            let answered = arrival.totalBatches - arrival.remainingBatches
            if answered > told {
                told = answered
                await progress.report(answered, of: arrival.totalBatches, ArrivalText.progress(arrival))
            }
        }
        guard let found = last else { throw ToolFailure(.serviceError, "The search was stopped.", whatToDo: "Search again.") }
        if let failure = found.failure, found.offers.isEmpty { throw Self.failure(failure) }
        guard !found.offers.isEmpty else { throw Self.nothingFound }
        return FoundOffers(
            offerRequestID: found.offerRequestID, offers: search.limit.map { Array(found.offers.prefix($0)) } ?? found.offers,
            airlinesWithoutOffers: found.emptyBatches)
    }

    func searchDates(_ search: TripSearch) async throws(ToolFailure) -> [DateCell] {
        try await searchDates(search, progress: .none)
    }

    /// The grid's days, each told to `progress` as its search answers ("12 of 49 days searched").
    func searchDates(_ search: TripSearch, progress: ToolProgress) async throws(ToolFailure) -> [DateCell] {
        let request = try await request(for: search)
        let grid = await SearchFlights(trip).dateGrid(around: request, today: today) { grid in
            await progress.report(
                grid.settledCount, of: grid.cellCount, "\(grid.settledCount) of \(grid.cellCount) days searched")
        }
        let failures = grid.fares.values.compactMap { fare -> ServiceError? in
            if case .failed(let error) = fare { return error } else { return nil }
        }
        // Every day failed: the search failed, said as a search's failure is.
        if let failure = failures.first, failures.count == grid.plan.cells.count { throw Self.failure(failure) }
        return grid.plan.cells.sorted().map { days in
            var cell = DateCell(
                departureDate: days.departure.description, returnDate: days.returning?.description, status: "searching")
            switch grid.fares[days] {
            case .cheapest(let money)?:
                cell.status = "priced"
                cell.lowestTotalAmount = money.wireAmount
                cell.lowestTotalCurrency = money.currency
            case .noOffers?: cell.status = "no_offers"
            case .failed?: cell.status = "failed"
            case nil: break
            }
            return cell
        }
    }

    /// What `search` means, or why it means nothing.
    func request(for search: TripSearch) async throws(ToolFailure) -> SearchRequest {
        let query = TripQuery(
            legs: search.legs.map { TripQuery.Leg(from: $0.origin, to: $0.destination, date: $0.date) },
            returnDate: search.returnDate, adults: search.adults, childAges: search.childAges, infants: search.infants,
            cabin: search.cabin.map(CabinClass.init(rawValue:)), maxConnections: search.maxConnections,
            departureWindow: search.departureWindow)
        switch await SearchFlights(trip).request(for: query, today: today) {
        case .success(let request):
            return request
        case .failure(.invalidInput(let problems)):
            throw ToolFailure(
                .invalidInput, problems.first ?? "The search is not one that can be made.",
                whatToDo: "Correct what the detail names and call again.", detail: problems)
        case .failure(.service(let error)):
            throw ToolFailure(
                .serviceError, "The places could not be looked up at the flight service.",
                whatToDo: "Try again in a moment.", detail: [error.message])
        }
    }

    private static let nothingFound = ToolFailure(
        .notFound, "Nothing was found for this search.", whatToDo: "Try other dates, places or fewer filters.")

    // MARK: Booking

    /// Books `request` once, whatever the number of calls with its key: a booking an earlier call made under the key
    /// is answered from the bookings file (a pending one settled first), and nothing is sent again.
    func book(_ request: BookingRequest) async throws(ToolFailure) -> BookingMade {
        try await book(request, progress: .none)
    }

    /// The booking's steps, as `progress` is told of them.
    private enum BookingStep: Int {
        case earlierCall, offerChecked, orderSent, booked

        var words: String {
            switch self {
            case .earlierCall: "Looking for a booking an earlier call made with these arguments"
            case .offerChecked: "Checking the offer's price and the passengers' details"
            case .orderSent: "Sending the order to the airline"
            case .booked: "Booked"
            }
        }
    }

    func book(_ request: BookingRequest, progress: ToolProgress) async throws(ToolFailure) -> BookingMade {
        func reached(_ step: BookingStep) async { await progress.report(step.rawValue, of: BookingStep.booked.rawValue, step.words) }
        await reached(.earlierCall)
        switch await ListBookings(trip).booking(key: request.key) {
        case .booked(let order, _):
            return BookingMade(order: order, alreadyBooked: true)
        case .unreadable(let record, let error):
            throw ToolFailure(
                .serviceError, "Booking \(record.bookingReference ?? record.orderID ?? "") was made by an earlier call, but it cannot be read now.",
                whatToDo: "Nothing was sent again. Read it later with get_booking.", detail: [error.message])
        case .unknown(let error):
            throw ToolFailure(
                .answerLost, "An earlier call's booking may have been made, and the bookings cannot be read to check.",
                whatToDo: "Nothing was sent. Call book again with the same arguments in a moment.", detail: [error.message])
        case .none:
            break
        }
        let travellers = TravellersBooking(
            offerID: request.offerID, travellers: request.travellers, hold: request.hold, agreedTotal: request.agreedTotal)
        let booking: OfferBooking
        await reached(.offerChecked)
        switch await BookTravellers(trip).prepare(travellers, today: today) {
        case .ready(let ready, _, _):
            booking = ready
        case .invalid(let problems):
            throw ToolFailure(.invalidInput, "Nothing was booked: the passengers' details need correcting.",
                              whatToDo: "Correct what each line of detail names and call book again.", detail: problems)
        case .priceChanged(let agreed, let now, _):
            throw Self.priceChanged(agreed: agreed, now: now)
        case .offerGone(let reason):
            throw Self.offerGone(reason)
        case .failed(let error):
            if (try? trip.bookings.record(key: request.key))?.state == .pending {
                // An earlier call's answer was lost, and the orders could not settle it: it may have been made.
                throw ToolFailure(
                    .answerLost, "An earlier call's booking may have been made, and the offer cannot be read now.",
                    whatToDo: "Nothing was sent. Call book again with the same arguments in a moment.", detail: [error.message])
            }
            throw ToolFailure(
                .serviceError, "Nothing was booked: the offer could not be checked.", whatToDo: "Try again in a moment.",
                detail: [error.message])
        }
        let key = request.key
        await reached(.orderSent)
        switch await BookOffer(trip, makeBookingKey: { key }).book(booking, agreedTotal: request.agreedTotal) {
        case .booked(let order, _, _):
            await reached(.booked)
            return BookingMade(order: order, alreadyBooked: false)
        case .priceChanged(let agreed, let now, _):
            throw Self.priceChanged(agreed: agreed, now: now)
        case .refused(let error, _):
            if BookTravellers.meansOfferIsGone(error) { throw Self.offerGone(error.message) }
            if error.has(.priceChanged), let now = try? await backend.offers.offer(id: request.offerID) {
                // The airline moved the price between the check and the order: the total now, read again.
                let agreed = Money(amount: request.agreedTotal, currency: now.totalAmount.currency)
                throw Self.priceChanged(agreed: agreed, now: now.totalAmount)
            }
            throw ToolFailure(
                .notPossible, "Nothing was booked: the airline refused the order.", whatToDo: error.suggestion,
                detail: [error.message])
        case .notFound(let error, _), .unknown(let error, _, _):
            throw ToolFailure(
                .answerLost, "The booking's answer was lost: it may have been made.",
                whatToDo: "Call book again with exactly the same arguments: it looks the booking up by its key and never books twice. Do not search for another offer first.",
                detail: [error.message])
        case .madeEarlier(let record, let error):
            throw ToolFailure(
                .serviceError, "Booking \(record.bookingReference ?? record.orderID ?? "") was made by an earlier call, but it cannot be read now.",
                whatToDo: "Nothing was sent again. Read it later with get_booking.", detail: [error.message])
        case .notSaved(let problem):
            throw ToolFailure(.notSaved, "Nothing was sent: the booking could not be written on this machine first.",
                              whatToDo: "Free some disk space, or check the bookings folder can be written, then call book again.",
                              detail: [problem.description])
        }
    }

    private static func priceChanged(agreed: Money, now: Money) -> ToolFailure {
        ToolFailure(
            .priceChanged, "Nothing was booked: the total is now \(now.formatted), not the \(agreed.formatted) agreed to.",
            whatToDo: "Tell the traveller the new total; book again with confirm_total \(now.wireAmount) if they agree.",
            total: now)
    }

    private static func offerGone(_ reason: String) -> ToolFailure {
        ToolFailure(.offerUnavailable, "Nothing was booked: the offer is no longer sold.",
                    whatToDo: "Search again and choose another offer.", detail: [reason])
    }

    // MARK: Failures

    /// The success of `result`, or its failure as a tool's.
    static func value<Value>(_ result: Result<Value, ServiceError>) throws(ToolFailure) -> Value {
        switch result {
        case .success(let value): return value
        case .failure(let error): throw failure(error)
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
