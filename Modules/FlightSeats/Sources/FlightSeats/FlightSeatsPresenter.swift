import ModuleCore

/// The thin store: sends actions through the reducer, runs the effects (the interactor for work, the view for
/// output, the router for ways out) and feeds answers back as actions.
@MainActor
final class FlightSeatsPresenter: StorePresenter {
    weak var view: (any FlightSeatsView)?
    private weak var router: (any FlightSeatsRouter)?
    let store: Store<FlightSeatsReducer>
    private let interactor: FlightSeatsInteractor

    init(store: Store<FlightSeatsReducer>, interactor: FlightSeatsInteractor, router: any FlightSeatsRouter) {
        self.store = store
        self.interactor = interactor
        self.router = router
    }

    /// Runs one effect: work through the interactor, output on the view, ways out through the router.
    func perform(_ effect: FlightSeatsEffect) async -> [FlightSeatsAction] {
        switch effect {
        case .load:
            return [.loaded(interactor.now())]
        case .show(let output):
            view?.render(output)
            return []
        case .navigate(.finish):
            router?.flightSeatsDidFinish()
            return []
        case .navigate(.back):
            router?.navigateBack()
            return []
        }
    }
}
