public import Foundation

/// A change the airline made to a booking (`GET /air/airline_initiated_changes?order_id=`), such as a flight moved by
/// some hours: the slices as they were (`removed`) and as they now are (`added`, whose slices and segments may carry
/// new ids). Accepted, or answered by cancelling or changing the order, it records the action taken.
///
/// Essential: the id (it is what is accepted or updated). Everything else reads as unknown when it cannot be read:
/// slices that cannot be read are left out, an unknown action is kept as it came.
public struct AirlineInitiatedChange: Sendable, Hashable, Codable, Identifiable {
    /// `aic_…`.
    public var id: String
    /// The order it changes, `ord_…`; empty when the answer did not say (the caller asked about one order).
    public var orderId: String
    /// What was done about it; `nil` while it waits for an answer.
    public var actionTaken: AirlineChangeActionTaken?
    /// When that was done.
    public var actionTakenAt: Date?
    /// What can be done about it through the API now.
    public var availableActions: [AirlineChangeAction]
    /// The slices as they are after the change.
    public var added: [Slice]
    /// The slices as they were before it.
    public var removed: [Slice]
    /// The ticket a travel agent works on, for a change that takes time to process.
    public var travelAgentTicket: TravelAgentTicket?
    /// When Duffel noticed it.
    public var createdAt: Date?
    /// When it last changed.
    public var updatedAt: Date?

    /// Creates a change.
    public init(
        id: String, orderId: String, actionTaken: AirlineChangeActionTaken? = nil, actionTakenAt: Date? = nil,
        availableActions: [AirlineChangeAction], added: [Slice], removed: [Slice],
        travelAgentTicket: TravelAgentTicket? = nil, createdAt: Date?, updatedAt: Date?
    ) {
        self.id = id
        self.orderId = orderId
        self.actionTaken = actionTaken
        self.actionTakenAt = actionTakenAt
        self.availableActions = availableActions
        self.added = added
        self.removed = removed
        self.travelAgentTicket = travelAgentTicket
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// Whether it still waits for the traveller's answer: no action was taken.
    public var isPending: Bool { actionTaken == nil }

    private enum CodingKeys: String, CodingKey {
        case id, added, removed
        case orderId = "order_id", actionTaken = "action_taken", actionTakenAt = "action_taken_at"
        case availableActions = "available_actions", travelAgentTicket = "travel_agent_ticket"
        case createdAt = "created_at", updatedAt = "updated_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        orderId = container.lenient(String.self, forKey: .orderId) ?? ""
        actionTaken = container.lenient(AirlineChangeActionTaken.self, forKey: .actionTaken)
        actionTakenAt = container.lenient(Date.self, forKey: .actionTakenAt)
        availableActions = container.lossyList(AirlineChangeAction.self, forKey: .availableActions)
        added = container.lossyList(Slice.self, forKey: .added)
        removed = container.lossyList(Slice.self, forKey: .removed)
        // Duffel sends `null`, an empty object or a ticket: only a ticket with an id is one.
        travelAgentTicket = container.lenient(TravelAgentTicket.self, forKey: .travelAgentTicket)
        createdAt = container.lenient(Date.self, forKey: .createdAt)
        updatedAt = container.lenient(Date.self, forKey: .updatedAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(orderId, forKey: .orderId)
        try container.encode(actionTaken, forKey: .actionTaken)
        try container.encode(actionTakenAt, forKey: .actionTakenAt)
        try container.encode(availableActions, forKey: .availableActions)
        try container.encode(added, forKey: .added)
        try container.encode(removed, forKey: .removed)
        try container.encode(travelAgentTicket, forKey: .travelAgentTicket)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
    }
}

/// What was done about an airline-initiated change.
public struct AirlineChangeActionTaken: WireToken {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The new flights were accepted.
    public static let accepted = AirlineChangeActionTaken(rawValue: "accepted")
    /// The order was cancelled instead.
    public static let cancelled = AirlineChangeActionTaken(rawValue: "cancelled")
    /// The order was changed to other flights instead.
    public static let changed = AirlineChangeActionTaken(rawValue: "changed")
}

/// What can be done about an airline-initiated change through the API.
public struct AirlineChangeAction: WireToken {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Accept the new flights (`POST /air/airline_initiated_changes/{id}/actions/accept`).
    public static let accept = AirlineChangeAction(rawValue: "accept")
    /// Cancel the order instead (through an order cancellation).
    public static let cancel = AirlineChangeAction(rawValue: "cancel")
    /// Change the order to other flights instead (through an order change).
    public static let change = AirlineChangeAction(rawValue: "change")
    /// Record an action taken with the airline directly (`PATCH /air/airline_initiated_changes/{id}`).
    public static let update = AirlineChangeAction(rawValue: "update")
}

/// The ticket a travel agent works on for an airline-initiated change.
public struct TravelAgentTicket: Sendable, Hashable, Codable, Identifiable {
    /// The ticket's id.
    public var id: String
    /// Its id in the agent's own system.
    public var externalTicketId: String?

    /// Creates a ticket.
    public init(id: String, externalTicketId: String? = nil) {
        self.id = id
        self.externalTicketId = externalTicketId
    }

    private enum CodingKeys: String, CodingKey { case id, externalTicketId = "external_ticket_id" }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        externalTicketId = container.lenient(String.self, forKey: .externalTicketId)
    }
}

/// The body of `PATCH /air/airline_initiated_changes/{id}`: the action taken with the airline directly.
public struct AirlineChangeUpdate: Sendable, Hashable, Codable {
    /// What was done.
    public var actionTaken: AirlineChangeActionTaken

    /// Creates an update.
    public init(actionTaken: AirlineChangeActionTaken) { self.actionTaken = actionTaken }

    private enum CodingKeys: String, CodingKey { case actionTaken = "action_taken" }
}

extension Order {
    /// Whether a schedule change by the airline, waiting for an answer, lets the order be changed to other flights
    /// (its `available_actions` has `change`), whatever the fare says about changes.
    public var airlineChangeAllowsRebooking: Bool {
        pendingAirlineChanges.contains { $0.availableActions.contains(.change) }
    }

    /// Whether a change to other flights may be asked for: the fare allows changes (or does not say), or the
    /// airline's schedule change does.
    public var mayBeChanged: Bool {
        airlineChangeAllowsRebooking || conditions.changeBeforeDeparture?.allowed != false
    }

    /// Whether slice `sliceID` may move to other flights: the fare allows changes (or does not say), or a schedule
    /// change by the airline, waiting and offering `change`, moved that slice.
    public func mayChange(sliceID: String) -> Bool {
        conditions.changeBeforeDeparture?.allowed != false
            || pendingAirlineChanges.contains { change in
                change.availableActions.contains(.change) && change.removed.contains { $0.id == sliceID }
            }
    }
}
