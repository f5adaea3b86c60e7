/// What a module does when a call that changes something (an order, a cancellation, a payment) gets no clear answer:
/// it reads the result back, a few times, and never sends the change again.
public enum LostAnswer {
    /// How long to wait before each read after a lost answer, since the server may still be working on it: at once,
    /// then after 1, 2 and 4 seconds.
    public static let lookupDelays: [Duration] = [.zero, .seconds(1), .seconds(2), .seconds(4)]

    /// What reading the result back after a lost answer found.
    public enum Resolution<Found> {
        /// A read found the change settled: what the probe returned.
        case found(Found)
        /// Every read was answered, the last one too, and none found it settled: as far as the server says, it was
        /// not done.
        case notFound
        /// The last read failed with this error (an earlier one may have answered): whether the change was done is
        /// not known.
        case lookupFailed(ServiceError)
    }

    /// Reads the result of a change whose answer was lost, never sending the change again: after each of `delays`
    /// (the server may still be working on it), `probe` reads once, returning what settles the question, or `nil` to
    /// read again after the next delay. A read that fails is read again too.
    ///
    /// - Parameters:
    ///   - delays: how long to wait before each read; ``lookupDelays`` unless a caller knows better (`[.zero]` for
    ///     one read at once). No delays, no read: ``Resolution/notFound``.
    ///   - probe: one read, and what it says: what settles the question, `nil` when it does not yet.
    /// - Returns: what the first read that settled it returned; otherwise ``Resolution/notFound`` when the last read
    ///   was answered, or ``Resolution/lookupFailed(_:)`` with its error when it failed.
    public static func resolve<Found>(
        delays: [Duration] = lookupDelays, probe: () async throws(ServiceError) -> Found?
    ) async -> Resolution<Found> {
        var lastFailure: ServiceError?
        for delay in delays {
            // A cancelled wait reads at once: the answer is still owed to whoever made the change.
            if delay > .zero { try? await Task.sleep(for: delay) }
            do {
                if let found = try await probe() { return .found(found) }
                lastFailure = nil
            } catch {
                lastFailure = error
            }
        }
        return lastFailure.map { .lookupFailed($0) } ?? .notFound
    }
}

extension LostAnswer.Resolution: Sendable where Found: Sendable {}
extension LostAnswer.Resolution: Equatable where Found: Equatable {}

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
