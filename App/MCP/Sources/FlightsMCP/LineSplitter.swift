import Foundation

/// Cuts a byte stream into JSON-RPC messages, one per line, in time linear in the bytes: each chunk read is searched
/// for a line's end only in itself, never the whole message again. A line longer than `limit` is never held: its
/// bytes are counted and dropped up to its end, and it comes out as ``Piece/tooLong(prefix:size:)`` with its first
/// bytes, so it can be answered with an error; the next line is a message again.
struct LineSplitter {
    /// What a line came to.
    enum Piece: Equatable {
        /// A whole message (its line, without the line end).
        case message(Data)
        /// A line over the limit, `size` bytes long: its first bytes (to answer it by its id), the rest dropped.
        case tooLong(prefix: Data, size: Int)
    }

    /// The most bytes one message may have.
    let limit: Int
    /// How many of a too long line's first bytes are kept.
    static let prefixKept = 4096

    /// The line read so far, while it is within the limit.
    private var line = Data()
    /// The line read so far is over the limit: its first bytes, and how long it is.
    private var dropping: (prefix: Data, size: Int)?

    init(limit: Int) {
        self.limit = limit
    }

    /// The messages the bytes `chunk` end (none, while a line goes on).
    mutating func feed(_ chunk: Data) -> [Piece] {
        var pieces: [Piece] = []
        var rest = chunk[...]
        while !rest.isEmpty {
            let end = rest.firstIndex(of: UInt8(ascii: "\n"))
            take(rest[rest.startIndex..<(end ?? rest.endIndex)])
            guard let end else { break }
            if let piece = endLine() { pieces.append(piece) }
            rest = rest[rest.index(after: end)...]
        }
        return pieces
    }

    /// The last message, when the input ended without a line end after it.
    mutating func finish() -> Piece? {
        endLine()
    }

    /// Adds `bytes` to the line under way, or counts them when it is over the limit.
    private mutating func take(_ bytes: Data.SubSequence) {
        if var dropped = dropping {
            dropped.size += bytes.count
            if dropped.prefix.count < Self.prefixKept {
                dropped.prefix.append(contentsOf: bytes.prefix(Self.prefixKept - dropped.prefix.count))
            }
            dropping = dropped
        } else if line.count + bytes.count > limit {
            var prefix = line.prefix(Self.prefixKept)
            prefix.append(contentsOf: bytes.prefix(max(0, Self.prefixKept - prefix.count)))
            dropping = (Data(prefix), line.count + bytes.count)
            line = Data()
        } else {
            line.append(contentsOf: bytes)
        }
    }

    /// The line under way ends: a message (none for a blank line), or one too long.
    private mutating func endLine() -> Piece? {
        defer {
            line = Data()
            dropping = nil
        }
        if let dropped = dropping { return .tooLong(prefix: dropped.prefix, size: dropped.size) }
        guard line.contains(where: { !Self.isBlank($0) }) else { return nil }
        return .message(line)
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }
}

extension LineSplitter {
    /// The JSON-RPC error that answers a message of `size` bytes over `limit`, by the id its first bytes carry when
    /// they carry one before its params (`null` otherwise, as JSON-RPC answers a request whose id cannot be read).
    static func refusal(prefix: Data, size: Int, limit: Int) -> Data {
        let error: [String: Any] = [
            "code": -32600,
            "message": "The message is \(size) bytes; flights mcp reads messages of at most \(limit) bytes (\(limit >> 20) MiB). Send the call with shorter arguments.",
            "data": ["size": size, "limit": limit],
        ]
        let id = requestID(in: prefix)
        let head = #"{"jsonrpc":"2.0","id":"# + (id ?? "null") + #","error":"#
        let body = (try? JSONSerialization.data(withJSONObject: error, options: [.sortedKeys])) ?? Data("{}".utf8)
        return Data(head.utf8) + body + Data("}".utf8)
    }

    /// The request's `id` (a number or a string, as JSON text) in the message's first bytes, when it comes before its
    /// `params`, where an id of the request itself stands; `nil` otherwise.
    static func requestID(in prefix: Data) -> String? {
        let text = String(decoding: prefix, as: UTF8.self)
        let head = text.range(of: #""params""#).map { String(text[..<$0.lowerBound]) } ?? text
        guard let match = head.firstMatch(of: #/"id"\s*:\s*(-?[0-9]{1,18}|"(?:[^"\\]|\\.){0,200}")\s*[,}]/#) else {
            return nil
        }
        return String(match.output.1)
    }
}
