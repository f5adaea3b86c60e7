import Entities
import Trips

/// The one way every change to a booking (cancelling, paying, accepting the airline's new times, adding bags or
/// seats) is agreed to. On the interactive screen the traveller is asked. A printed run goes ahead with `--yes`, asks
/// a terminal that can answer, and otherwise does nothing; an amount a script agreed beforehand (`--total`) must be
/// the amount now, or nothing is done.
extension FlightBookingsReducer {
    /// Asks `step`'s question, or, off the interactive screen, goes ahead (`--yes`) or does nothing.
    ///
    /// - Parameters:
    ///   - step: the question to ask (the step that confirms the change).
    ///   - notDone: what is said when nothing is done: "Not paid."
    ///   - yesTo: what `--yes` would do, to end "run the command again with --yes to …": "pay £412.50".
    ///   - shownFirst: shown before `notDone` when nothing is done (the quote as JSON, for a script that reads it).
    ///   - goAhead: makes the change; called when `--yes` agreed to it.
    /// - Returns: `goAhead`'s effects; none when asking (the question is the step's); when nothing is done, what says
    ///   so and the end of the run, declined (exit 2).
    static func askOrGoAhead(
        _ state: inout State, asking step: FlightBookingsStep, notDone: String, yesTo: String,
        shownFirst: [Effect] = [], goAhead: (inout State) -> [Effect]
    ) -> [Effect] {
        if !state.isInteractive {
            if state.input.assumeYes { return goAhead(&state) }
            guard state.canAsk, state.input.presentation == .text else {
                let said = message(
                    .info, "\(notDone) This is not a terminal that can answer, so run the command again with --yes to \(yesTo).")
                return shownFirst + [said] + finish(&state, .declined)
            }
        }
        state.step = step
        return []
    }

    /// Refuses a change whose amount is not the one a script agreed beforehand (`FlightBookingsInput.acceptedTotal`,
    /// read in `amount`'s currency): `refusal`, told the amount agreed, says why, and the run ends declined (exit 2).
    /// `nil` when the change may go on: on the interactive screen (the traveller sees the amount and is asked), when
    /// nothing was agreed, or when `amount` is what was agreed.
    static func refuseOtherAmount(
        _ state: inout State, than amount: Money, _ refusal: (_ agreed: Money) -> Effect
    ) -> [Effect]? {
        guard !state.isInteractive, let agreed = state.input.acceptedTotal, agreed != amount.amount else { return nil }
        return [refusal(Money(amount: agreed, currency: amount.currency))] + finish(&state, .declined)
    }
}
