public import Foundation

/// Writes a session as JSON lines: each module's starting state when it is built, then every action every module
/// reduces (user events and service answers alike) with the effects that followed. Personal data is redacted
/// before anything is written (see ``Reducer/redacted(_:in:)`` and ``Redaction``).
///
/// The effects written are the ones the reducer gives for the *redacted* action, from the redacted state, kept in a
/// shadow copy of each module's state: exactly what ``SessionReplayer`` will compute from the file, so a replay
/// differs only when the reducers changed.
///
/// ```
/// {"kind":"session","format":3}
/// {"kind":"start","module":"FlightSearch","instance":1,"state":{…}}
/// {"kind":"step","step":1,"ms":412,"module":"FlightSearch","instance":1,"action":{"appeared":{}},"effects":[…],"screen":[…]}
/// ```
///
/// Format 3 (this one): each step says when it happened, in milliseconds since the recording began (`ms`), so time
/// travel can show how far into the session a step was. Format 2: effects are the ``ScreenEffect`` kinds every
/// screen shares (`run`, `cancel`, `note`, `print`, `leave`), and each step keeps the screen it left (its page as
/// plain lines, and the question); it still replays, without the times. Format 1 recordings, made before screens
/// were derived from state, do not replay: record the session again.
@MainActor
public final class SessionRecorder {
    /// The format this recorder writes.
    nonisolated public static let format = 3
    /// The formats a replay reads: this one, and format 2 (the same steps without their times).
    nonisolated public static let readableFormats: ClosedRange<Int> = 2...3

    private let write: (Data) throws -> Void
    private let onFailure: (String) -> Void
    private let elapsed: () -> Duration
    private var failed = false
    private var instances = 0
    private var steps = 0

    /// A recorder that hands each line (with its newline) to `write`; the first error `write` throws stops the
    /// recording and is reported once through `onFailure`. `elapsed` says how long the session has run when a step
    /// is written (by default, the time since this recorder was made).
    public init(
        write: @escaping (Data) throws -> Void, onFailure: @escaping (String) -> Void = { _ in },
        elapsed: (() -> Duration)? = nil
    ) {
        self.write = write
        self.onFailure = onFailure
        if let elapsed {
            self.elapsed = elapsed
        } else {
            let clock = ContinuousClock()
            let start = clock.now
            self.elapsed = { start.duration(to: clock.now) }
        }
        line(["kind": "session", "format": Self.format])
    }

    /// A recorder writing to the file at `path`, created or emptied in place (a device or a pipe stays what it is).
    public convenience init(path: String, onFailure: @escaping (String) -> Void = { _ in }) throws {
        // Only its owner may read it: a recording holds booking references and e-ticket numbers. An earlier
        // recording written over keeps its mode through O_TRUNC, so a regular file's mode is set on the open file
        // too (never a device's: `--record /dev/null` must not change /dev/null for everyone).
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0, Self.ownerOnly(descriptor) else {
            let reason = String(cString: strerror(errno))
            if descriptor >= 0 { close(descriptor) }
            throw RecordingError(message: "The session cannot be recorded to \(String(reflecting: path)): \(reason). Choose a writable path.")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        self.init(write: { try handle.write(contentsOf: $0) }, onFailure: onFailure)
    }

    /// Makes the open file readable and writable by its owner only, when it is a regular file.
    private static func ownerOnly(_ descriptor: Int32) -> Bool {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return false }
        guard status.st_mode & S_IFMT == S_IFREG else { return true }
        return status.st_mode & 0o777 == 0o600 || fchmod(descriptor, 0o600) == 0
    }

    /// How many steps have been written.
    public var stepCount: Int { steps }

    func tape<R: Reducer>(for reducer: R.Type, startingAt state: R.State) -> RecordingTape<R>? {
        guard !failed else { return nil }
        instances += 1
        let instance = instances
        guard let (shadow, json) = Self.roundTrip(R.redacted(state), as: R.State.self) else {
            fail("the starting state of \(R.module) could not be written")
            return nil
        }
        line(["kind": "start", "module": R.module, "instance": instance, "state": json])
        return RecordingTape(recorder: self, instance: instance, shadow: shadow)
    }

    func record<R: Reducer>(_ action: R.Action, before: R.State, on tape: RecordingTape<R>) {
        guard !failed else { return }
        steps += 1
        let (seconds, attoseconds) = elapsed().components
        let milliseconds = max(0, seconds * 1000 + attoseconds / 1_000_000_000_000_000)
        var entry: [String: Any] = [
            "kind": "step", "step": steps, "ms": milliseconds, "module": R.module, "instance": tape.instance,
        ]
        guard let (shadowAction, actionJSON) = Self.roundTrip(R.redacted(action, in: before), as: R.Action.self) else {
            entry["unrecordable"] = String(describing: type(of: action))
            return line(entry)
        }
        entry["action"] = actionJSON
        let effects = R.reduce(&tape.shadow, shadowAction)
        entry["effects"] = Self.json(effects) ?? NSNull()
        if let screen = R.recordedScreen(tape.shadow) { entry["screen"] = screen }
        line(entry)
    }

    private func line(_ object: [String: Any]) {
        guard !failed else { return }
        do {
            var data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
            data.append(0x0A)
            try write(data)
        } catch {
            fail("\(error.localizedDescription)")
        }
    }

    private func fail(_ reason: String) {
        guard !failed else { return }
        failed = true
        let said = reason.hasSuffix(".") ? String(reason.dropLast()) : reason
        onFailure("The session recording stopped: \(said).")
    }

    /// `value` encoded, redacted by key and decoded again: the value a replay will see, and its JSON object.
    static func roundTrip<T: Codable>(_ value: T, as type: T.Type) -> (T, Any)? {
        guard let encoded = try? SessionJSON.encoder.encode(value) else { return nil }
        let redacted = Redaction.redact(encoded)
        guard let decoded = try? SessionJSON.decoder.decode(T.self, from: redacted),
              let object = try? JSONSerialization.jsonObject(with: redacted, options: [.fragmentsAllowed]) else { return nil }
        return (decoded, object)
    }

    /// `value` as a JSON object, redacted by key.
    static func json<T: Encodable>(_ value: T) -> Any? {
        guard let encoded = jsonData(value) else { return nil }
        return try? JSONSerialization.jsonObject(with: encoded, options: [.fragmentsAllowed])
    }

    /// `value` as JSON text, redacted by key.
    static func jsonData<T: Encodable>(_ value: T) -> Data? {
        guard let encoded = try? SessionJSON.encoder.encode(value) else { return nil }
        return Redaction.redact(encoded)
    }
}

/// One module instance's place in a recording, with the shadow state its redacted steps are reduced into.
@MainActor
final class RecordingTape<R: Reducer> {
    private let recorder: SessionRecorder
    let instance: Int
    var shadow: R.State

    init(recorder: SessionRecorder, instance: Int, shadow: R.State) {
        self.recorder = recorder
        self.instance = instance
        self.shadow = shadow
    }

    func record(_ action: R.Action, before: R.State) {
        recorder.record(action, before: before, on: self)
    }
}

/// A recording that cannot be made or read, with a sentence a person can act on.
public struct RecordingError: Error, CustomStringConvertible, Sendable {
    /// What went wrong and what to do, in one sentence.
    public let message: String
    /// An error saying `message`.
    public init(message: String) { self.message = message }
    public var description: String { message }
}

/// The coders of recordings: dates as seconds, keys sorted, so the same values always write the same bytes.
enum SessionJSON {
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .secondsSince1970
        return encoder
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }
}
