public import Entities
public import Foundation
public import Services

/// Adds bags or seats to a booking already made: what it can still add, priced (``ExtrasQuote``), then added at the
/// total agreed to. A paid order pays their total now; a hold adds it to what it costs. A lost answer is resolved by
/// reading the order again (does it hold them?), never by adding twice.
public struct AddExtras: Sendable {
    private let trip: TripServices

    /// The use case over `trip`'s services.
    public init(_ trip: TripServices) {
        self.trip = trip
    }

    /// What order `orderID` can still add.
    public func availableServices(orderID: String) async -> Result<[AvailableService], ServiceError> {
        guard let extras = trip.orderExtras else {
            return .failure(.transport("This backend adds nothing to a booking after it is made."))
        }
        do {
            return .success(try await extras.availableServices(orderID: orderID))
        } catch {
            return .failure(error)
        }
    }

    /// The seat maps of the booked offer `offerID`.
    public func seatMaps(offerID: String) async -> Result<[SeatMap], ServiceError> {
        guard let seatMaps = trip.extras else { return .failure(.transport("This backend reads no seat maps.")) }
        do {
            return .success(try await seatMaps.seatMaps(offerID: offerID))
        } catch {
            return .failure(error)
        }
    }

    /// Adds `quote`'s bags or seats to `booking`'s order when their total is `agreedTotal` (`nil`: the quote's, just
    /// shown); at another total nothing is sent (``ExtrasOutcome/priceChanged(_:)`` with the total now).
    public func add(_ quote: ExtrasQuote, to booking: Booking, agreedTotal: Decimal? = nil) async -> ExtrasOutcome {
        if let agreedTotal, !AgreedAmount.matches(agreedTotal, quote.total) { return .priceChanged(quote.total) }
        guard let extras = trip.orderExtras, let order = booking.order else {
            return .notAdded(.transport("The booking's order could not be read."))
        }
        // Shielded: once the addition is on its way, its answer is kept even if the caller goes away.
        return await Task { await self.send(quote, to: booking, order: order, extras: extras) }.value
    }

    private func send(
        _ quote: ExtrasQuote, to booking: Booking, order: Order, extras: any OrderExtrasService
    ) async -> ExtrasOutcome {
        let addition = ServicesAddition(addServices: quote.services, payment: quote.paysNow ? Payment(amount: quote.total) : nil)
        do {
            let added = try await extras.addServices(orderID: order.id, addition)
            return .added(trip.updated(booking, with: added), recovered: false)
        } catch {
            guard error.mayHaveTakenEffect else { return .notAdded(error) }
            let orders = trip.orders
            let resolution = await LostAnswer.resolve(delays: trip.lookupDelays) { () async throws(ServiceError) -> Order? in
                let read = try await orders.order(id: order.id)
                return quote.isHeld(by: read) ? read : nil
            }
            switch resolution {
            case .found(let read): return .added(trip.updated(booking, with: read), recovered: true)
            case .notFound: return .notAdded(error)
            case .lookupFailed: return .unknown(error)
            }
        }
    }
}

extension Booking {
    /// Why bags or seats cannot be added to this booking now, as the end of a sentence ("Bags cannot be added to
    /// booking ERDAH6: it is cancelled."); `nil` when they can. `backend` is the flight service this run talks to,
    /// `addsExtras` whether it adds services to orders; a hold's deadline is read at `now` and said in `timeZone`.
    public func extrasBlocker(backend: String, addsExtras: Bool, now: Date, timeZone: TimeZone) -> String? {
        guard addsExtras else { return "this backend adds nothing to a booking after it is made" }
        if let otherBackend { return "it was booked through \(otherBackend), and this run talks to \(backend)" }
        guard let order = shownOrder else { return "its order could not be read from the flight service" }
        if order.cancelledAt != nil { return "it is cancelled" }
        if order.paymentStatus.awaitingPayment, let deadline = order.paymentStatus.paymentRequiredBy, deadline <= now {
            return "the hold lapsed at \(TravelFormat.instant(deadline, in: timeZone))"
        }
        return nil
    }

    /// Why seats cannot be chosen for this booking now (``extrasBlocker(backend:addsExtras:now:timeZone:)``, then
    /// ``seatMapsBlocker(backend:readsSeatMaps:)``); `nil` when they can.
    public func seatsBlocker(backend: String, addsExtras: Bool, readsSeatMaps: Bool, now: Date, timeZone: TimeZone) -> String? {
        extrasBlocker(backend: backend, addsExtras: addsExtras, now: now, timeZone: timeZone)
            ?? seatMapsBlocker(backend: backend, readsSeatMaps: readsSeatMaps)
    }
}
