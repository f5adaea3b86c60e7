public import Entities
public import Foundation
public import Services

/// A booking as a program asks for it: an offer's id, the travellers as a passengers file gives them (their seats
/// and bags too), hold or pay now, and the total agreed.
public struct TravellersBooking: Sendable, Hashable {
    /// The offer, `off_…`.
    public var offerID: String
    /// One traveller per passenger of the offer, in its order.
    public var travellers: [PassengersFile.Traveller]
    /// Hold the booking and pay later.
    public var hold: Bool
    /// The total agreed to, the fare with the seats and bags; `nil` agrees to the total as it is now.
    public var agreedTotal: Decimal?

    /// Creates a booking request.
    public init(offerID: String, travellers: [PassengersFile.Traveller], hold: Bool = false, agreedTotal: Decimal? = nil) {
        self.offerID = offerID
        self.travellers = travellers
        self.hold = hold
        self.agreedTotal = agreedTotal
    }
}

/// What checking a ``TravellersBooking`` found, before anything is sent.
public enum BookingPreparation: Sendable, Hashable {
    /// Ready to book: the offer as it is now, the passengers' details, the seats and bags, and the total with them;
    /// `seats` are the seats among the services, as chosen (for saying which seat is whose).
    case ready(OfferBooking, total: Money, seats: [SeatChoice])
    /// The travellers or the kind of booking do not fit the offer: each problem. Nothing was sent.
    case invalid([String])
    /// The offer (with the seats and bags) costs another total now than the one agreed: nothing was sent.
    case priceChanged(agreed: Money, now: Money, offer: Offer)
    /// The offer can no longer be had; the sentence says why.
    case offerGone(String)
    /// The offer (or its seat maps) could not be read.
    case failed(ServiceError)
}

/// Checks a booking a program asks for against the offer as the airline sells it now: the passengers' details by
/// Duffel's rules, the seats on the seat maps, the bags among those sold, a hold's limits and the agreed total. What
/// it finds ready is booked with ``BookOffer``.
public struct BookTravellers: Sendable {
    private let trip: TripServices

    /// The use case over `trip`'s services.
    public init(_ trip: TripServices) {
        self.trip = trip
    }

    /// A hold carries no seats or bags: Duffel takes none with one ("do not specify payments or services keys").
    public static let heldExtrasProblem =
        "Seats and bags cannot be sent with a hold: the airline holds the fare alone. Once held, they are added to it and paid with it."

    /// An offer that cannot be held.
    public static let notHeldProblem = "This offer must be paid when booking; the airline does not hold it."

    /// Whether `error` says the offer cannot be had any more (rather than that it could not be checked).
    public static func meansOfferIsGone(_ error: ServiceError) -> Bool {
        error.has(.offerNoLongerAvailable) || error.has(.notFound) || error.apiError?.status == 404
    }

    /// `request` checked on `today` (for the passengers' ages).
    public func prepare(_ request: TravellersBooking, today: CalendarDate) async -> BookingPreparation {
        let current: Offer
        do {
            if let extras = trip.extras {
                current = try await extras.offerWithServices(id: request.offerID)
            } else if let offers = trip.offers {
                current = try await offers.offer(id: request.offerID)
            } else {
                return .failed(.transport("This backend reads no offers."))
            }
        } catch {
            if Self.meansOfferIsGone(error) {
                return .offerGone("The offer \(request.offerID) is no longer available: \(error.message)")
            }
            return .failed(error)
        }
        let travellers = request.travellers
        let asksForExtras = travellers.contains { !$0.seats.isEmpty || $0.bags.values.contains { $0 != 0 } }
        // With seats or bags, the total agreed is the fare and the extras: checked once they are known.
        if !asksForExtras, let agreed = request.agreedTotal, !AgreedAmount.matches(agreed, current.totalAmount) {
            return .priceChanged(agreed: AgreedAmount.money(agreed, as: current.totalAmount), now: current.totalAmount, offer: current)
        }
        if request.hold, asksForExtras { return .invalid([Self.heldExtrasProblem]) }
        let slots = PassengerSlot.slots(for: current, search: nil)
        let passengers: [PassengerDetails]
        switch PassengerRules(today: today).details(from: travellers, offer: current, slots: slots) {
        case .failure(let problems): return .invalid(problems.messages)
        case .success(let details): passengers = details
        }
        let bags = PassengersFile.bags(for: travellers, in: current)
        if !bags.problems.isEmpty { return .invalid(bags.problems) }
        var seats: [SeatChoice] = []
        if PassengersFile.asksForSeats(travellers) {
            guard let extras = trip.extras else {
                return .invalid(["This flight service reads no seat maps, so seats cannot be chosen here."])
            }
            let maps: [SeatMap]
            do {
                maps = try await extras.seatMaps(offerID: current.id)
            } catch {
                return .failed(error)
            }
            let chosen = PassengersFile.seats(for: travellers, in: current, maps: maps)
            if !chosen.problems.isEmpty { return .invalid(chosen.problems) }
            seats = chosen.seats
        }
        let prices = seats.map(\.price) + bags.bags.compactMap { chosen in
            current.extraBags.first { $0.id == chosen.id }?.totalAmount.multiplied(by: chosen.quantity)
        }
        let total = prices.reduce(current.totalAmount) { $0.adding($1) ?? $0 }
        let services = SeatChoice.services(seats) + bags.bags
        if !services.isEmpty, let agreed = request.agreedTotal, !AgreedAmount.matches(agreed, total) {
            return .priceChanged(agreed: AgreedAmount.money(agreed, as: total), now: total, offer: current)
        }
        if request.hold, !current.canBeHeld { return .invalid([Self.notHeldProblem]) }
        return .ready(
            OfferBooking(
                offer: current, passengers: passengers, slots: slots, type: request.hold ? .hold : .instant,
                services: services, total: total),
            total: total, seats: seats)
    }
}
