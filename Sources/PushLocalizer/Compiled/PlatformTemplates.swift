import Foundation

/// A catalog's templates compiled for the payload shapes other than APNs (`FCMShape`,
/// `FCMContentShape`, `WebPushShape`), each table made, with its plans, the first time a render
/// asks for it: a catalog that only ever renders APNs pays nothing for them at load.
final class PlatformTemplates: @unchecked Sendable {
    /// The shapes, by index into `tables`.
    enum Variant: Int, CaseIterable {
        case fcm, fcmContent, webPush

        var shape: any PayloadShape {
            switch self {
            case .fcm: FCMShape()
            case .fcmContent: FCMContentShape()
            case .webPush: WebPushShape()
            }
        }
    }

    private let make: @Sendable (any PayloadShape) -> StringTable<CompiledTemplate>
    /// Guards `tables`: each is written once, under the lock, and only read after that.
    private let lock = NSLock()
    private var tables: [StringTable<CompiledTemplate>?] = Array(repeating: nil, count: Variant.allCases.count)

    /// - Parameter make: compiles every template for a shape (run once per shape).
    init(make: @escaping @Sendable (any PayloadShape) -> StringTable<CompiledTemplate>) {
        self.make = make
    }

    /// The templates for `variant`'s shape.
    func templates(_ variant: Variant) -> StringTable<CompiledTemplate> {
        lock.lock()
        defer { lock.unlock() }
        if let table = tables[variant.rawValue] { return table }
        let table = make(variant.shape)
        tables[variant.rawValue] = table
        return table
    }
}
