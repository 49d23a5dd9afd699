import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One HTTP/1.1 answer.
struct HTTPReply: Sendable {
    var status: Int
    /// Header names lowercased.
    var headers: [String: String]
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }

    func json() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
            throw LoopbackError(description: "not a JSON object: \(text.prefix(200))")
        }
        return object
    }
}

struct LoopbackError: Error, CustomStringConvertible {
    var description: String
}

/// A plain HTTP/1.1 client over a loopback socket, written for the tests so that they see the
/// exact bytes the server sends (status, headers, body; chunked bodies are decoded). The
/// connection is kept open between requests.
final class LoopbackHTTP: @unchecked Sendable {
    private let descriptor: Int32
    private var buffer: [UInt8] = []

    init(port: Int) throws {
        // The socket is stored only once connected: a throw after every stored property is set
        // would run `deinit`, and its close would then close a descriptor number that another
        // test's socket may already have been given.
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw LoopbackError(description: "socket: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let error = errno
            close(descriptor)
            throw LoopbackError(description: "connect to port \(port): \(error)")
        }
        self.descriptor = descriptor
    }

    deinit {
        shutdown(descriptor, Int32(SHUT_RDWR))
        close(descriptor)
    }

    /// Sends one request and reads its answer.
    func send(
        _ method: String,
        _ path: String,
        headers: [(String, String)] = [],
        body: [UInt8]? = nil
    ) async throws -> HTTPReply {
        try await Blocking.run { try self.sendNow(method, path, headers: headers, body: body) }
    }

    /// Sends `bodies` as pipelined POSTs to `path` on this connection (written by another
    /// thread while this one reads) and returns the answers in order.
    func pipeline(_ path: String, bodies: [[UInt8]]) async throws -> [HTTPReply] {
        try await Blocking.run {
            var requests: [UInt8] = []
            for body in bodies {
                requests += Array(
                    "POST \(path) HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-length: \(body.count)\r\n\r\n".utf8
                )
                requests += body
            }
            try self.writeUnlessAnswered(requests)
            return try bodies.map { _ in try self.readReplyNow() }
        }
    }

    /// Sends a request line and headers (with `content-length` when given).
    func sendHead(_ method: String, _ path: String, headers: [(String, String)] = [], contentLength: Int?) async throws
    {
        try await Blocking.run { try self.sendHeadNow(method, path, headers: headers, contentLength: contentLength) }
    }

    /// Writes raw bytes (part of a body).
    func write(_ bytes: [UInt8]) async throws {
        try await Blocking.run { try self.writeNow(bytes) }
    }

    /// Reads one answer.
    func readReply() async throws -> HTTPReply {
        try await Blocking.run { try self.readReplyNow() }
    }

    private func sendNow(
        _ method: String,
        _ path: String,
        headers: [(String, String)] = [],
        body: [UInt8]? = nil
    ) throws -> HTTPReply {
        try sendHeadNow(method, path, headers: headers, contentLength: body?.count)
        if let body { try writeUnlessAnswered(body) }
        return try readReplyNow()
    }

    private func sendHeadNow(_ method: String, _ path: String, headers: [(String, String)], contentLength: Int?) throws
    {
        var head = "\(method) \(path) HTTP/1.1\r\nhost: 127.0.0.1\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let contentLength { head += "content-length: \(contentLength)\r\n" }
        head += "\r\n"
        try writeNow(Array(head.utf8))
    }

    private func writeNow(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw LoopbackError(description: "send: \(errno)")
            }
            offset += count
        }
    }

    /// Writes a body on a thread of its own while this one reads the answer: the server streams
    /// answers while the body arrives, and may answer early (413) and stop reading. The writer
    /// stops when the connection closes.
    private func writeUnlessAnswered(_ bytes: [UInt8]) throws {
        let descriptor = descriptor
        Thread {
            var offset = 0
            while offset < bytes.count {
                let count = bytes[offset...].withUnsafeBytes {
                    Glibc.send(descriptor, $0.baseAddress, min($0.count, 1 << 20), Int32(MSG_NOSIGNAL))
                }
                if count < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += count
            }
        }.start()
    }

    private func readReplyNow() throws -> HTTPReply {
        let headEnd = try readUntil([13, 10, 13, 10])
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeSubrange(..<(headEnd + 4))
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw LoopbackError(description: "bad status line in \(head)")
        }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces
            )
        }
        var body: [UInt8] = []
        if let length = headers["content-length"].flatMap(Int.init) {
            try fill(length)
            body = Array(buffer[..<length])
            buffer.removeSubrange(..<length)
        } else if headers["transfer-encoding"]?.lowercased() == "chunked" {
            while true {
                let lineEnd = try readUntil([13, 10])
                let sizeText = String(decoding: buffer[..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
                guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else {
                    throw LoopbackError(description: "bad chunk size '\(sizeText)'")
                }
                buffer.removeSubrange(..<(lineEnd + 2))
                if size == 0 {
                    _ = try readUntil([13, 10])
                    buffer.removeSubrange(..<2)
                    break
                }
                try fill(size + 2)
                body += buffer[..<size]
                buffer.removeSubrange(..<(size + 2))
            }
        }
        return HTTPReply(status: status, headers: headers, body: body)
    }

    private func readUntil(_ marker: [UInt8]) throws -> Int {
        var searched = 0
        while true {
            if buffer.count >= marker.count {
                for index in max(0, searched - marker.count)...(buffer.count - marker.count)
                where buffer[index] == marker[0] && Array(buffer[index..<(index + marker.count)]) == marker {
                    return index
                }
                searched = buffer.count
            }
            try receive()
        }
    }

    private func fill(_ count: Int) throws {
        while buffer.count < count { try receive() }
    }

    private func receive() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count < 0, errno == EINTR { return }
        guard count > 0 else { throw LoopbackError(description: "connection closed (\(count), errno \(errno))") }
        buffer += chunk[..<count]
    }
}

/// Runs blocking work (socket I/O, waiting for a child process) on a thread of its own: the
/// service under test answers on Swift's cooperative threads, which a blocked test must not hold.
enum Blocking {
    static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }
}
