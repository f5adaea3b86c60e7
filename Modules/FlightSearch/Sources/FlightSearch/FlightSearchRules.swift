import Entities

/// The rules a search form is judged by: the booking rules of `Entities` placed on the fields a traveller would
/// change, and the module's own (a return after the outbound, not a city to its own airport). Pure.
enum FlightSearchRules {
    /// Every rule `draft` breaks, each placed on the field a traveller would change. With `complete`, missing
    /// fields are problems too; without, only what has been filled in is judged, so a form can be checked one
    /// field at a time. `today` is the first day a flight may leave.
    static func issues(in draft: FlightSearchDraft, complete: Bool, today: CalendarDate) -> [FlightSearchIssue] {
        var issues: [FlightSearchIssue] = []
        if complete {
            issues += draft.missingFields.map { FlightSearchIssue(field: $0, message: $0.missingMessage) }
        }
        issues += draft.moduleIssues()
        let probe = draft.probeRequest(today: today)
        let isRoundTrip = draft.isRoundTrip
        for issue in probe.validationIssues(today: today) {
            guard let field = FlightSearchField(path: issue.field, roundTrip: isRoundTrip) else { continue }
            // A missing place or date stands in the probe as a blank, which the rules would flag again.
            if draft.isMissing(field) { continue }
            // The return leg's places repeat the outbound's, and its order is said in the return's own words.
            if isRoundTrip, issue.field.hasPrefix("slices[1].") {
                if issue.field != "slices[1].departure_date" { continue }
                if issues.contains(where: { $0.field == .returnDate }) { continue }
            }
            let found = FlightSearchIssue(field: field, message: issue.message)
            if !issues.contains(found) { issues.append(found) }
        }
        return issues
    }

    /// The request `draft` makes, or the problems that keep it from being searched.
    static func request(for draft: FlightSearchDraft, today: CalendarDate) -> FlightSearchValidation {
        let problems = issues(in: draft, complete: true, today: today)
        // With nothing missing and nothing wrong, the probe has no blanks left: it is the request.
        return problems.isEmpty ? .valid(draft.probeRequest(today: today)) : .invalid(problems)
    }
}
