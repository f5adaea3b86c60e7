import Hummingbird
import NIOCore

/// Each request's context: Hummingbird's core storage, the connection (the fault injector closes it to drop or
/// truncate an answer), and what the middleware learns on the way in, for the layers inside it.
///
/// A context travels inwards only; what the endpoint tells the layers around it travels back in ``notes``,
/// which every copy of one request's context shares.
struct SandboxRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel
    /// The id every answer carries in `x-request-id` and in its error envelope; set by ``RequestIDMiddleware``.
    var requestID = ""
    /// What the fault plan does to this request; set by ``FaultDecisionMiddleware``.
    var faults = FaultVerdict.decided(FaultInjector.Decision())
    /// This request's count against its token's rate limit; set by ``RateCountingMiddleware``.
    var rateLimit: RateLimiter.Verdict?
    /// The endpoint's timings and kept-answer key, for the layers that write the answer out.
    let notes = AnswerNotes()

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        channel = source.channel
    }

    var maxUploadSize: Int { SandboxResponder.maximumBodyBytes }

    /// The decision of the fault plan, or no faults when its header could not be read (that request is refused).
    var faultDecision: FaultInjector.Decision {
        if case .decided(let decision) = faults { return decision }
        return FaultInjector.Decision()
    }
}

/// What a fault plan makes of one request: a decision, or a plan in its `x-sandbox-fault` header that could not be
/// read (answered 400 before anything else happens to the request).
enum FaultVerdict: Sendable {
    case decided(FaultInjector.Decision)
    case unreadable(String)
}
