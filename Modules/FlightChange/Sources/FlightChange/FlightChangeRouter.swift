public import Entities

/// The ways out of FlightChange, each saying what happened; the composer implements it. Every method is named after
/// the module (`change…`), so one object can implement several modules' routers.
@MainActor
public protocol FlightChangeRouter: AnyObject {
    /// The traveller went back without changing anything (Esc, or `b`).
    func changeDidGoBack()
    /// The change ended: made, declined, refused or failed.
    func changeDidFinish(_ outcome: FlightChangeOutcome)
}

/// How a change ended, for the composer (and a command's exit status).
public enum FlightChangeOutcome: Sendable, Hashable, Codable {
    /// The booking now flies the new flights: the order as read after the change.
    case changed(Order)
    /// Nothing was changed: the traveller said no, or a command was not given `--yes`.
    case declined
    /// The change's total was not the one agreed (`--total`): nothing was changed; the new total.
    case priceChanged(Money)
    /// Nothing was changed: the booking cannot be changed, or the airline refused; what to tell the traveller.
    case refused(String)
    /// Nothing was sent: a command's plan named no such flight, or a day that cannot be read or flown.
    case invalid(String)
    /// It failed, or its answer was lost and the booking could not be read again; what to tell the traveller.
    case failed(String)
}
