import NIOCore
import NIOPosix

/// Where the service's Swift tasks run.
///
/// By default Swift runs tasks on a thread pool of its own, and SwiftNIO does its I/O on its
/// event loops: every request then crosses between the two pools several times (the request
/// head, its body, the response), and each crossing wakes a sleeping thread. Measured with
/// `Scripts/bench_serve.sh`, those wake-ups cost `/v1/render` about a third of its throughput.
/// ``install()`` makes SwiftNIO's event loops the pool that runs Swift tasks, so a request is
/// read, rendered and answered on one thread.
public enum ServiceExecutor {
    /// Installs SwiftNIO's shared event loop group (the one the server listens on) as the
    /// process's executor for Swift tasks. Call it once, from the main thread, before the first
    /// task starts: it changes the whole process, so only `pushloc serve` calls it, never the
    /// library. Blocking work must not run in a task afterwards (it would stall the connections of
    /// that event loop); the service's one slow job, reloading the catalog, runs on a dispatch
    /// queue of its own.
    /// - Returns: whether the event loops now run Swift tasks.
    @discardableResult
    public static func install() -> Bool {
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
    }
}
