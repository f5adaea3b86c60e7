import Entities
import FixtureServices
import Foundation
import Services

/// The fixture's offers, priced by the days searched, so each cell of a date grid has its own lowest total: £10
/// more per day the departure is after 15 Dec, £3 more per day the return is after 25 Dec; the pair in `noFlights`
/// has no offers. Each offer request gets an id that names its days, so pages of interleaved searches stay apart.
final class DayPricedOfferService: OfferService {
    let base: FixtureOfferService
    let noFlights: (CalendarDate, CalendarDate?)?

    init(base: FixtureOfferService = FixtureOfferService(), noFlights: (CalendarDate, CalendarDate?)? = nil) {
        self.base = base
        self.noFlights = noFlights
    }

    func createOfferRequest(_ request: SearchRequest, returnOffers: Bool) async throws(ServiceError) -> OfferRequest {
        var made = try await base.createOfferRequest(request, returnOffers: returnOffers)
        let departure = request.slices.first?.departureDate.description ?? ""
        let returning = request.slices.count == 2 ? request.slices[1].departureDate.description : "-"
        made.id = "\(made.id)|\(departure)|\(returning)"
        made.offers = priced(made.offers, requestID: made.id)
        return made
    }

    func offers(_ query: OfferQuery) async throws(ServiceError) -> Page<Offer> {
        var original = query
        original.offerRequestID = String(query.offerRequestID.split(separator: "|").first ?? "")
        var page = try await base.offers(original)
        page.items = priced(page.items, requestID: query.offerRequestID)
        return page
    }

    func offer(id: String) async throws(ServiceError) -> Offer {
        try await base.offer(id: id)
    }

    private func priced(_ offers: [Offer], requestID: String) -> [Offer] {
        let parts = requestID.split(separator: "|").map(String.init)
        guard parts.count == 3, let departure = CalendarDate(parts[1]) else { return offers }
        let returning = CalendarDate(parts[2])
        if let noFlights, noFlights.0 == departure, noFlights.1 == returning { return [] }
        let extra = Decimal(10 * date("2026-12-15").days(until: departure))
            + Decimal(3 * (returning.map { date("2026-12-25").days(until: $0) } ?? 0))
        return offers.map { offer in
            var priced = offer
            priced.totalAmount = Money(amount: offer.totalAmount.amount + extra, currency: offer.totalAmount.currency)
            return priced
        }
    }
}
