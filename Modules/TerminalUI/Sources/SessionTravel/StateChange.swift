/// One field of a module's state that a step changed: where it is, and its value before and after.
public struct StateChange: Sendable, Hashable, Codable {
    /// Where the field is: keys joined by dots, array positions in brackets (`passengers[0].givenName`).
    public var path: String
    /// Its value before the step; `nil` when the step added it.
    public var before: JSONValue?
    /// Its value after the step; `nil` when the step removed it.
    public var after: JSONValue?

    /// A change of the field at `path` from `before` to `after`.
    public init(path: String, before: JSONValue?, after: JSONValue?) {
        self.path = path
        self.before = before
        self.after = after
    }

    /// The fields that differ between two states, deepest first reached, in key order: only what changed.
    ///
    /// Objects are compared key by key and arrays position by position, so one passenger's name entered is one
    /// change (`passengers[0].givenName`), not the whole list. A value that became another case of an enum (an
    /// object with one key becoming an object with another: `{"origin":{…}}` → `{"destination":{…}}`) is one change
    /// of the field that holds it.
    public static func changes(from before: JSONValue, to after: JSONValue) -> [StateChange] {
        var changes: [StateChange] = []
        collect(before, after, at: "", into: &changes)
        return changes
    }

    private static func collect(_ before: JSONValue, _ after: JSONValue, at path: String, into changes: inout [StateChange]) {
        guard before != after else { return }
        switch (before, after) {
        case (.object(let old), .object(let new)) where !isAnotherCase(old, new):
            for key in Set(old.keys).union(new.keys).sorted() {
                let inner = path.isEmpty ? key : "\(path).\(key)"
                switch (old[key], new[key]) {
                case (let was?, let now?): collect(was, now, at: inner, into: &changes)
                case (let was, let now): changes.append(StateChange(path: inner, before: was, after: now))
                }
            }
        case (.array(let old), .array(let new)):
            for index in 0..<max(old.count, new.count) {
                let inner = "\(path)[\(index)]"
                switch (index < old.count ? old[index] : nil, index < new.count ? new[index] : nil) {
                case (let was?, let now?): collect(was, now, at: inner, into: &changes)
                case (let was, let now): changes.append(StateChange(path: inner, before: was, after: now))
                }
            }
        default:
            changes.append(StateChange(path: path.isEmpty ? "(the state)" : path, before: before, after: after))
        }
    }

    /// Whether two objects are two cases of an enum, as Swift encodes them: one key each, not the same.
    private static func isAnotherCase(_ old: [String: JSONValue], _ new: [String: JSONValue]) -> Bool {
        old.count == 1 && new.count == 1 && old.keys.first != new.keys.first
    }
}
