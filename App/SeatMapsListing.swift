import Entities
import Foundation
import ModuleCore
import Services
import TravelText
import Trips

/// How `flights seats` prints seat maps, over the core's `OfferDetails`: every flight's map with what its `$` seats
/// cost and the legend (TravelText's `SeatMapsText`), or Duffel's seat maps as JSON.
@MainActor
struct SeatMapsListing {
    /// Duffel's seat maps as JSON rather than drawn.
    var json: Bool

    /// The maps of the offer `id`: 0 printed, 1 the airline gives none, 69 the offer or its maps cannot be read.
    func offer(_ id: String, in context: CommandContext) async -> FlowOutcome {
        let details = OfferDetails(context.trip)
        context.progress("Reading offer \(id)")
        switch await details.offer(id: id) {
        case .success(let offer): return await print(offer, details, context)
        case .failure(let error):
            context.problem(error.message, suggestion: error.suggestion)
            return .backendError(error.description)
        }
    }

    /// The maps of the offer a booking made here was booked from, drawn from its order: 0 printed, 1 no such booking
    /// or no map, 69 they cannot be read, 73 the bookings file cannot be read.
    func booking(_ reference: String, in context: CommandContext) async -> FlowOutcome {
        await context.onBooking(reference, shown: false) { booking, _ in await maps(of: booking, reference, context) }
    }

    /// The maps of `booking`'s offer, once it was found.
    private func maps(of booking: Booking, _ reference: String, _ context: CommandContext) async -> FlowOutcome {
        let readsSeatMaps = context.trip.extras != nil
        if let why = booking.seatMapsBlocker(backend: context.trip.backend, readsSeatMaps: readsSeatMaps) {
            let text = "The seat maps of booking \(reference) cannot be shown: \(why)."
            context.problem(text)
            return .backendError(text)
        }
        guard let order = booking.shownOrder, let offerID = booking.record?.offerID else { return .done }
        return await print(Offer(bookedAs: order, offerID: offerID), OfferDetails(context.trip), context)
    }

    private func print(_ offer: Offer, _ details: OfferDetails, _ context: CommandContext) async -> FlowOutcome {
        context.progress("Reading the seat maps")
        let maps: [SeatMap]
        switch await details.seatMaps(offerID: offer.id) {
        case .success(let read): maps = read
        case .failure(let error):
            context.problem(error.message, suggestion: error.suggestion)
            return .backendError(error.description)
        }
        context.writer.hideProgress()
        let flights = OfferDetails.flights(of: offer, maps: maps)
        guard !flights.isEmpty else {
            context.problem("The airline gives no seat map for this offer.", suggestion: "Seats are given at check-in.")
            return .noResults
        }
        guard json else {
            context.show(SeatMapsText.blocks(
                flights, passengers: OfferDetails.seatedPassengers(of: offer), width: context.columns))
            return .done
        }
        do throws(ServiceError) {
            context.output(try CommandJSON.text(Page(items: flights.map(\.map)), naming: "seat maps"))
            return .done
        } catch {
            context.failure(error)
            return .backendError(error.description)
        }
    }
}
