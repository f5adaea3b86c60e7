import Services
import Testing

/// Reading a change's result back after its answer was lost: read after each delay until the probe says it is
/// settled; never found when the last read answered; not known when the last read failed.
@Suite("LostAnswer.resolve")
struct LostAnswerTests {
    /// What one read answers.
    enum Reply {
        /// Answered, and the change is not settled (yet).
        case unsettled
        /// Answered: settled, with this.
        case settled(String)
        /// The read failed.
        case failed(ServiceError)
    }

    /// Three reads' worth of delays that cost no time.
    static let threeReads: [Duration] = [.zero, .zero, .zero]

    /// `resolve` with reads that answer as `replies` say, in turn, and how many reads were made.
    func resolve(
        _ replies: [Reply], delays: [Duration] = threeReads
    ) async -> (resolution: LostAnswer.Resolution<String>, reads: Int) {
        var reads = 0
        let resolution = await LostAnswer.resolve(delays: delays) { () async throws(ServiceError) -> String? in
            let reply = reads < replies.count ? replies[reads] : .unsettled
            reads += 1
            switch reply {
            case .unsettled: return nil
            case .settled(let found): return found
            case .failed(let error): throw error
            }
        }
        return (resolution, reads)
    }

    @Test func theFirstReadThatSettlesItIsReturnedAndNothingMoreIsRead() async {
        let (resolution, reads) = await resolve([.unsettled, .settled("ord_1"), .settled("ord_2")])
        #expect(resolution == .found("ord_1"))
        #expect(reads == 2)
    }

    @Test func aFailedReadIsReadAgainAndCanStillFindIt() async {
        let (resolution, reads) = await resolve([.failed(.timedOut), .settled("ord_1")])
        #expect(resolution == .found("ord_1"))
        #expect(reads == 2)
    }

    @Test func everyReadAnsweredAndNoneSettledIsNotFound() async {
        let (resolution, reads) = await resolve([.unsettled, .unsettled, .unsettled])
        #expect(resolution == .notFound)
        #expect(reads == 3)
    }

    @Test func theLastReadFailingIsItsError() async {
        let (resolution, reads) = await resolve([.unsettled, .failed(.timedOut), .failed(.cannotConnect("refused"))])
        #expect(resolution == .lookupFailed(.cannotConnect("refused")))
        #expect(reads == 3)
    }

    @Test func aFailureBeforeALastReadThatAnsweredIsNotFound() async {
        let (resolution, _) = await resolve([.failed(.timedOut), .failed(.timedOut), .unsettled])
        #expect(resolution == .notFound)
    }

    @Test func oneDelayIsOneRead() async {
        let (resolution, reads) = await resolve([.failed(.timedOut)], delays: [.zero])
        #expect(resolution == .lookupFailed(.timedOut))
        #expect(reads == 1)
    }

    @Test func noDelaysReadNothing() async {
        let (resolution, reads) = await resolve([.settled("ord_1")], delays: [])
        #expect(resolution == .notFound)
        #expect(reads == 0)
    }

    @Test func theDefaultScheduleReadsAtOnceFirst() {
        #expect(LostAnswer.lookupDelays.first == .zero)
        #expect(LostAnswer.lookupDelays.count == 4)
    }

    /// Cancelling the caller skips the waits, never the reads: whoever made the change is still owed its result.
    @Test(.timeLimit(.minutes(1))) func aCancelledCallerStillReadsEveryTimeWithoutWaiting() async {
        let reads = Task {
            await resolve([.unsettled, .unsettled, .unsettled], delays: [.zero, .seconds(3_600), .seconds(3_600)])
        }
        reads.cancel()
        let (resolution, count) = await reads.value
        #expect(resolution == .notFound)
        #expect(count == 3)
    }
}
