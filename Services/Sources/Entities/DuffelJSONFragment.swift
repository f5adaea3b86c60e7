extension DuffelJSON {
    /// A value encoded once and written as those bytes wherever it appears, by an encoder from
    /// ``DuffelJSON/encoder(pretty:)``.
    ///
    /// For a server that writes the same airport, airline or aircraft in many answers: a 250-offer search names the
    /// same few airports about 2,000 times, nearly half of its bytes. Encoding a fragment costs a copy of its bytes.
    ///
    /// The result is exactly what encoding the value itself gives. A pretty-printed encoder, an encoder with other
    /// settings, or a value the fast writer leaves to Foundation encodes the value again instead. The value must
    /// encode the same whatever the encoder's `userInfo` says.
    public struct Fragment: Encodable, Sendable {
        /// The value's compact JSON, `nil` when only Foundation can write it.
        let bytes: [UInt8]?
        private let value: any Encodable & Sendable

        /// Encodes `value` now, compact, as ``DuffelJSON/encoder(pretty:)`` writes it.
        public init<Value: Encodable & Sendable>(_ value: Value) {
            self.value = value
            bytes = DuffelJSONEncoder.fastBytes(value, pretty: false, userInfo: [:])
        }

        /// Encodes the value itself: what an encoder does that cannot copy the bytes.
        public func encode(to encoder: any Encoder) throws {
            try value.encode(to: encoder)
        }
    }
}
