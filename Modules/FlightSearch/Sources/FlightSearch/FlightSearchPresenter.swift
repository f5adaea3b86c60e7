import Entities
import ModuleCore
import Services

/// The search screen's small store: sends each action through ``FlightSearchReducer``, shows the output on the view,
/// runs the service calls through the interactor (feeding their answers back as actions) and leaves through the
/// router. No rules and no formatting here.
@MainActor
final class FlightSearchPresenter: StorePresenter {
    weak var view: (any FlightSearchView)?
    private weak var router: (any FlightSearchRouter)?
    let interactor: FlightSearchInteractor
    let store: Store<FlightSearchReducer>
    private let tasks = EffectTasks<FlightSearchEffectID>()

    init(store: Store<FlightSearchReducer>, interactor: FlightSearchInteractor, router: any FlightSearchRouter) {
        self.store = store
        self.interactor = interactor
        self.router = router
    }

    /// The screen is shown: `.appeared` with today read from the clock now.
    func appear() async {
        await send(.appeared(today: interactor.today))
    }

    /// The screen went away (covered or popped): stop the look-ups under way.
    func disappeared() {
        tasks.cancelAll()
    }

    /// Runs one effect: output on the view, ways out through the router, work through the interactor, whose
    /// answers come back as actions.
    func perform(_ effect: FlightSearchEffect) async -> [FlightSearchAction] {
        switch effect {
        case .show(let output):
            view?.render(output)
            return []
        case .navigate(let route):
            switch route {
            case .availability(let request): router?.navigateToAvailability(for: request)
            case .back: router?.navigateBack()
            case .failed(let failure): router?.flightSearchDidFail(failure)
            }
            return []
        case .lookUpPlaces(let id, let text):
            let interactor = interactor
            let outcome = await tasks.run(.placeLookup) {
                await Outcome<[Place], ServiceError> { () async throws(ServiceError) in
                    try await interactor.suggestions(for: text)
                }
            }
            return [.placesAnswered(id: id, outcome)]
        case .searchUnattended(let input):
            let interactor = interactor
            let result = await tasks.run(.unattendedSearch) { await interactor.unattendedRequest(for: input) }
            return [.unattendedAnswered(Outcome(result))]
        }
    }
}
