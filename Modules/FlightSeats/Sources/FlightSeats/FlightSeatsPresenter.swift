import Entities
import ModuleCore

/// The thin store: sends actions through the reducer, runs the effects (the interactor for the seat maps, the view
/// for output, the router for ways out) and feeds answers back as actions.
@MainActor
final class FlightSeatsPresenter: StorePresenter {
    weak var view: (any FlightSeatsView)?
    private weak var router: (any FlightSeatsRouter)?
    let store: Store<FlightSeatsReducer>
    private let interactor: FlightSeatsInteractor
    private let tasks = EffectTasks<FlightSeatsEffectID>()

    init(store: Store<FlightSeatsReducer>, interactor: FlightSeatsInteractor, router: any FlightSeatsRouter) {
        self.store = store
        self.interactor = interactor
        self.router = router
    }

    /// The screen went away (covered or popped): stop reading the maps.
    func disappeared() {
        tasks.cancelAll()
    }

    /// Runs one effect: work through the interactor, output on the view, ways out through the router.
    func perform(_ effect: FlightSeatsEffect) async -> [FlightSeatsAction] {
        let interactor = interactor
        switch effect {
        case .loadOffer(let id):
            let outcome = await tasks.run(.offer) { await interactor.offer(id: id) }
            return [.offerLoaded(outcome)]
        case .loadMaps(let offerID):
            let outcome = await tasks.run(.maps) { await interactor.seatMaps(offerID: offerID) }
            return [.mapsLoaded(outcome)]
        case .show(let output):
            view?.render(output)
            return []
        case .navigate(.chosen(let seats)):
            router?.seatsChosen(seats)
            return []
        case .navigate(.back):
            router?.navigateBack()
            return []
        case .navigate(.shown(let outcome)):
            switch outcome {
            case .shown: router?.seatsShown(.shown)
            case .noSeatMaps: router?.seatsShown(.noSeatMaps)
            case .failed(let error): router?.seatsShown(.failed(error))
            }
            return []
        }
    }
}
