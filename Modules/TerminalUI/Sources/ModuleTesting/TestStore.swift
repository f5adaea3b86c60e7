public import ModuleCore
public import Testing

/// A module's rules under test, read as a story: send an action, say how the state changed and which effects
/// followed. A change not said, or an effect not expected, fails the test with both sides written out.
///
/// ```swift
/// var store = TestStore<FlightSeatsReducer>(state)
/// store.send(.appeared, effects: [.run(.maps(offerID: "off_1"))]) {
///     $0.phase = .loading
/// }
/// ```
public struct TestStore<R: Reducer> where R.Effect: Equatable {
    /// The state after the last action sent.
    public private(set) var state: R.State

    /// A store starting at `state`.
    public init(_ state: R.State) {
        self.state = state
    }

    /// Sends `action`. The state must be exactly the one before, changed by `change`; with `effects`, the effects
    /// must be exactly those, in order. Returns the effects, for a test that checks them in its own words.
    @discardableResult
    public mutating func send(
        _ action: R.Action,
        effects expected: [R.Effect]? = nil,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ change: (inout R.State) -> Void = { _ in }
    ) -> [R.Effect] {
        var expectedState = state
        change(&expectedState)
        let effects = R.reduce(&state, action)
        if state != expectedState {
            Issue.record(
                Comment(rawValue: "The state after \(Self.name(action)) differs from the one expected:\n"
                    + Self.difference(expected: expectedState, actual: state)),
                sourceLocation: sourceLocation)
        }
        if let expected, expected != effects {
            Issue.record(
                Comment(rawValue: "The effects of \(Self.name(action)) differ from the ones expected:\n"
                    + Self.difference(expected: expected, actual: effects)),
                sourceLocation: sourceLocation)
        }
        return effects
    }

    private static func name(_ action: R.Action) -> String {
        let text = String(describing: action)
        return text.count > 80 ? String(text.prefix(80)) + "…" : text
    }

    /// The lines of each value's dump that differ, `-` expected and `+` actual.
    static func difference<T>(expected: T, actual: T) -> String {
        var expectedText = ""
        var actualText = ""
        dump(expected, to: &expectedText)
        dump(actual, to: &actualText)
        let expectedLines = expectedText.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actualText.split(separator: "\n", omittingEmptySubsequences: false)
        let diff = actualLines.difference(from: expectedLines)
        var lines: [String] = []
        for change in diff {
            switch change {
            case .remove(_, let line, _): lines.append("- " + line)
            case .insert(_, let line, _): lines.append("+ " + line)
            }
        }
        return lines.joined(separator: "\n")
    }
}
