extension Catalog {
    /// Content mode's locales in payload order for one first tag. What the planned writer reads
    /// for each entry (its JSON key and ordinal) is also held as plain values, so that walking
    /// twenty entries retains nothing.
    // @unchecked Sendable: the buffers are written once in `init` and only read afterwards.
    final class ContentOrder: @unchecked Sendable {
        let locales: [PayloadComposer.ContentLocale]
        /// For reports, by how many entries a payload includes: the tags of those entries, and of
        /// the rest (shared arrays, so that a report copies no tag).
        let includedTags: [[String]]
        let droppedTags: [[String]]
        /// Every entry's JSON key (`"tag":`), one after another; entry `i`'s ends at `keyEnds[i]`.
        private let keyBytes: UnsafeMutableBufferPointer<UInt8>
        private let keyEnds: UnsafeMutableBufferPointer<Int>
        /// Every entry's ordinal (`ContentLocale.ordinal`), -1 for none.
        private let ordinals: UnsafeMutableBufferPointer<Int>

        init(_ locales: [PayloadComposer.ContentLocale]) {
            self.locales = locales
            let tags = locales.map(\.tag)
            includedTags = (0...tags.count).map { Array(tags[..<$0]) }
            droppedTags = (0...tags.count).map { Array(tags[$0...]) }
            let keys = locales.flatMap(\.key)
            keyBytes = .allocate(capacity: keys.count)
            _ = keyBytes.initialize(from: keys)
            keyEnds = .allocate(capacity: locales.count)
            var end = 0
            _ = keyEnds.initialize(
                from: locales.map { locale in
                    end += locale.key.count
                    return end
                }
            )
            ordinals = .allocate(capacity: locales.count)
            _ = ordinals.initialize(from: locales.map { $0.ordinal ?? -1 })
        }

        deinit {
            keyBytes.deallocate()
            keyEnds.deallocate()
            ordinals.deallocate()
        }

        /// The number of entries.
        var count: Int { locales.count }

        /// Entry `index`'s JSON key.
        @inline(__always)
        func key(_ index: Int) -> UnsafeBufferPointer<UInt8> {
            let start = index == 0 ? 0 : keyEnds[index - 1]
            return UnsafeBufferPointer(rebasing: keyBytes[start..<keyEnds[index]])
        }

        /// Entry `index`'s ordinal, or nil.
        @inline(__always)
        func ordinal(_ index: Int) -> Int? {
            ordinals[index] < 0 ? nil : ordinals[index]
        }
    }
}
