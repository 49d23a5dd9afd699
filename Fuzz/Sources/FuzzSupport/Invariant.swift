#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Stops the fuzzer when an invariant does not hold: the message goes to standard error and the
/// process aborts, which libFuzzer reports as a crash and saves the input for replay.
/// - Parameters:
///   - condition: the invariant.
///   - message: what was violated, with the values that show it.
public func require(
    _ condition: @autoclosure () -> Bool,
    _ message: @autoclosure () -> String,
    fileID: StaticString = #fileID,
    line: UInt = #line
) {
    guard !condition() else { return }
    fail(message(), fileID: fileID, line: line)
}

/// Stops the fuzzer: an invariant was violated (see `require`).
/// - Parameter message: what was violated.
public func fail(_ message: String, fileID: StaticString = #fileID, line: UInt = #line) -> Never {
    let text = Array("INVARIANT VIOLATED (\(fileID):\(line)): \(message)\n".utf8)
    text.withUnsafeBytes { _ = write(2, $0.baseAddress, $0.count) }
    abort()
}
