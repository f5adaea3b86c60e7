/// How far the date grid has got (``SearchFlights/dateGrid(around:today:settled:)``): its cells, those settled so
/// far, and the one that just settled.
public struct DateGridProgress: Sendable, Hashable {
    /// The grid being searched.
    public var plan: DateGridPlan
    /// Every cell settled so far: priced, without offers, or failed.
    public var fares: [GridDays: FlexibleDateFare]
    /// The cell whose search just answered; `nil` when cells settled without a search (ones the booking rules
    /// refuse, such as a day already past).
    public var last: GridDays?

    public init(plan: DateGridPlan, fares: [GridDays: FlexibleDateFare], last: GridDays?) {
        self.plan = plan
        self.fares = fares
        self.last = last
    }

    /// Cells settled.
    public var settledCount: Int { fares.count }
    /// Cells in the grid.
    public var cellCount: Int { plan.cells.count }
}
