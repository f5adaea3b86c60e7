/// FNV-1a, 64-bit: a stable hash (Swift's `Hasher` is seeded per process, and every derived value here must be
/// the same in every process that reads the same id).
struct StableHash: Sendable {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    init() {}

    mutating func combine(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        // A separator byte, so ("ab", "c") and ("a", "bc") differ.
        value ^= 0xff
        value = value &* 0x0000_0100_0000_01b3
    }

    mutating func combine(_ text: String) { combine(text.utf8) }

    mutating func combine(_ number: Int) {
        combine(withUnsafeBytes(of: UInt64(bitPattern: Int64(number)).littleEndian, Array.init))
    }

    /// The hash of `parts`, finalised through SplitMix so nearby inputs give unrelated outputs.
    static func of(_ parts: String...) -> UInt64 {
        var hash = StableHash()
        for part in parts { hash.combine(part) }
        return SplitMix64.mix(hash.value)
    }
}

/// SplitMix64: a small, fast generator whose whole state is one `UInt64`, so a stream is fully determined by
/// its seed on every platform.
struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state = state &+ 0x9e37_79b9_7f4a_7c15
        return SplitMix64.mix(state)
    }

    static func mix(_ input: UInt64) -> UInt64 {
        var z = input
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// A number in `range`, the same for the same stream on every platform (the standard library's
    /// `Int.random(in:using:)` makes no promise about how it consumes the generator across versions).
    mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next() % span)
    }

    /// A fraction in `0..<1` with 53 bits of precision.
    mutating func unit() -> Double {
        Double(next() >> 11) / Double(UInt64(1) << 53)
    }

    /// `true` with probability `probability`.
    mutating func chance(_ probability: Double) -> Bool { unit() < probability }

    /// One element of a non-empty array.
    mutating func pick<T>(_ items: [T]) -> T? {
        guard !items.isEmpty else { return nil }
        return items[int(in: 0...(items.count - 1))]
    }
}
