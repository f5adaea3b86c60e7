/// How far a call has got, for the client that asked to be told: a call whose `_meta` carries a `progressToken`
/// gets `notifications/progress` with that token as its work advances (the date grid's searches, a booking's steps);
/// a call without one is told nothing, and ``none`` reports nowhere.
///
/// Reports are sent in the order made and before the call's answer; once the client has cancelled the call, none
/// is sent. The toolbox reports `done` counts that only grow.
public struct ToolProgress: Sendable {
    private let send: (@Sendable (_ done: Int, _ total: Int?, _ message: String) async -> Void)?

    /// Progress that goes to `send`.
    public init(_ send: @escaping @Sendable (_ done: Int, _ total: Int?, _ message: String) async -> Void) {
        self.send = send
    }

    private init() {
        send = nil
    }

    /// Progress no one asked for: reports go nowhere.
    public static let none = ToolProgress()

    /// Whether anyone hears the reports (so work done only to report can be skipped).
    public var isHeard: Bool { send != nil }

    /// Reports `done` of `total` (when known), with a line saying what is under way.
    public func report(_ done: Int, of total: Int?, _ message: String) async {
        guard let send, !Task.isCancelled else { return }
        await send(done, total, message)
    }
}
