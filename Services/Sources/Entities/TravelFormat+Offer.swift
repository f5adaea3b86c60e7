/// How an offer's or an order's legs and rules read on every screen: the summary before booking and the booking
/// afterwards name the legs and state the conditions the same way.
extension TravelFormat {
    /// One name per leg: `Flight` for one, `Outbound` and `Return` for a round trip, else `Leg 1`, `Leg 2`, ….
    public static func legNames(_ slices: [Slice]) -> [String] {
        if slices.count == 1 { return ["Flight"] }
        if slices.count == 2, slices[0].origin.iataCode == slices[1].destination.iataCode { return ["Outbound", "Return"] }
        return slices.indices.map { "Leg \($0 + 1)" }
    }

    /// A refund or change rule: `Allowed, fee £40.00`, `Allowed, no fee`, `Not allowed`, or that the airline did
    /// not say.
    public static func condition(_ condition: Condition?) -> String {
        guard let condition else { return "Not stated by the airline; ask it before relying on it" }
        guard condition.allowed else { return "Not allowed" }
        guard let penalty = condition.penalty else { return "Allowed" }
        return penalty.amount == 0 ? "Allowed, no fee" : "Allowed, fee \(penalty.formatted)"
    }
}
