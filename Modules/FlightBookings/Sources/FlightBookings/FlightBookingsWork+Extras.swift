import Entities
import Foundation
import Services

extension FlightBookingsServices {
    /// What order `orderID` can still add.
    func availableServices(orderID: String) async -> Result<[AvailableService], ServiceError> {
        guard let extras else { return .failure(.transport("This backend adds nothing to a booking after it is made.")) }
        do {
            return .success(try await extras.availableServices(orderID: orderID))
        } catch {
            return .failure(error)
        }
    }

    /// The seat maps of the booked offer `offerID`.
    func seatMaps(offerID: String) async -> Result<[SeatMap], ServiceError> {
        guard let seatMapService else { return .failure(.transport("This backend reads no seat maps.")) }
        do {
            return .success(try await seatMapService.seatMaps(offerID: offerID))
        } catch {
            return .failure(error)
        }
    }

    /// Adds `quote`'s bags or seats to `booking`'s order, paying their total now for a paid order and nothing for a
    /// hold. A lost answer is resolved by reading the order again (does it hold them?), never by adding twice.
    func add(_ quote: ExtrasQuote, to booking: Booking) async -> ExtrasOutcome {
        guard let extras, let order = booking.order else { return .notAdded(.transport("The booking's order could not be read.")) }
        let addition = ServicesAddition(addServices: quote.services, payment: quote.paysNow ? Payment(amount: quote.total) : nil)
        do {
            let added = try await extras.addServices(orderID: order.id, addition)
            return .added(updated(booking, with: added), recovered: false)
        } catch {
            guard error.mayHaveTakenEffect else { return .notAdded(error) }
            let resolution = await LostAnswer.resolve(delays: lookupDelays) { () async throws(ServiceError) -> Order? in
                let read = try await orders.order(id: order.id)
                return quote.isHeld(by: read) ? read : nil
            }
            switch resolution {
            case .found(let read): return .added(updated(booking, with: read), recovered: true)
            case .notFound: return .notAdded(error)
            case .lookupFailed: return .unknown(error)
            }
        }
    }
}
