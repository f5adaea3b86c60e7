import Entities
import Foundation
import ModuleCore
import TerminalUI
import Trips

/// What must happen outside the FlightWatches rules.
typealias FlightWatchesEffect = ScreenEffect<FlightWatchesWork, FlightWatchesRoute>

/// The ways out, as data; the Builder says which router method each one calls.
enum FlightWatchesRoute: Encodable, Sendable, Equatable {
    /// Search this again, its offers shown.
    case search(SearchRequest)
    /// Out of the watches.
    case back
}

/// The FlightWatches screen's rules: pure and synchronous; the watches are read, checked and removed by work.
enum FlightWatchesReducer: Reducer {
    static let module = "FlightWatches"

    static func reduce(_ state: inout FlightWatchesState, _ action: FlightWatchesAction) -> [FlightWatchesEffect] {
        guard !state.isDone else { return [] }
        switch action {
        case .loaded, .checked, .removed: break
        default: state.said = nil
        }
        switch action {
        case .appeared:
            state.busy = .loading
            return [.note(.progress("Reading your price watches…")), .run(.load)]
        case .loaded(let outcome):
            state.busy = nil
            switch outcome {
            case .success(let watches):
                state.watches = watches
                state.failure = nil
                state.highlight = min(state.highlight, max(0, watches.count - 1))
                if let open = state.openOnLoad, watches.contains(where: { $0.watch.id == open }) { state.opened = open }
                state.openOnLoad = nil
                if let opened = state.opened, !watches.contains(where: { $0.watch.id == opened }) { state.opened = nil }
            case .failure(let failure):
                state.failure = failure.description
            }
            return [.note(.progressEnded)]
        case .chose(let index):
            guard let watches = state.watches, watches.indices.contains(index) else { return [] }
            state.highlight = index
            state.opened = watches[index].watch.id
            return []
        case .searchTapped:
            guard let watch = state.openedWatch?.watch else { return [] }
            // A window searched from its first day still to come.
            let search = state.today.flatMap { watch.searches(today: $0).first } ?? watch.search
            return [.leave(.search(search))]
        case .checkTapped:
            guard let id = state.opened, state.busy == nil else { return [] }
            state.busy = .checking(id)
            return [.note(.progress("Checking watch \(id)…")), .run(.check(id))]
        case .checked(let outcome):
            state.busy = .loading
            state.said = switch outcome {
            case .success(let text): Notice(.info, text)
            case .failure(let failure): Notice(.error, failure.description)
            }
            return [.note(.progressEnded), .note(.progress("Reading your price watches…")), .run(.load)]
        case .removeTapped:
            guard let id = state.opened, state.busy == nil else { return [] }
            state.confirmingRemoval = id
            return []
        case .removeAnswered(let yes):
            guard let id = state.confirmingRemoval else { return [] }
            state.confirmingRemoval = nil
            guard yes else { return [] }
            state.busy = .removing(id)
            return [.run(.remove(id))]
        case .removed(let outcome):
            state.busy = .loading
            switch outcome {
            case .success(let id):
                state.said = Notice(.success, "Watch \(id) and its history are removed.")
                state.opened = nil
            case .failure(let failure):
                state.said = Notice(.error, failure.description)
            }
            return [.run(.load)]
        case .back where state.confirmingRemoval != nil:
            state.confirmingRemoval = nil
            return []
        case .back where state.opened != nil:
            state.opened = nil
            return []
        case .back, .interrupted, .inputEnded:
            state.isDone = true
            return [.note(.progressEnded), .leave(.back)]
        }
    }
}
