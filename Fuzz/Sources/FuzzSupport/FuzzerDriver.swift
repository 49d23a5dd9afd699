import CFuzzerDriver

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs libFuzzer with this process's arguments and `test` as the target, then exits with
/// libFuzzer's status. SwiftPM gives every executable a Swift `main` of its own, so the targets
/// start libFuzzer's driver from there rather than relying on libFuzzer's `main`.
/// - Parameter test: the target: called once per input, returns 0.
public func runFuzzer(_ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, test))
}
