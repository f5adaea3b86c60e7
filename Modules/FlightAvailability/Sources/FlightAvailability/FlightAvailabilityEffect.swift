import Entities
import Foundation
import Services

/// What must happen outside the availability reducer.
enum FlightAvailabilityEffect: Encodable, Sendable, Equatable {
    /// Check and run a search; its answer carries `id`. A newer search replaces a running one.
    case search(id: Int, SearchRequest)
    /// Find the cheapest offer of `request` (one flexible day); its answer carries `id` and `date`.
    case searchFare(id: Int, date: CalendarDate, SearchRequest)
    /// Stop the work running under an id.
    case cancel(FlightAvailabilityEffectID)
    /// Show something.
    case show(FlightAvailabilityOutput)
    /// Leave through the router.
    case navigate(FlightAvailabilityRoute)
}

/// The ids effects are cancelled by: the one search, and each flexible day's search.
enum FlightAvailabilityEffectID: Hashable, Sendable, Encodable {
    /// The offers search.
    case search
    /// The search of one flexible day.
    case fare(CalendarDate)
}

/// What the view can be told to show.
enum FlightAvailabilityOutput: Codable, Sendable, Equatable {
    /// The screen as the state is now (a spinner, a page of offers, no offers, an error, the dates).
    case screen(AvailabilityScreen)
    /// A list to choose one option from.
    case choice(ChoiceViewModel)
    /// A typed question.
    case question(QuestionViewModel)
    /// The keys or commands.
    case help(HelpViewModel)
    /// Something typed could not be used; what is on screen stays.
    case problem(String)
    /// The `table` presentation's output.
    case report(ReportViewModel)
    /// The `json` presentation's document.
    case document(String)
    /// Progress or an error for standard error.
    case diagnostic(String)
    /// Nothing more is read: `run()` returns.
    case finished
}

/// One whole state of the screen.
enum AvailabilityScreen: Codable, Sendable, Equatable {
    /// A search is running.
    case loading(LoadingViewModel)
    /// A page of offers.
    case results(ResultsViewModel)
    /// No offers, or none left after the filters.
    case noOffers(NoOffersViewModel)
    /// The search failed or was cancelled.
    case error(ErrorViewModel)
    /// The flexible-dates grid.
    case flexibleDates(FlexibleDatesViewModel)
}

/// The ways out, as data.
enum FlightAvailabilityRoute: Encodable, Sendable, Equatable {
    /// To the summary of `offer`, found by `search`.
    case summary(offer: Offer, search: SearchRequest)
    /// Back to the search.
    case back
    /// A `table` or `json` presentation is done.
    case finished(AvailabilityOutcome)
}
