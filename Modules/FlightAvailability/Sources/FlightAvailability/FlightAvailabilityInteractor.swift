import Entities
import Foundation
import ModuleCore
import Services

/// Runs the availability screen's service calls: checks and runs searches, and finds one day's cheapest offer.
/// Each call is handed out as work that holds only the service, so a caller that stops waiting for it (a cancelled
/// search the service has not noticed yet) keeps nothing of the screen alive. No UI types, no rules.
final class FlightAvailabilityInteractor: Sendable {
    private let offers: any OfferService
    private let now: @Sendable () -> Date
    private let timeZone: TimeZone

    init(offers: any OfferService, now: @escaping @Sendable () -> Date, timeZone: TimeZone) {
        self.offers = offers
        self.now = now
        self.timeZone = timeZone
    }

    /// The traveller's date today.
    var today: CalendarDate { CalendarDate(now(), in: timeZone) }

    /// The error the API would answer for a request that breaks the search rules, or `nil` when it may be sent.
    /// Checked here first so a bad deep link fails in words without a round trip.
    func validationError(for request: SearchRequest) -> ServiceError? {
        let issues = request.validationIssues(today: today)
        guard !issues.isEmpty else { return nil }
        let details = issues.map { issue in
            APIErrorDetail(
                type: .validation, code: .invalidInputData, title: "Invalid search", message: issue.message,
                source: APIErrorSource(field: issue.field))
        }
        return .api(APIError(status: 422, errors: details), rateLimit: nil)
    }

    /// Checks and runs `request`, following every page of offers (cheapest first from the server), as work that
    /// holds only the service.
    func searchOperation(for request: SearchRequest) -> @Sendable () async -> Result<OfferSearchResult, ServiceError> {
        let failure = validationError(for: request)
        let offers = self.offers
        return {
            if let failure { return .failure(failure) }
            do throws(ServiceError) {
                return .success(try await offers.search(request, sort: .totalAmount))
            } catch {
                return .failure(error)
            }
        }
    }

    /// The cheapest total of `request` (one flexible day) as work that holds only the service: `nil` when the day
    /// has no offers.
    func cheapestFareOperation(for request: SearchRequest) -> @Sendable () async -> Result<Money?, ServiceError> {
        let failure = validationError(for: request)
        let offers = self.offers
        return {
            if let failure { return .failure(failure) }
            do throws(ServiceError) {
                // The server sorts by price, so one offer is the cheapest; no need to page through the rest.
                let result = try await offers.search(request, sort: .totalAmount, maxOffers: 1)
                return .success(result.offers.min { $0.totalAmount.amount < $1.totalAmount.amount }?.totalAmount)
            } catch {
                return .failure(error)
            }
        }
    }
}
