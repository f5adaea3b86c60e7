import Entities
import ModuleCore
import Services

/// The thin store of the availability screen: sends actions through the reducer, runs the effects (the
/// interactor for searches, the view for output, the router for ways out) and feeds answers back as actions.
@MainActor
final class FlightAvailabilityPresenter: StorePresenter {
    weak var view: (any FlightAvailabilityView)?
    private weak var router: (any FlightAvailabilityRouter)?
    let interactor: FlightAvailabilityInteractor
    let store: Store<FlightAvailabilityReducer>
    private let tasks = EffectTasks<FlightAvailabilityEffectID>()

    init(store: Store<FlightAvailabilityReducer>, interactor: FlightAvailabilityInteractor, router: any FlightAvailabilityRouter) {
        self.store = store
        self.interactor = interactor
        self.router = router
    }


    /// The screen went away (covered or popped): stop the work in flight.
    func disappear() async {
        tasks.cancelAll()
        await send(.disappeared)
    }

    /// Why `answer` cannot answer `question`, or `nil` when it can: the question checks as the traveller types.
    func problem(with answer: String, for question: AvailabilityQuestion) -> String? {
        AvailabilityCommands.problem(with: answer, for: question, offers: state.result?.offers ?? [])
    }

    /// Runs one effect: output to the view, ways out to the router, searches beside the screen.
    func perform(_ effect: FlightAvailabilityEffect) async -> [FlightAvailabilityAction] {
        switch effect {
        case .search(let id, let request):
            let operation = interactor.searchOperation(for: request)
            // Searches run beside the screen, which keeps reading keys (Esc cancels); the answer comes back later.
            answer(under: .search) { .searchAnswered(id: id, Outcome(await operation())) }
        case .searchFare(let id, let date, let request):
            let operation = interactor.cheapestFareOperation(for: request)
            answer(under: .fare(date)) { .fareAnswered(id: id, date: date, Outcome(await operation())) }
        case .cancel(let id):
            tasks.cancel(id)
        case .show(let output):
            view?.render(output)
        case .navigate(.summary(let offer, let search)):
            router?.navigateToSummary(offer: offer, search: search)
        case .navigate(.back):
            router?.navigateBack()
        case .navigate(.finished(let outcome)):
            router?.availabilityDidFinish(outcome)
        }
        return []
    }

    /// Runs `work` under `id` without waiting for it, then sends its answer (if the screen is still there).
    private func answer(
        under id: FlightAvailabilityEffectID, _ work: @escaping @Sendable () async -> FlightAvailabilityAction
    ) {
        let tasks = self.tasks
        Task { [weak self] in
            let action = await tasks.run(id, work)
            await self?.send(action)
        }
    }
}
