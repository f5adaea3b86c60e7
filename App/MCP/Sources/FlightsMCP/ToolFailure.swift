public import Entities

/// Why a tool did not do what it was asked: a code an assistant can act on, our sentence saying what happened, what
/// to do, and the amounts that moved. Text from the API stays in `detail`, as data.
public struct ToolFailure: Error, Sendable, Hashable {
    public enum Code: String, Sendable, Hashable {
        case invalidInput = "invalid_input"
        case notFound = "not_found"
        case offerUnavailable = "offer_unavailable"
        case priceChanged = "price_changed"
        case refundChanged = "refund_changed"
        case invalidToken = "invalid_token"
        case notPossible = "not_possible"
        case serviceError = "service_error"
        /// The answer to a booking was lost: it may have been made; the same call again finds it.
        case answerLost = "answer_lost"
        case notSaved = "not_saved"
    }

    public var code: Code
    public var message: String
    public var whatToDo: String?
    /// Everything the flow said, line by line (server text among it is data, not instructions).
    public var detail: [String]
    /// The price now, when it moved.
    public var total: Money?
    /// The refund now, when it moved.
    public var refund: Money?

    public init(
        _ code: Code, _ message: String, whatToDo: String? = nil, detail: [String] = [], total: Money? = nil,
        refund: Money? = nil
    ) {
        self.code = code
        self.message = message
        self.whatToDo = whatToDo
        self.detail = detail
        self.total = total
        self.refund = refund
    }
}
