/// A prepared render's payload buffer, kept between operations as a backend job keeps it.
///
/// Held by pointer: written through a class's stored property, every render would pay for a
/// dynamic exclusivity check that a job's local buffer does not have.
enum KeptPayloadBuffer {
    /// A buffer with room for an APNs payload.
    static func make() -> UnsafeMutablePointer<[UInt8]> {
        let buffer = UnsafeMutablePointer<[UInt8]>.allocate(capacity: 1)
        buffer.initialize(to: [])
        buffer.pointee.reserveCapacity(4096)
        return buffer
    }

    /// Frees a buffer from `make`.
    static func free(_ buffer: UnsafeMutablePointer<[UInt8]>) {
        buffer.deinitialize(count: 1)
        buffer.deallocate()
    }
}
