import Entities
import ModuleCore
import Services

/// The bookings screen's small store: sends each action through ``FlightBookingsReducer``, shows the output on the
/// view, runs the service calls through the interactor (feeding their answers back as actions, with the time they
/// came) and leaves through the router. No rules and no formatting here.
@MainActor
final class FlightBookingsPresenter: StorePresenter {
    weak var view: (any FlightBookingsView)?
    weak var router: (any FlightBookingsRouter)?
    let interactor: FlightBookingsInteractor
    let store: Store<FlightBookingsReducer>
    private let tasks = EffectTasks<FlightBookingsEffectID>()

    init(store: Store<FlightBookingsReducer>, interactor: FlightBookingsInteractor, router: (any FlightBookingsRouter)?) {
        self.store = store
        self.interactor = interactor
        self.router = router
    }

    /// The screen is shown: `.appeared` with the clock read now.
    func appear() async {
        await send(.appeared(now: interactor.now))
    }

    /// The traveller answered a yes/no question: `.confirmed` with the clock read now (a quote may have expired).
    func confirm(_ yes: Bool) async {
        await send(.confirmed(yes, now: interactor.now))
    }

    /// The screen went away (covered or popped): stop the look-ups under way (never a payment or a cancellation).
    func disappeared() async {
        tasks.cancelAll()
        await send(.disappeared)
    }

    /// Runs one effect: output on the view, ways out through the router, work through the interactor, whose
    /// answers come back as actions.
    func perform(_ effect: FlightBookingsEffect) async -> [FlightBookingsAction] {
        let interactor = interactor
        switch effect {
        case .show(let output):
            view?.render(output)
            return []
        case .navigate(let route):
            switch route {
            case .search: router?.navigateToSearch()
            case .back: router?.navigateBack()
            case .finished(let outcome): router?.bookingsDidFinish(outcome)
            }
            return []
        case .loadBookings:
            let result = await tasks.run(.load) { await interactor.loadBookings() }
            return [.bookingsLoaded(Outcome(result), now: interactor.now)]
        case .lookUp(let reference):
            let lookup = await tasks.run(.lookUp) { await interactor.booking(reference: reference) }
            return [.lookedUp(lookup, now: interactor.now)]
        case .refresh(let record):
            let booking = await tasks.run(.refresh) { await interactor.refresh(record) }
            return [.refreshed(booking, now: interactor.now)]
        case .quoteCancellation(let orderID):
            let result = await tasks.run(.quote) { await interactor.quoteCancellation(orderID: orderID) }
            return [.quoted(Outcome(result), now: interactor.now)]
        case .confirmCancellation(let quote, let booking):
            let result = await tasks.run(.cancel, shielded: true) { await interactor.confirmCancellation(quote, of: booking) }
            return [.cancellationConfirmed(result, now: interactor.now)]
        case .pay(let booking, let amount):
            let outcome = await tasks.run(.pay, shielded: true) { await interactor.pay(booking, amount: amount) }
            return [.paid(outcome, now: interactor.now)]
        }
    }
}
