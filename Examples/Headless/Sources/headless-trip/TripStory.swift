import Entities
import Foundation
import Services
import Trips

/// A booking made and cancelled from code, step by step, each step one call to Flights' trip core. A step that does
/// not end as planned throws why; what the core answers is typed, so nothing here reads text.
struct TripStory: Sendable {
    let trip: TripServices

    /// The place `text` names, as the screens would take it (the core's `PlaceMatching`): a code, or a name only
    /// one place has.
    func place(for text: String) async throws(StepFailure) -> Place {
        let found: [Place]
        switch await SearchFlights(trip).places(matching: text) {
        case .success(let places): found = places
        case .failure(let error): throw StepFailure(step: "places", message: "finding “\(text)”: \(error.message)")
        }
        switch PlaceMatching.resolve(text, in: found) {
        case .success(let chosen):
            return found.first { $0.iataCode == chosen.code }
                ?? Place(kind: chosen.kind, iataCode: chosen.code, name: chosen.name, iataCountryCode: chosen.countryCode)
        case .failure(let problem):
            throw StepFailure(step: "places", message: problem.message)
        }
    }

    /// One adult from `origin` to `destination` on `date`, and the cheapest offer found.
    func cheapestOffer(from origin: Place, to destination: Place, on date: CalendarDate)
        async throws(StepFailure) -> (search: SearchRequest, offer: Offer, count: Int)
    {
        let search = SearchRequest(
            slices: [SearchSlice(origin: origin.iataCode, destination: destination.iataCode, departureDate: date)],
            passengers: [.adult])
        let found: OfferSearchResult
        switch await SearchFlights(trip).offers(for: search, order: .price) {
        case .success(let result): found = result
        case .failure(let error): throw StepFailure(step: "search", message: error.message)
        }
        guard let cheapest = found.offers.first else {
            throw StepFailure(
                step: "search", message: "no offers from \(origin.iataCode) to \(destination.iataCode) on \(date)")
        }
        return (search, cheapest, found.offers.count)
    }

    /// `offer` booked for `traveller`, paid now, at `agreedTotal`: the core sends nothing at another total.
    func book(_ offer: Offer, search: SearchRequest, traveller: Traveller, agreedTotal: Decimal)
        async throws(StepFailure) -> Order
    {
        let slots = PassengerSlot.slots(for: offer, search: search)
        guard let slot = slots.first, slots.count == 1 else {
            throw StepFailure(
                step: "book", message: "offer \(offer.id) is for \(slots.count) passengers, not one adult")
        }
        let request = OfferBooking(
            offer: offer, passengers: [traveller.details(id: slot.id)], slots: slots, type: .instant)
        switch await BookOffer(trip).book(request, agreedTotal: agreedTotal) {
        case .booked(let order, _, let storeProblem):
            if let storeProblem {
                throw StepFailure(
                    step: "book", message: "booked \(order.bookingReference), but the bookings file: \(storeProblem)")
            }
            return order
        case .priceChanged(let agreed, let now, _):
            throw StepFailure(
                step: "book", message: "the total is \(now) now, not the \(agreed) agreed; nothing was sent")
        case .refused(let error, _):
            throw StepFailure(step: "book", message: "refused, nothing was booked: \(error.message)")
        case .notFound(let error, _):
            throw StepFailure(step: "book", message: "the answer was lost and no order was found: \(error.message)")
        case .unknown(let error, let lookup, _):
            throw StepFailure(
                step: "book", message: "the answer was lost (\(error.message)) and the orders could not be read "
                    + "(\(lookup.message)): it may be booked; list the bookings before trying again")
        case .madeEarlier(let record, let error):
            throw StepFailure(
                step: "book", message: "booked already as \(record.bookingReference ?? "?"), which cannot be read now: \(error.message)")
        case .notSaved(let problem):
            throw StepFailure(
                step: "book", message: "nothing was sent: the bookings file could not be written: \(problem)")
        }
    }

    /// Every booking kept here, and the record of the one with `reference`, which must be confirmed.
    func listed(reference: String) async throws(StepFailure) -> (records: [BookingRecord], booked: BookingRecord) {
        let list: BookingList
        switch await ListBookings(trip).list() {
        case .success(let found): list = found
        case .failure(let problem): throw StepFailure(step: "bookings", message: "\(problem)")
        }
        guard let record = list.records.first(where: { $0.bookingReference == reference }) else {
            throw StepFailure(step: "bookings", message: "\(reference) is not among the \(list.records.count) kept")
        }
        guard record.state == .confirmed else {
            throw StepFailure(step: "bookings", message: "\(reference) is \(record.state.displayName), not confirmed")
        }
        return (list.records, record)
    }

    /// The booking with `reference` cancelled at the refund quoted: a quote first, then the cancellation confirmed
    /// at that refund. The booking as it stands after.
    func cancel(reference: String) async throws(StepFailure) -> CancellationDone {
        let booking: Booking
        switch await ListBookings(trip).booking(reference: reference) {
        case .found(let found): booking = found
        case .notFound: throw StepFailure(step: "cancel", message: "no booking \(reference), here or at the API")
        case .failed(let error): throw StepFailure(step: "cancel", message: error.message)
        case .storeFailed(let problem): throw StepFailure(step: "cancel", message: "\(problem)")
        }
        if let blocker = booking.cancellationBlocker {
            throw StepFailure(step: "cancel", message: "\(reference) cannot be cancelled now: \(blocker)")
        }
        guard let orderID = booking.order?.id else {
            throw StepFailure(step: "cancel", message: "\(reference) has no order to cancel")
        }
        let quote: OrderCancellation
        switch await CancelBooking(trip).quote(orderID: orderID) {
        case .success(let quoted): quote = quoted
        case .failure(let error): throw StepFailure(step: "cancel", message: "no quote: \(error.message)")
        }
        switch await CancelBooking(trip).confirm(quote, of: booking, agreedRefund: quote.refundOrZero.amount) {
        case .cancelled(let done, _):
            // The order read again says when it was cancelled, and the bookings file follows it.
            guard done.booking.order?.cancelledAt != nil, done.booking.record?.state == .cancelled else {
                throw StepFailure(
                    step: "cancel", message: "confirmed, but \(reference) does not read as cancelled "
                        + "(bookings file: \(done.booking.record?.state.rawValue ?? "no record"))")
            }
            return done
        case .refundChanged(let now):
            throw StepFailure(step: "cancel", message: "the refund is \(now) now, not as quoted; nothing was sent")
        case .notCancelled(let error):
            throw StepFailure(step: "cancel", message: "not cancelled: \(error.message)")
        case .unknown(let error, let lookup):
            throw StepFailure(
                step: "cancel", message: "the answer was lost (\(error.message)) and the order could not be read "
                    + "(\(lookup.message)): it may be cancelled; look it up before trying again")
        }
    }
}

/// Why a step of the story stopped, in words a person can act on.
struct StepFailure: Error, CustomStringConvertible {
    /// `places`, `search`, `book`, `bookings` or `cancel`.
    var step: String
    var message: String

    var description: String { "\(step) failed: \(message)" }
}

/// The one adult who flies.
struct Traveller: Sendable {
    var title: PassengerTitle = .ms
    var gender: Gender = .female
    var givenName = "Imogen"
    var familyName = "Fairweather"
    var bornOn = CalendarDate(year: 1990, month: 4, day: 12) ?? CalendarDate(dayNumber: 0)
    var email = "imogen.fairweather@example.com"
    var phoneNumber = "+442079460123"

    /// The details an order needs, for the offer's passenger `id`.
    func details(id: String) -> PassengerDetails {
        PassengerDetails(
            id: id, title: title, gender: gender, givenName: givenName, familyName: familyName, bornOn: bornOn,
            email: email, phoneNumber: phoneNumber)
    }
}
