import Entities
import Foundation

/// An airline-initiated change with every field Duffel lists: its slices before (`removed`) and after (`added`) in
/// an order's slice shape; `travel_agent_ticket` `null` (the sandbox's changes need no agent).
struct AirlineChangeWire: Encodable {
    let change: AirlineInitiatedChange

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.put("id", change.id)
        try container.put("order_id", change.orderId)
        try container.put("action_taken", change.actionTaken)
        try container.put("action_taken_at", change.actionTakenAt)
        try container.put("available_actions", change.availableActions)
        try container.putList("added", change.added) { SliceWire(slice: $0, changeable: false) }
        try container.putList("removed", change.removed) { SliceWire(slice: $0, changeable: false) }
        try container.put("travel_agent_ticket", change.travelAgentTicket.map(TravelAgentTicketWire.init))
        try container.put("created_at", change.createdAt)
        try container.put("updated_at", change.updatedAt)
    }
}

/// A travel agent's ticket, both keys always written.
private struct TravelAgentTicketWire: Encodable {
    let ticket: TravelAgentTicket

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.put("id", ticket.id)
        try container.put("external_ticket_id", ticket.externalTicketId)
    }
}
