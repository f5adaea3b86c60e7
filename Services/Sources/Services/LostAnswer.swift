/// What a module does when a call that changes something (an order, a cancellation, a payment) gets no clear answer:
/// it reads the result back, a few times, and never sends the change again.
public enum LostAnswer {
    /// How long to wait before each read after a lost answer, since the server may still be working on it: at once,
    /// then after 1, 2 and 4 seconds.
    public static let lookupDelays: [Duration] = [.zero, .seconds(1), .seconds(2), .seconds(4)]
}

extension ServiceError {
    /// How a change's answer went missing, in a few words for "The booking is not confirmed: …": an error status is
    /// an answer, just not one that says whether it was done.
    public var howTheAnswerWasLost: String {
        switch self {
        case .api, .unexpectedStatus: "the flight service answered with an error"
        default: "no clear answer came"
        }
    }

    /// Whether a call that changes something may still have taken effect at the server although it failed here:
    /// anything but the API's own refusal (a 4xx). Such a failure is resolved by reading, never by sending again.
    public var mayHaveTakenEffect: Bool {
        switch self {
        case .api(let apiError, _): apiError.status >= 500
        case .unexpectedStatus(let code, _): code >= 500
        // A 307 or 308 is the server's answer that it did not act: the request is to be sent elsewhere, and was not.
        // A 303 answers a request that was acted on; a 301 or 302 says too little to rule it out.
        case .redirected(_, let status, _): status != 307 && status != 308
        case .timedOut, .cannotConnect, .insecureConnection, .transport, .malformedResponse, .responseTooLarge, .cancelled:
            true
        }
    }
}
