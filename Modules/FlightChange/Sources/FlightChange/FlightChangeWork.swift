import Entities
import Foundation
import ModuleCore
import Services
import Trips

/// The work the change's rules ask for; ``FlightChangeServices`` does it.
enum FlightChangeWork: ScreenWork {
    /// Find the booking by its reference.
    case find(reference: String)
    /// Ask the airline how the booking can change (`POST /air/order_change_requests`), then its change offers.
    case search(OrderChangeRequestCreation)
    /// Read the chosen offer again and make a change from it (`POST /air/order_changes`).
    case recheck(offerID: String)
    /// Confirm the change, paying its total when it is above zero.
    case confirm(OrderChange, orderID: String)

    var id: String {
        switch self {
        case .find: "find"
        case .search: "search"
        case .recheck: "recheck"
        case .confirm: "confirm"
        }
    }

    /// A confirmation on its way to the airline is never cut off: its answer says whether the booking moved.
    var isShielded: Bool {
        if case .confirm = self { true } else { false }
    }
}

/// Does the change's work by asking the trip's core (Trips' `ChangeFlights`), each answer an action with the time.
struct FlightChangeServices: Sendable {
    let change: ChangeFlights
    let clock: @Sendable () -> Date

    init(changes: any OrderChangeService, orders: any OrderService, clock: @escaping @Sendable () -> Date, lookupDelays: [Duration]) {
        change = ChangeFlights(changes: changes, orders: orders, now: clock, lookupDelays: lookupDelays)
        self.clock = clock
    }

    func perform(_ work: FlightChangeWork) async -> FlightChangeAction {
        switch work {
        case .find(let reference): .found(Outcome(await change.find(reference)), now: clock())
        case .search(let request): .searched(Outcome(await change.search(request)), now: clock())
        case .recheck(let offerID): .rechecked(await change.recheck(offerID), now: clock())
        case .confirm(let confirmed, let orderID): .confirmed(await change.confirm(confirmed, orderID: orderID), now: clock())
        }
    }
}

