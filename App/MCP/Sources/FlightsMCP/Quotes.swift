import Entities
import MCP

/// The quotes this server gave, by token, and what became of each. A confirmation must name one given for that
/// booking, so money moves only on a quote the traveller saw; one under way refuses a second at once; and one
/// confirmed answers a repeat as it answered the first, rather than cancelling or changing twice.
struct Quotes {
    /// What a quote is for.
    enum Kind: Sendable {
        case cancellation
        /// A change, with the days and flights quoted (confirmed as quoted, whatever the day's words meant then).
        case change(ChangePlan)
    }

    private enum State {
        case open
        case confirming
        case done(Value)
    }

    private struct Quote {
        var reference: String
        var kind: Kind
        var state: State
    }

    private var quotes: [String: Quote] = [:]
    /// Every offer a change quote listed, by its token, then by the offer's id: the plan as that offer quoted it.
    private var offers: [String: [String: ChangePlan]] = [:]

    /// Keeps a quote for `reference` under `token`.
    mutating func add(_ token: String, reference: String, kind: Kind) {
        quotes[token] = Quote(reference: reference, kind: kind, state: .open)
    }

    /// Keeps the offers a change quote under `token` listed, each with the plan as it quoted it.
    mutating func add(offers listed: [String: ChangePlan], to token: String) {
        offers[token] = listed
    }

    /// The plan of the offer `offerID` the change quote under `token` listed; refused when it listed none so.
    func offer(_ offerID: String, of token: String) throws(ToolFailure) -> ChangePlan {
        guard let plan = offers[token]?[offerID] else {
            throw ToolFailure(
                .invalidToken, "That change_offer_id is not one of the offers the quote with this token listed.",
                whatToDo: "Give a change_offer_id from the quote's offers, or leave it out to take the cheapest.")
        }
        return plan
    }

    /// What to do with a confirmation naming `token` for `reference`: go ahead (the quote's kind, now marked under
    /// way), or answer as before (`.answered`); any other token is refused.
    mutating func confirm(_ token: String, for reference: String, cancelling: Bool) throws(ToolFailure) -> Confirmation {
        guard var quote = quotes[token], quote.reference == reference, cancelling == quote.kind.isCancellation else {
            throw ToolFailure(
                .invalidToken, "That token is not from a \(cancelling ? "cancellation" : "change") quote for booking \(reference) given by this server.",
                whatToDo: "Call \(cancelling ? "cancel" : "change_booking") without a token for a quote and its token, then confirm with them.")
        }
        switch quote.state {
        case .done(let answer):
            return .answered(answer)
        case .confirming:
            throw ToolFailure(
                .notPossible, "A confirmation with this token is under way.",
                whatToDo: "Wait for its answer, or read the booking with get_booking in a moment.")
        case .open:
            quote.state = .confirming
            quotes[token] = quote
            return .proceed(quote.kind)
        }
    }

    /// The confirmation under `token` ended: done with `answer`, or (`nil`) not done, open to be confirmed again.
    mutating func finish(_ token: String, answer: Value?) {
        guard var quote = quotes[token] else { return }
        quote.state = answer.map(State.done) ?? .open
        quotes[token] = quote
    }

    enum Confirmation {
        case proceed(Kind)
        case answered(Value)
    }
}

extension Quotes.Kind {
    var isCancellation: Bool { if case .cancellation = self { true } else { false } }
}

extension ChangePlan {
    /// The plan as `offer` quoted it: each move on the day its new flight leaves (so a repeat means the same days,
    /// not days counted again from flights already moved), and the flights to expect once it is made.
    func quoted(by offer: OrderChangeOffer) -> ChangePlan {
        var plan = self
        let added = offer.slices.add.sorted { ($0.departingAt?.description ?? "") < ($1.departingAt?.description ?? "") }
        let moves = moves.sorted { $0.flight < $1.flight }
        if added.count == moves.count {
            plan.moves = zip(moves, added).map { move, slice in
                Move(flight: move.flight, day: slice.departingAt.map { String($0.description.prefix(10)) } ?? move.day)
            }
        }
        plan.expected = ChangePlan.flights(of: offer.slices.add)
        return plan
    }
}
