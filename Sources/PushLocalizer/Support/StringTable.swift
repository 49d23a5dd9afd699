/// A table from strings to values, built once and then only read, for lookups on the render path
/// (template keys, locale tags): it hashes a key's UTF-8 bytes eight at a time with a
/// multiply-and-rotate mix instead of `Hasher`'s SipHash, which costs more than the rest of a
/// lookup for the short keys a catalog has.
///
/// The table never changes after `init`, so a caller's keys cannot grow its probe sequences:
/// a lookup costs at most the longest run of occupied buckets the catalog's own keys made.
struct StringTable<Value: Sendable>: Sendable {
    private let keys: [String]
    private let values: [Value]
    /// Index into `keys`/`values` per bucket, -1 for an empty bucket; a power-of-two count.
    private let buckets: [Int32]

    /// Builds the table; of two equal keys the last one is kept, as in a dictionary assignment.
    init(_ entries: some Sequence<(key: String, value: Value)>) {
        var keys: [String] = []
        var values: [Value] = []
        var positions: [String: Int] = [:]
        for (key, value) in entries {
            if let position = positions[key] {
                values[position] = value
            } else {
                positions[key] = keys.count
                keys.append(key)
                values.append(value)
            }
        }
        var size = 8
        while size < keys.count * 2 { size *= 2 }
        var buckets = [Int32](repeating: -1, count: size)
        for (index, key) in keys.enumerated() {
            var bucket = Self.hash(key) & (size - 1)
            while buckets[bucket] >= 0 { bucket = (bucket + 1) & (size - 1) }
            buckets[bucket] = Int32(index)
        }
        self.keys = keys
        self.values = values
        self.buckets = buckets
    }

    /// The value for `key`, or nil.
    @inline(__always)
    subscript(key: String) -> Value? {
        let mask = buckets.count - 1
        var bucket = Self.hash(key) & mask
        while true {
            let index = Int(buckets[bucket])
            if index < 0 { return nil }
            if keys[index] == key { return values[index] }
            bucket = (bucket + 1) & mask
        }
    }

    /// Every key, in the order first given.
    var allKeys: [String] { keys }

    /// The number of entries.
    var count: Int { keys.count }

    @inline(__always)
    private static func hash(_ key: String) -> Int {
        if let hash = key.utf8.withContiguousStorageIfAvailable(hash(bytes:)) { return hash }
        return Array(key.utf8).withUnsafeBufferPointer(hash(bytes:))
    }

    @inline(__always)
    private static func hash(bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var state = UInt64(truncatingIfNeeded: bytes.count) &* multiplier
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return Int(truncatingIfNeeded: state >> 1) }
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            state = ((state ^ word) &* multiplier).rotated(by: 29)
            offset += 8
        }
        let rest = bytes.count - offset
        if rest > 0 {
            // The last bytes without a loop: a word ending at the last byte (overlapping bytes
            // already mixed in) when there is one, else two half words or single bytes.
            let word: UInt64
            if bytes.count >= 8 {
                word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self))
            } else if rest >= 4 {
                let low = UInt64(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
                let high = UInt64(
                    UInt32(littleEndian: base.loadUnaligned(fromByteOffset: bytes.count - 4, as: UInt32.self))
                )
                word = low | high << 32
            } else {
                let first = UInt64(base.load(fromByteOffset: offset, as: UInt8.self))
                let middle = UInt64(base.load(fromByteOffset: offset + rest / 2, as: UInt8.self))
                let last = UInt64(base.load(fromByteOffset: bytes.count - 1, as: UInt8.self))
                word = first | middle << 8 | last << 16
            }
            state = ((state ^ word) &* multiplier).rotated(by: 29)
        }
        state ^= state >> 32
        state &*= multiplier
        return Int(truncatingIfNeeded: state >> 1)
    }
}

extension UInt64 {
    @inline(__always)
    fileprivate func rotated(by count: UInt64) -> UInt64 {
        (self << count) | (self >> (64 - count))
    }
}
