import Entities
import ModuleCore
import Services

/// The summary's small store: sends each action through ``FlightSummaryReducer``, shows the output on the view,
/// runs the service calls through the interactor (feeding their answers back as actions, with the time they came)
/// and leaves through the router. No rules and no formatting here.
@MainActor
final class FlightSummaryPresenter: StorePresenter {
    weak var view: (any FlightSummaryView)?
    weak var router: (any FlightSummaryRouter)?
    let interactor: FlightSummaryInteractor
    let store: Store<FlightSummaryReducer>
    private let tasks = EffectTasks<FlightSummaryEffectID>()

    init(store: Store<FlightSummaryReducer>, interactor: FlightSummaryInteractor, router: (any FlightSummaryRouter)?) {
        self.store = store
        self.interactor = interactor
        self.router = router
    }

    /// Seats the seats screen handed back while this screen was covered: told to the reducer when it comes back.
    private var returnedSeats: [SeatChoice]?

    /// The screen is shown: the seats chosen meanwhile, if any, then `.appeared` with the clock read now.
    func appear() async {
        if let seats = returnedSeats {
            returnedSeats = nil
            await send(.seatsChosen(seats))
        }
        await send(.appeared(now: interactor.now))
    }

    /// The screen went away (covered or popped): stop the check under way (never a booking).
    func disappeared() async {
        tasks.cancelAll()
        await send(.disappeared)
    }

    /// Runs one effect: output on the view, ways out through the router, work through the interactor, whose
    /// answers come back as actions.
    func perform(_ effect: FlightSummaryEffect) async -> [FlightSummaryAction] {
        let interactor = interactor
        switch effect {
        case .show(let output):
            view?.render(output)
            return []
        case .navigate(let route):
            switch route {
            case .availability: router?.navigateBackToAvailability()
            case .bookings(let order): router?.navigateToBookings(highlighting: order)
            case .seats(let offer, let chosen):
                router?.navigateToSeats(for: offer, chosen: chosen) { [weak self] seats in self?.returnedSeats = seats }
            case .finished(let outcome): router?.summaryDidFinish(outcome)
            }
            return []
        case .check(let id, let offerID, let known):
            let check = await tasks.run(.check) { await interactor.recheck(known, id: offerID) }
            return [.checked(id: id, check, now: interactor.now)]
        case .readSeatMaps(let offerID):
            let outcome = await tasks.run(.check) { await interactor.seatMaps(offerID: offerID) }
            return [.seatMapsRead(outcome)]
        case .book(let booking):
            let attempt = await tasks.run(.book, shielded: true) {
                await interactor.book(
                    offer: booking.offer, passengers: booking.passengers, slots: booking.slots, type: booking.type,
                    lookUpFirst: booking.lookUpFirst, services: booking.services, total: booking.total)
            }
            return [.bookingEnded(attempt, now: interactor.now)]
        }
    }
}
