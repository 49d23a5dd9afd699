import Foundation
import Hummingbird
import PushLocalizer

/// The request context of the service: Hummingbird's core storage, the catalog the request is
/// served from (taken once, so that a reload in the middle of a request changes nothing it sees),
/// and the notes a handler leaves for the access log.
public struct ServiceRequestContext: RequestContext {
    /// Hummingbird's per-request storage.
    public var coreContext: CoreRequestContextStorage
    /// The catalog this request is served from; set by ``RequestObservationMiddleware``.
    public var catalog: LoadedCatalog?
    /// The request id (`x-request-id`, echoed when the client sent one).
    public var requestID = ""
    /// What the handler learned, for the log line and the metrics.
    public let notes = RequestNotes()

    /// Creates a context for a request from Hummingbird's source.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }

    /// Bodies are read by the handlers themselves, each with its own limit.
    public var maxUploadSize: Int { ServiceLimits.renderBodyBytes }
}

/// What a handler learned about its request, for the access log: the template key (never an
/// argument value: those are user data).
public final class RequestNotes: @unchecked Sendable {
    private let lock = NSLock()
    private var storedKey: String?

    /// The template key the request named, if any.
    public var templateKey: String? {
        get { lock.withLock { storedKey } }
        set { lock.withLock { storedKey = newValue } }
    }
}

/// The service's size limits.
public enum ServiceLimits {
    /// The largest `/v1/render` body (1 MiB).
    public static let renderBodyBytes = 1 << 20
    /// The longest `/v1/render:batch` line: `pushloc batch`'s own limit, 4 MiB (longer lines
    /// are answered in-stream with `line-too-long`).
    public static let batchLineBytes = BatchRunner.defaultMaximumLineBytes
}
