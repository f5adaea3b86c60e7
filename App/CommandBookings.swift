import Entities
import Foundation
import ModuleCore
import TravelText
import Trips

/// How a command finds a booking by its reference, and words it.
extension CommandContext {
    /// How a booking is worded after a command: TravelText's, at the clock now, its ways forward named by the
    /// commands (`flights cancel ERDAH6`).
    var bookingText: BookingText {
        BookingText(
            backend: backend.name, now: backend.now(), timeZone: backend.timeZone, storeLocation: trip.storeLocation,
            acceptsAirlineChanges: true, ways: .commands)
    }

    /// `booking` in full, for a person (on standard error when standard output carries data).
    func show(_ booking: Booking) {
        show(bookingText.detailBlocks(booking, fitted: false))
    }

    /// Runs `body` on the booking `reference`, shown in full first (unless `shown` is false), with its reference as
    /// the airline gave it; a booking not found (or not readable) ends the command as ``booking(_:)`` says.
    func onBooking(
        _ reference: String, shown: Bool = true, _ body: (_ booking: Booking, _ reference: String) async -> FlowOutcome
    ) async -> FlowOutcome {
        switch await booking(reference) {
        case .success(let found):
            if shown { show(found) }
            return await body(found, found.reference ?? reference.trimmingCharacters(in: .whitespaces).uppercased())
        case .failure(let outcome):
            return outcome
        }
    }

    /// The booking `reference` as the core finds it (kept here, or at the flight service), or the outcome a command
    /// ends with when it is not found or cannot be read, said on standard error.
    func booking(_ reference: String) async -> Result<Booking, FlowOutcome> {
        let reference = reference.trimmingCharacters(in: .whitespaces).uppercased()
        progress("Looking up booking \(reference)…")
        let lookup = await ListBookings(trip).booking(reference: reference)
        writer.hideProgress()
        switch lookup {
        case .found(let booking):
            return .success(booking)
        case .notFound:
            problem(
                "There is no booking \(reference) on this machine or at the flight service.",
                suggestion: "Check the reference (six letters and digits, as the airline gave it); `flights bookings` lists the bookings kept here.")
            return .failure(.noResults)
        case .failed(let failure):
            problem(
                "Booking \(reference) is not kept on this machine, and the flight service could not be asked: \(failure.message)",
                suggestion: failure.suggestion)
            return .failure(.backendError(failure.message))
        case .storeFailed(let failure):
            problem(failure.description)
            return .failure(.cannotUseBookingsFile)
        }
    }
}
