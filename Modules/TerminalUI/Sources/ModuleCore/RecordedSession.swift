package import Foundation

/// A recording read line by line (``SessionRecorder`` wrote it): its format, and each module started and step taken,
/// in order. What the replay and time travel both walk; nothing in it is obeyed, it is data from a file.
package struct RecordedSession {
    /// One line of the recording that matters to a replay.
    package enum Entry {
        /// A module instance built, with the starting state it was recorded in (JSON).
        case start(module: String, instance: Int, state: Data, line: Int)
        /// A step a module instance took.
        case step(RecordedStep)
    }

    /// The recording's format (one of ``SessionRecorder/readableFormats``).
    package let format: Int
    /// Its starts and steps, in the order they were written.
    package let entries: [Entry]

    /// Reads the recording `text` (JSON lines). Throws, saying what to do, when it is not a recording this version
    /// reads: a line that is not a recorded step, no session line, a format of another version.
    package init(_ text: String) throws(RecordingError) {
        var format: Int?
        var entries: [Entry] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
            let line = index + 1
            guard let object = try? JSONSerialization.jsonObject(with: Data(raw.utf8)) as? [String: Any],
                  let kind = object["kind"] as? String else {
                throw RecordingError(message: "Line \(line) is not a recorded step (not a JSON object with a kind).")
            }
            switch kind {
            case "session":
                let said = object["format"] as? Int
                guard let said, SessionRecorder.readableFormats.contains(said) else {
                    throw RecordingError(message: Self.unreadable(format: object["format"]))
                }
                format = said
            case "start":
                guard format != nil else { throw RecordingError(message: "The recording has no session line before line \(line).") }
                let (name, instance) = try Self.module(object, line: line)
                entries.append(.start(module: name, instance: instance, state: try Self.data(object["state"], line: line), line: line))
            case "step":
                let (name, instance) = try Self.module(object, line: line)
                let action = object["action"] ?? NSNull()
                entries.append(.step(RecordedStep(
                    number: object["step"] as? Int ?? line, line: line, module: name, instance: instance,
                    actionName: (action as? [String: Any])?.keys.first ?? "unknown",
                    action: try? Self.data(action, line: line),
                    effects: object["effects"] ?? NSNull(), screen: object["screen"],
                    milliseconds: object["ms"] as? Int)))
            default:
                continue
            }
        }
        guard let format else { throw RecordingError(message: "This is not a recorded session: it has no session line.") }
        self.format = format
        self.entries = entries
    }

    /// Why a recording of `format` does not replay here, and what to do.
    static func unreadable(format: Any?) -> String {
        let readable = SessionRecorder.readableFormats
        let said = format.map { "\($0)" } ?? "not given"
        let todo = (format as? Int).map { $0 > readable.upperBound } == true
            ? "Replay it with the version of flights that recorded it, or a later one."
            : "Record the session again with this version."
        return "This recording's format is \(said); this version of flights replays formats \(readable.lowerBound) to \(readable.upperBound). \(todo)"
    }

    private static func module(_ object: [String: Any], line: Int) throws(RecordingError) -> (String, Int) {
        guard let name = object["module"] as? String, let instance = object["instance"] as? Int else {
            throw RecordingError(message: "Line \(line) does not say which module it belongs to.")
        }
        return (name, instance)
    }

    static func data(_ value: Any?, line: Int) throws(RecordingError) -> Data {
        guard let value, !(value is NSNull),
              let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]) else {
            throw RecordingError(message: "Line \(line) has no readable value.")
        }
        return data
    }
}

/// One recorded step: which module instance took it, the action (JSON), and the effects and screen it gave then.
package struct RecordedStep {
    /// The step's number in the recording.
    package var number: Int
    /// The line of the file it is on.
    package var line: Int
    /// The module's name.
    package var module: String
    /// Which instance of the module (1 for the first one built).
    package var instance: Int
    /// The action's name (`sortChosen`).
    package var actionName: String
    /// The action as JSON; `nil` when the line holds none (an action that could not be recorded).
    package var action: Data?
    /// The effects recorded (a JSON value).
    package var effects: Any
    /// The screen recorded (plain lines and the question), if any.
    package var screen: Any?
    /// When it happened, in milliseconds since the recording began (format 3); `nil` in format 2.
    package var milliseconds: Int?

    /// The recorded effects and screen as one JSON text, to compare with a replay's.
    package var canonical: String {
        SessionReplayer.canonical(effects: effects, screen: screen)
    }
}
