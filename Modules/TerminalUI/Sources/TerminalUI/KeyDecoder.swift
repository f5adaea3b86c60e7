/// Turns the bytes a terminal in raw mode sends into keys.
///
/// Bytes may arrive split anywhere (an escape sequence or a UTF-8 character across two reads), so the decoder keeps
/// what it cannot decode yet. A lone Esc is indistinguishable from the start of a sequence until no more bytes
/// follow; the reader calls ``flush()`` when the input has been quiet for a moment.
struct KeyDecoder: Sendable {
    private enum State: Sendable {
        case ground
        case escape
        /// After `ESC [`: parameter and intermediate bytes so far.
        case csi([UInt8])
        /// After `ESC O` (application cursor keys).
        case ss3
        /// Inside a UTF-8 character: the bytes so far and how many it needs in all.
        case utf8([UInt8], Int)
    }

    private var state = State.ground
    /// A CR is followed by LF when text is pasted with Windows line ends; that pair is one Enter, not two.
    private var lastWasCarriageReturn = false

    /// Whether bytes are held back waiting for the rest of a sequence (the reader should flush if none come).
    var hasPendingInput: Bool {
        if case .ground = state { return false }
        return true
    }

    /// Decodes `bytes`, returning the keys they complete.
    mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [KeyInput] {
        var keys: [KeyInput] = []
        for byte in bytes { decode(byte, into: &keys) }
        return keys
    }

    /// Gives up waiting for the rest of a sequence: a pending Esc becomes `.escape`, an unfinished sequence or
    /// UTF-8 character is dropped.
    mutating func flush() -> [KeyInput] {
        defer { state = .ground }
        if case .escape = state { return [.escape] }
        return []
    }

    private mutating func decode(_ byte: UInt8, into keys: inout [KeyInput]) {
        switch state {
        case .ground:
            ground(byte, into: &keys)
        case .escape:
            switch byte {
            case UInt8(ascii: "["):
                state = .csi([])
            case UInt8(ascii: "O"):
                state = .ss3
            case 0x1B:
                keys.append(.escape)
                state = .escape
            default:
                // Esc then a key (or Alt+key): report both, so a quick "Esc, b" is not swallowed.
                keys.append(.escape)
                state = .ground
                ground(byte, into: &keys)
            }
        case .csi(var parameters):
            if byte == 0x1B {
                // A sequence cut short by a new one: drop the old, start the new.
                state = .escape
            } else if (0x20...0x3F).contains(byte) {
                parameters.append(byte)
                state = parameters.count > 16 ? .ground : .csi(parameters)
            } else {
                state = .ground
                if (0x40...0x7E).contains(byte), let key = Self.csiKey(final: byte, parameters: parameters) {
                    keys.append(key)
                }
            }
        case .ss3:
            state = .ground
            if let key = Self.ss3Key(final: byte) { keys.append(key) }
        case .utf8(var pending, let needed):
            guard byte & 0xC0 == 0x80 else {
                // A broken sequence: drop it and read this byte afresh.
                state = .ground
                ground(byte, into: &keys)
                return
            }
            pending.append(byte)
            if pending.count == needed {
                state = .ground
                let text = String(decoding: pending, as: UTF8.self)
                if let character = text.first { keys.append(.character(character)) }
            } else {
                state = .utf8(pending, needed)
            }
        }
    }

    private mutating func ground(_ byte: UInt8, into keys: inout [KeyInput]) {
        let afterCarriageReturn = lastWasCarriageReturn
        lastWasCarriageReturn = byte == 0x0D
        switch byte {
        case 0x0D:
            keys.append(.enter)
        case 0x0A:
            if !afterCarriageReturn { keys.append(.enter) }
        case 0x09:
            keys.append(.tab)
        case 0x7F, 0x08:
            keys.append(.backspace)
        case 0x03:
            keys.append(.interrupt)
        case 0x1B:
            state = .escape
        case 0x01...0x1A:
            keys.append(.control(Character(Unicode.Scalar(byte + 0x60))))
        case 0x20...0x7E:
            keys.append(.character(Character(Unicode.Scalar(byte))))
        case 0xC2...0xDF:
            state = .utf8([byte], 2)
        case 0xE0...0xEF:
            state = .utf8([byte], 3)
        case 0xF0...0xF4:
            state = .utf8([byte], 4)
        default:
            // NUL, the remaining C0 controls, and bytes that cannot start UTF-8: nothing a View can act on.
            break
        }
    }

    private static func csiKey(final: UInt8, parameters: [UInt8]) -> KeyInput? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .endKey
        case UInt8(ascii: "~"):
            // `ESC [ n ~` or `ESC [ n ; modifiers ~`: the key is the first number.
            let first = parameters.prefix { $0 != UInt8(ascii: ";") }
            switch String(decoding: first, as: UTF8.self) {
            case "1", "7": return .home
            case "4", "8": return .endKey
            case "3": return .delete
            case "5": return .pageUp
            case "6": return .pageDown
            default: return nil
            }
        default:
            return nil
        }
    }

    private static func ss3Key(final: UInt8) -> KeyInput? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .endKey
        default: return nil
        }
    }
}
