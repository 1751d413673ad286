/// SplitMix64: a tiny deterministic generator, so samples and fixtures are the same on every machine.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator.
    /// - Parameter seed: The seed.
    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<upper` (deterministic across platforms, unlike `Int.random(in:using:)`'s algorithm choice).
    /// - Parameter upper: Exclusive upper bound, positive.
    public mutating func below(_ upper: Int) -> Int { Int(next() % UInt64(upper)) }
}
