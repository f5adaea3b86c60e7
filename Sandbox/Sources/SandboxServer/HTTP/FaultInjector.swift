import Synchronization

/// Decides, request by request, which faults of a plan strike. The n-th request's draw depends only on the
/// seed and n, so the same seed and the same sequence of requests fail in the same places.
final class FaultInjector: Sendable {
    struct Decision: Sendable, Equatable {
        var latency: Duration?
        var lateAnswer: Duration?
        var errorStatus: Int?
        var errorAfterHandling: Int?
        var malformed = false
        var truncated = false
        var drop = false
    }

    let plan: FaultPlan
    private let sequence = Atomic<UInt64>(0)
    /// The requests `times=` has counted: those the server's own plan touched.
    private let counted = Atomic<UInt64>(0)

    init(plan: FaultPlan) { self.plan = plan }

    /// The decision for the next request under `plan` (the server's, perhaps overlaid by a request header). `times=`
    /// counts only the requests the server's own plan touches (`fromHeader` false); a request that asks for faults in
    /// its header gets them, and is not counted.
    func decide(_ plan: FaultPlan, fromHeader: Bool = false) -> Decision {
        let number = sequence.add(1, ordering: .relaxed).newValue
        if !fromHeader, let times = plan.times, counted.add(1, ordering: .relaxed).newValue > UInt64(times) {
            return Decision()
        }
        return FaultInjector.decision(plan, requestNumber: number)
    }

    static func decision(_ plan: FaultPlan, requestNumber: UInt64) -> Decision {
        var random = SplitMix64(seed: plan.seed ^ SplitMix64.mix(requestNumber))
        // Every draw is made whatever the rates, so changing one rate does not reshuffle the others.
        let dropDraw = random.unit(), errorDraw = random.unit(), malformedDraw = random.unit(), truncatedDraw = random.unit()
        var decision = Decision(latency: plan.latency, lateAnswer: plan.lateAnswer, errorAfterHandling: plan.errorAfterHandling)
        decision.drop = dropDraw < plan.dropRate
        if let status = plan.errorStatus, errorDraw < plan.errorRate { decision.errorStatus = status }
        decision.malformed = malformedDraw < plan.malformedRate
        decision.truncated = !decision.malformed && truncatedDraw < plan.truncatedRate
        return decision
    }
}
