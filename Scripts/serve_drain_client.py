#!/usr/bin/env python3
"""Keep-alive HTTP/1.1 clients that tell a truncated response from an unanswered request.

wrk counts both as one "read error": a connection that closes in the middle of a response, and
one that closes after a complete response, before any byte of the answer to the next request
(a request the server never started; a client may send it again, to another copy). During a
graceful shutdown the second is allowed, the first is not. Each thread here sends requests
over one connection at a time (reconnecting when the server closes it or says
`connection: close`) and counts, until the deadline:

  complete    responses read in full (non2xx and bad_body among them: a status that is not 2xx,
              a body that is not the expected answer lines, all `"ok":true`)
  truncated   connections closed after some but not all bytes of a response
  unanswered  connections closed before any byte of the response
  refused     connection attempts refused (the server no longer listens)

Usage: serve_drain_client.py PORT SECONDS RENDER_BODY BATCH_BODY [--render N] [--batch N]
RENDER_BODY: one JSON request; BATCH_BODY: an NDJSON body for /v1/render:batch. Prints one
`drain: …` line.
"""
import argparse
import socket
import threading
import time

COUNTS = ["complete", "non2xx", "bad_body", "truncated", "unanswered", "refused", "announced_close"]


class Closed(Exception):
    """The connection ended; `received` bytes of the response had arrived."""

    def __init__(self, received):
        super().__init__(received)
        self.received = received


class Reader:
    def __init__(self, sock):
        self.sock, self.data, self.received = sock, b"", 0

    def more(self):
        try:
            chunk = self.sock.recv(1 << 16)
        except OSError:
            chunk = b""
        if not chunk:
            raise Closed(self.received)
        self.data += chunk
        self.received += len(chunk)

    def until(self, marker):
        while marker not in self.data:
            self.more()
        head, self.data = self.data.split(marker, 1)
        return head

    def exactly(self, count):
        while len(self.data) < count:
            self.more()
        taken, self.data = self.data[:count], self.data[count:]
        return taken


def read_response(reader):
    """(status, headers, body) of one whole response."""
    lines = reader.until(b"\r\n\r\n").decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ")[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    if headers.get("transfer-encoding", "").lower() == "chunked":
        body = b""
        while True:
            size = int(reader.until(b"\r\n").split(b";")[0], 16)
            body += reader.exactly(size)
            reader.exactly(2)
            if size == 0:
                break
    else:
        body = reader.exactly(int(headers.get("content-length", "0")))
    return status, headers, body


def client(port, deadline, path, body, check, counts, lock):
    kind = "application/x-ndjson" if path.endswith(":batch") else "application/json"
    request = (
        f"POST {path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: {kind}\r\n"
        f"content-length: {len(body)}\r\n\r\n"
    ).encode() + body
    sock = None
    local = dict.fromkeys(COUNTS, 0)
    while time.time() < deadline:
        if sock is None:
            try:
                sock = socket.create_connection(("127.0.0.1", port), timeout=10)
                reader = Reader(sock)
            except OSError:
                local["refused"] += 1
                sock = None
                time.sleep(0.02)
                continue
        reader.received = len(reader.data)
        try:
            sock.sendall(request)
            status, headers, answer = read_response(reader)
        except (Closed, OSError) as error:
            received = error.received if isinstance(error, Closed) else reader.received
            local["truncated" if received else "unanswered"] += 1
            sock.close()
            sock = None
            continue
        local["complete"] += 1
        if not 200 <= status < 300:
            local["non2xx"] += 1
        elif not check(answer):
            local["bad_body"] += 1
        if headers.get("connection", "").lower() == "close":
            local["announced_close"] += 1
            sock.close()
            sock = None
    if sock is not None:
        sock.close()
    with lock:
        for name in COUNTS:
            counts[name] += local[name]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("port", type=int)
    parser.add_argument("seconds", type=float)
    parser.add_argument("render_body")
    parser.add_argument("batch_body")
    parser.add_argument("--render", type=int, default=8, help="connections sending /v1/render")
    parser.add_argument("--batch", type=int, default=2, help="connections sending /v1/render:batch")
    options = parser.parse_args()
    render = open(options.render_body, "rb").read().strip()
    batch = open(options.batch_body, "rb").read()
    lines = batch.count(b"\n")

    def render_ok(answer):
        return answer.endswith(b"\n") and answer.count(b"\n") == 1 and b'"ok":true' in answer

    def batch_ok(answer):
        return answer.count(b"\n") == lines and answer.count(b'"ok":true') == lines and answer.endswith(b"\n")

    deadline = time.time() + options.seconds
    counts, lock = dict.fromkeys(COUNTS, 0), threading.Lock()
    threads = [
        threading.Thread(target=client, args=(options.port, deadline, path, body, check, counts, lock))
        for path, body, check, number in [
            ("/v1/render", render, render_ok, options.render),
            ("/v1/render:batch", batch, batch_ok, options.batch),
        ]
        for _ in range(number)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    print("drain: " + " ".join(f"{name}={counts[name]}" for name in COUNTS))


if __name__ == "__main__":
    main()
