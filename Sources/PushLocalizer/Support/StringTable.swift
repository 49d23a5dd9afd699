/// A table from strings to values, built once and then only read, for lookups on the render path
/// (template keys, locale tags): it hashes a key's UTF-8 bytes eight at a time with a
/// multiply-and-rotate mix instead of `Hasher`'s SipHash, which costs more than the rest of a
/// lookup for the short keys a catalog has.
///
/// The table never changes after `init`, so a caller's keys cannot grow its probe sequences:
/// a lookup costs at most the longest run of occupied buckets the catalog's own keys made.
///
/// Keys match as they do in a `Dictionary`: by Unicode canonical equivalence (`"\u{212A}"`, KELVIN
/// SIGN, finds `"K"`). Hashing bytes is only sound where equal means byte-equal, so only ASCII
/// keys go through the buckets; a key with any other byte (and an ASCII key missing from the
/// buckets, when the table holds non-ASCII keys) is looked up in a dictionary.
///
/// The table's arrays live in one object: a lookup then holds one reference, not one per array
/// (a table copied out of a catalog retained and released five of them on every lookup).
struct StringTable<Value: Sendable>: Sendable {
    private final class Storage: Sendable {
        let keys: [String]
        let values: [Value]
        /// Each ASCII key's hash (0 for another key): compared before the keys themselves, so that
        /// a probe past another key costs no string comparison.
        let hashes: [Int]
        /// Index into `keys`/`values` per bucket for the ASCII keys, -1 for an empty bucket; a
        /// power-of-two count.
        let buckets: [Int32]
        /// Every key's index, with `String`'s own hashing and equality.
        let positions: [String: Int]
        /// Whether some key is not ASCII (it could equal an ASCII spelling only canonically).
        let hasOtherKeys: Bool

        init(
            keys: [String],
            values: [Value],
            hashes: [Int],
            buckets: [Int32],
            positions: [String: Int],
            hasOtherKeys: Bool
        ) {
            self.keys = keys
            self.values = values
            self.hashes = hashes
            self.buckets = buckets
            self.positions = positions
            self.hasOtherKeys = hasOtherKeys
        }

        @inline(__always)
        func value(for key: String) -> Value? {
            let (hash, isASCII) = StringTable.hash(key)
            guard isASCII else { return positions[key].map { values[$0] } }
            let mask = buckets.count - 1
            var bucket = hash & mask
            while true {
                let index = Int(buckets[bucket])
                if index < 0 { return hasOtherKeys ? positions[key].map { values[$0] } : nil }
                if hashes[index] == hash, keys[index] == key { return values[index] }
                bucket = (bucket + 1) & mask
            }
        }
    }

    private let storage: Storage

    /// Builds the table; of two equal keys the last one is kept, as in a dictionary assignment.
    init(_ entries: some Sequence<(key: String, value: Value)>) {
        var keys: [String] = []
        var values: [Value] = []
        var positions: [String: Int] = [:]
        for (given, value) in entries {
            // Spelled anew, so that a short key is a small string, as most keys looked up are,
            // and comparing the two is comparing their bits.
            let key = String(decoding: Array(given.utf8), as: UTF8.self)
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
        var hasOtherKeys = false
        var hashes = [Int](repeating: 0, count: keys.count)
        for (index, key) in keys.enumerated() {
            let (hash, isASCII) = Self.hash(key)
            guard isASCII else {
                hasOtherKeys = true
                continue
            }
            hashes[index] = hash
            var bucket = hash & (size - 1)
            while buckets[bucket] >= 0 { bucket = (bucket + 1) & (size - 1) }
            buckets[bucket] = Int32(index)
        }
        storage = Storage(
            keys: keys,
            values: values,
            hashes: hashes,
            buckets: buckets,
            positions: positions,
            hasOtherKeys: hasOtherKeys
        )
    }

    /// The value for `key`, or nil.
    @inline(__always)
    subscript(key: String) -> Value? {
        storage.value(for: key)
    }

    /// Every key, in the order first given.
    var allKeys: [String] { storage.keys }

    /// The number of entries.
    var count: Int { storage.keys.count }

    /// The hash of `key`'s UTF-8 bytes, and whether they are all ASCII.
    @inline(__always)
    fileprivate static func hash(_ key: String) -> (hash: Int, isASCII: Bool) {
        if let hash = key.utf8.withContiguousStorageIfAvailable(hash(bytes:)) { return hash }
        return Array(key.utf8).withUnsafeBufferPointer(hash(bytes:))
    }

    @inline(__always)
    private static func hash(bytes: UnsafeBufferPointer<UInt8>) -> (hash: Int, isASCII: Bool) {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var state = UInt64(truncatingIfNeeded: bytes.count) &* multiplier
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return (Int(truncatingIfNeeded: state >> 1), true) }
        // The high bits of every byte, or-ed together: zero exactly when all bytes are ASCII.
        var high: UInt64 = 0
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            high |= word
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
            high |= word
            state = ((state ^ word) &* multiplier).rotated(by: 29)
        }
        state ^= state >> 32
        state &*= multiplier
        return (Int(truncatingIfNeeded: state >> 1), high & 0x8080_8080_8080_8080 == 0)
    }
}

extension UInt64 {
    @inline(__always)
    fileprivate func rotated(by count: UInt64) -> UInt64 {
        (self << count) | (self >> (64 - count))
    }
}
