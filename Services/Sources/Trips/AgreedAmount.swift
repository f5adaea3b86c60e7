public import Entities
public import Foundation

/// The rule every call that moves money keeps: it takes the amount the traveller agreed to and does nothing at
/// another, answering with the amount now. Written once, here; each use case asks it before anything leaves.
public enum AgreedAmount {
    /// Whether `agreed` is `now`'s amount (the currency is the booking's: an agreed amount is typed as a number).
    public static func matches(_ agreed: Decimal, _ now: Money) -> Bool {
        agreed == now.amount
    }

    /// `agreed` as money in `now`'s currency, to say "not the £327.65 agreed to".
    public static func money(_ agreed: Decimal, as now: Money) -> Money {
        Money(amount: agreed, currency: now.currency)
    }
}
