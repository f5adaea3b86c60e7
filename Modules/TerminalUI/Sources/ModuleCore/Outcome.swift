/// A service's answer as an action can carry it: `Result`, but recordable. Actions hold outcomes so a recorded
/// session replays with the answers it received.
///
/// ```swift
/// case placesAnswered(Outcome<[Place], ServiceError>)
/// let answer = Outcome { try await places.suggestions(for: text) }
/// ```
public enum Outcome<Success: Codable & Sendable, Failure: Error & Codable & Sendable>: Codable, Sendable {
    /// The call answered with a value.
    case success(Success)
    /// The call failed.
    case failure(Failure)

    /// The outcome of `result`.
    public init(_ result: Result<Success, Failure>) {
        switch result {
        case .success(let value): self = .success(value)
        case .failure(let error): self = .failure(error)
        }
    }

    /// The outcome of running `body`.
    public init(catching body: () async throws(Failure) -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }

    /// As a `Result`.
    public var result: Result<Success, Failure> {
        switch self {
        case .success(let value): .success(value)
        case .failure(let error): .failure(error)
        }
    }
}

extension Outcome: Equatable where Success: Equatable, Failure: Equatable {}
extension Outcome: Hashable where Success: Hashable, Failure: Hashable {}
