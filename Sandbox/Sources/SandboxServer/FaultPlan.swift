import Foundation

/// Faults the sandbox injects on purpose, so clients can be tested against slow, failing and broken answers.
///
/// A plan is written as comma-separated terms, the same in a flag (`--faults`), in the environment
/// (`FLIGHTS_SANDBOX_FAULTS`) and in a request header (`x-sandbox-fault`, for that request only):
///
/// - `latency=250ms` (or `1s`, or plain milliseconds): wait before handling the request;
/// - `late=3s`: handle the request, then wait before answering: the work is done (an order is booked) while the
///   client may give up waiting, as when an answer is lost on the way;
/// - `error=503@0.25`: answer with that status, in Duffel's error envelope, on a quarter of requests;
/// - `after=429`: handle the request, then answer with that status instead: the work is done (an order is booked,
///   a cancellation confirmed) while the answer says it was not, as when a rate limiter or a proxy answers after
///   the API acted (a `429` comes with a one-second `ratelimit-reset`);
/// - `times=1`: strike only the first so many requests the server's plan touches, so the client's next try goes
///   through (a request with faults in its header gets them, and is not counted);
/// - `malformed@0.1`: a 200 whose body is not JSON;
/// - `truncated@0.1`: the body stops halfway and the connection closes;
/// - `drop@0.1`: close the connection without answering;
/// - `seed=7`: which requests are hit is decided by the seed and the order requests arrive in, so a run
///   with the same seed and the same requests fails the same way.
///
/// A rate left out means every request (`drop` alone drops them all). `on=POST:/air/orders` limits the plan to
/// requests whose path starts with that text (`/air/order` takes in `/air/orders` too); with a `*`, the pattern is
/// read segment by segment, `*` standing for any one (`on=POST:/air/order_cancellations/*/actions/confirm`), and
/// longer paths match too.
public struct FaultPlan: Sendable, Hashable, CustomStringConvertible {
    /// Added to every answer.
    public var latency: Duration?
    /// The status to answer with instead of the real answer (400–599).
    public var errorStatus: Int?
    /// The share of requests that get `errorStatus`, 0 to 1.
    public var errorRate: Double
    /// The share of requests answered with a body that is not JSON.
    public var malformedRate: Double
    /// The share of requests whose body is cut off halfway.
    public var truncatedRate: Double
    /// The share of requests whose connection is closed without an answer.
    public var dropRate: Double
    /// Decides which requests are hit.
    public var seed: UInt64
    /// Waited after the request was handled, before the answer goes out.
    public var lateAnswer: Duration?
    /// Only requests with this method (when given) are touched.
    public var scopeMethod: String?
    /// Only requests whose path starts with this are touched (when given); `*` stands for any one segment.
    public var scopePath: String?
    /// The status that replaces the answer of a request that was handled (400–599).
    public var errorAfterHandling: Int?
    /// How many requests the plan touches at most, counted from the first; `nil` for all.
    public var times: Int?

    /// The environment variable `flights-sandbox` and the app's embedded sandbox read.
    public static let environmentVariable = "FLIGHTS_SANDBOX_FAULTS"
    /// The request header that adds faults to one request.
    public static let headerName = "x-sandbox-fault"

    /// No faults.
    public static let none = FaultPlan()

    /// Creates a plan; every rate is clamped to 0…1.
    public init(
        latency: Duration? = nil, errorStatus: Int? = nil, errorRate: Double = 0, malformedRate: Double = 0,
        truncatedRate: Double = 0, dropRate: Double = 0, seed: UInt64 = 0, lateAnswer: Duration? = nil,
        scopeMethod: String? = nil, scopePath: String? = nil
    ) {
        self.lateAnswer = lateAnswer
        self.scopeMethod = scopeMethod
        self.scopePath = scopePath
        self.latency = latency
        self.errorStatus = errorStatus
        self.errorRate = FaultPlan.clamp(errorRate)
        self.malformedRate = FaultPlan.clamp(malformedRate)
        self.truncatedRate = FaultPlan.clamp(truncatedRate)
        self.dropRate = FaultPlan.clamp(dropRate)
        self.seed = seed
    }

    /// Reads a plan such as `latency=200ms,error=503@0.25,drop@0.1,seed=7`; an empty text is no faults.
    public init(parsing text: String) throws(SandboxError) {
        self.init()
        for rawTerm in text.split(separator: ",") {
            let term = rawTerm.trimmingCharacters(in: .whitespaces)
            guard !term.isEmpty else { continue }
            let (head, rate) = try FaultPlan.splitRate(term, in: text)
            let parts = head.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                .map { String($0).trimmingCharacters(in: .whitespaces) }
            let name = parts.first?.lowercased() ?? ""
            let value = parts.count > 1 ? parts[1] : nil
            switch (name, value) {
            case ("latency", let value?):
                guard let duration = FaultPlan.duration(value) else {
                    throw .invalidFaultSpecification(text, reason: "latency takes a duration such as 200ms or 1s")
                }
                latency = duration
            case ("error", let value?):
                guard let status = Int(value), (400...599).contains(status) else {
                    throw .invalidFaultSpecification(text, reason: "error takes an HTTP status from 400 to 599")
                }
                errorStatus = status
                errorRate = rate
            case ("late", let value?):
                guard let duration = FaultPlan.duration(value) else {
                    throw .invalidFaultSpecification(text, reason: "late takes a duration such as 200ms or 1s")
                }
                lateAnswer = duration
            case ("on", let value?):
                let scope = value.split(separator: ":", maxSplits: 1).map(String.init)
                guard let path = scope.last, path.hasPrefix("/") else {
                    throw .invalidFaultSpecification(text, reason: "on takes a path, optionally after a method: on=POST:/air/orders")
                }
                scopeMethod = scope.count == 2 ? scope[0].uppercased() : nil
                scopePath = path
            case ("after", let value?):
                guard let status = Int(value), (400...599).contains(status) else {
                    throw .invalidFaultSpecification(text, reason: "after takes an HTTP status from 400 to 599")
                }
                errorAfterHandling = status
            case ("times", let value?):
                guard let count = Int(value), count > 0 else {
                    throw .invalidFaultSpecification(text, reason: "times takes a whole number above 0")
                }
                times = count
            case ("malformed", nil): malformedRate = rate
            case ("truncated", nil): truncatedRate = rate
            case ("drop", nil): dropRate = rate
            case ("seed", let value?):
                guard let number = UInt64(value) else {
                    throw .invalidFaultSpecification(text, reason: "seed takes a whole number")
                }
                seed = number
            default:
                throw .invalidFaultSpecification(
                    text, reason: "\"\(term)\" is not one of latency=, late=, error=, after=, malformed, truncated, drop, times=, seed=, on=")
            }
        }
    }

    /// Whether the plan injects anything at all.
    public var isEmpty: Bool {
        (latency ?? .zero) <= .zero && (lateAnswer ?? .zero) <= .zero && (errorStatus == nil || errorRate == 0)
            && malformedRate == 0 && truncatedRate == 0 && dropRate == 0 && errorAfterHandling == nil
    }

    /// Whether the plan touches a request with `method` and `path`.
    public func applies(method: String, path: String) -> Bool {
        if let scopeMethod, scopeMethod != method.uppercased() { return false }
        guard let scopePath else { return true }
        guard scopePath.contains("*") else { return path.hasPrefix(scopePath) }
        let pattern = scopePath.split(separator: "/", omittingEmptySubsequences: false)
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        guard pattern.count <= segments.count else { return false }
        return zip(pattern, segments).allSatisfy { wanted, segment in wanted == "*" || wanted == segment }
    }

    /// The plan as it would be written in a flag.
    public var description: String {
        var terms: [String] = []
        if let latency { terms.append("latency=\(FaultPlan.milliseconds(latency))ms") }
        if let lateAnswer { terms.append("late=\(FaultPlan.milliseconds(lateAnswer))ms") }
        if let errorStatus { terms.append("error=\(errorStatus)@\(errorRate)") }
        if let errorAfterHandling { terms.append("after=\(errorAfterHandling)") }
        if malformedRate > 0 { terms.append("malformed@\(malformedRate)") }
        if truncatedRate > 0 { terms.append("truncated@\(truncatedRate)") }
        if dropRate > 0 { terms.append("drop@\(dropRate)") }
        if let times { terms.append("times=\(times)") }
        if seed != 0 { terms.append("seed=\(seed)") }
        if let scopePath { terms.append("on=\(scopeMethod.map { "\($0):" } ?? "")\(scopePath)") }
        return terms.joined(separator: ",")
    }

    /// This plan with `other`'s terms on top (a request header over the server's plan).
    func overlaid(with other: FaultPlan) -> FaultPlan {
        var merged = self
        if let latency = other.latency { merged.latency = latency }
        if let late = other.lateAnswer { merged.lateAnswer = late }
        if let path = other.scopePath {
            merged.scopePath = path
            merged.scopeMethod = other.scopeMethod
        }
        if let status = other.errorStatus {
            merged.errorStatus = status
            merged.errorRate = other.errorRate
        }
        if let after = other.errorAfterHandling { merged.errorAfterHandling = after }
        if let times = other.times { merged.times = times }
        merged.malformedRate = max(merged.malformedRate, other.malformedRate)
        merged.truncatedRate = max(merged.truncatedRate, other.truncatedRate)
        merged.dropRate = max(merged.dropRate, other.dropRate)
        if other.seed != 0 { merged.seed = other.seed }
        return merged
    }

    static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000
    }

    private static func clamp(_ rate: Double) -> Double {
        rate.isNaN ? 0 : min(max(rate, 0), 1)
    }

    private static func splitRate(_ term: String, in text: String) throws(SandboxError) -> (String, Double) {
        let pieces = term.split(separator: "@", omittingEmptySubsequences: false)
        guard pieces.count <= 2 else { throw .invalidFaultSpecification(text, reason: "\"\(term)\" has more than one @") }
        guard pieces.count == 2 else { return (term, 1) }
        guard let rate = Double(pieces[1].trimmingCharacters(in: .whitespaces)), (0...1).contains(rate) else {
            throw .invalidFaultSpecification(text, reason: "the rate after @ in \"\(term)\" must be between 0 and 1")
        }
        return (String(pieces[0]), rate)
    }

    private static func duration(_ text: String) -> Duration? {
        let lower = text.lowercased()
        if lower.hasSuffix("ms"), let value = Int(lower.dropLast(2)), value >= 0 { return .milliseconds(value) }
        if lower.hasSuffix("s"), let value = Double(lower.dropLast()), value >= 0, value.isFinite {
            return .milliseconds(Int((value * 1_000).rounded()))
        }
        if let value = Int(lower), value >= 0 { return .milliseconds(value) }
        return nil
    }
}
