import ArgumentParser
import Foundation

/// How a command that changes a booking for money words its confirmation flags: what `--yes`, `--total` and `--json`
/// do for it, so each command's `--help` says so in its own terms.
protocol ConfirmationWording {
    /// `--yes`'s help: "Pay without asking."
    static var yesHelp: String { get }
    /// `--total`'s help: what the total is, an example, and that another one does nothing (exit 2).
    static var totalHelp: String { get }
    /// `--json`'s help: what is printed as JSON.
    static var jsonHelp: String { get }
    /// Whether `--total` may be nothing or money back (`--total 0`, `--total=-12.40`), as a change's may; a price to
    /// pay is more than nothing.
    static var totalMayGiveMoneyBack: Bool { get }
}

extension ConfirmationWording {
    static var totalMayGiveMoneyBack: Bool { false }
}

/// `--yes`, `--total AMOUNT` and `--json`: how a script agrees, without being asked, to a change that costs money (a
/// payment, bags, seats, another flight), only at the total it agreed, and reads the result. The flags are the same
/// for every such command; their help is `Wording`'s.
struct ConfirmationOptions<Wording: ConfirmationWording>: ParsableArguments {
    @Flag(name: .long, help: ArgumentHelp(Wording.yesHelp))
    var yes = false

    @Option(help: ArgumentHelp(Wording.totalHelp, valueName: "amount"))
    var total: String?

    @Flag(name: .long, help: ArgumentHelp(Wording.jsonHelp))
    var json = false

    /// The amount `--total` agreed to, or `nil` when none was given; a total that is not an amount (or, unless
    /// `Wording` allows it, not more than nothing) is a validation error saying what to type.
    func agreedAmount() throws -> Decimal? {
        try agreedTotal(total, moneyBack: Wording.totalMayGiveMoneyBack)
    }

    /// What the flags agreed to; a `--total` that is not an amount is a validation error.
    func agreement() throws -> Agreement {
        Agreement(assumeYes: yes, amount: try agreedAmount(), json: json)
    }
}
