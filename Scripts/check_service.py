#!/usr/bin/env python3
"""Checks a running `pushloc serve` from outside, with third-party tools:

1. /metrics parses with the Prometheus text-format parser (PyPI prometheus-client) and holds
   the service's metric families, no name with a dot;
2. docs/openapi.yaml validates as OpenAPI 3.1 (openapi-spec-validator);
3. schemathesis, driven by that document, finds no 5xx answer (bounded number of examples);
4. byte identity with `pushloc batch` over the batch corpus's request lines for the catalog
   (Scripts/batch_corpus_lines.py: hostile text, bad locales, wrong types, every mode; 10,000
   lines by default): the whole corpus as one `/v1/render:batch` body gives `pushloc batch`'s
   output, and each line sent alone to `/v1/render` gives its answer line (200 with the line, or
   a problem+json whose `answer` is the error line, numbered 1, and whose `code` is its code).
   Only `apns-expiration` (now plus the time to live, in seconds) is masked.

Usage: Scripts/check_service.py [--binary PATH] [--catalog DIR] [--max-examples N] [--identity-lines N]
Starts the service itself on a free loopback port and stops it with SIGTERM (exit 0 expected).
Exit 0 when every check passes; prints 'N passed, N failed'.
"""
import argparse
import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Scripts"))
EXPIRATION = re.compile(rb'"apns-expiration":"[0-9]+"')


def start(binary, catalog):
    log = open(os.path.join("/tmp", f"check-service-{os.getpid()}.log"), "w+")
    process = subprocess.Popen(
        [binary, "serve", "--catalog", catalog, "--port", "0"], stdout=log, stderr=subprocess.STDOUT
    )
    deadline = time.time() + 60
    while time.time() < deadline:
        log.seek(0)
        match = re.search(r"listening on http://127\.0\.0\.1:(\d+)", log.read())
        if match:
            return process, int(match.group(1)), log
        if process.poll() is not None:
            break
        time.sleep(0.1)
    process.kill()
    log.seek(0)
    sys.exit(f"pushloc serve did not start:\n{log.read()}")


def check_metrics(base):
    from prometheus_client.parser import text_string_to_metric_families

    urllib.request.urlopen(urllib.request.Request(
        base + "/v1/render", method="POST",
        data=b'{"key":"started_following","locales":["pl"],"args":{"user_name":"Z","user_id":"u"}}'))
    text = urllib.request.urlopen(base + "/metrics").read().decode()
    families = {family.name: family for family in text_string_to_metric_families(text)}
    wanted = ["pushloc_http_requests", "pushloc_http_request_duration_seconds", "pushloc_payload_bytes",
              "pushloc_renders", "pushloc_catalog_info"]
    missing = [name for name in wanted if name not in families]
    dotted = [name for name in families if "." in name]
    samples = sum(len(family.samples) for family in families.values())
    if missing or dotted:
        return f"metrics: missing {missing}, dotted {dotted}"
    print(f"metrics: {len(families)} families, {samples} samples parsed")
    return None


def check_document():
    import yaml
    from openapi_spec_validator import validate

    with open(os.path.join(ROOT, "docs", "openapi.yaml")) as handle:
        validate(yaml.safe_load(handle))
    print("openapi: docs/openapi.yaml is valid OpenAPI 3.1")
    return None


def check_schemathesis(base, max_examples):
    command = [
        sys.executable, "-m", "schemathesis.cli", "run", os.path.join(ROOT, "docs", "openapi.yaml"),
        "--url", base, "--checks", "not_a_server_error", "--max-examples", str(max_examples),
        "--phases", "examples,coverage,fuzzing", "--no-color",
        # schemathesis cannot write NDJSON bodies; /v1/render:batch is covered by the Swift tests.
        "--exclude-operation-id", "renderBatch",
    ]
    # Run from a scratch folder: schemathesis keeps a cache in its working directory.
    with tempfile.TemporaryDirectory() as scratch:
        result = subprocess.run(command, capture_output=True, text=True, timeout=900, cwd=scratch)
    tail = "\n".join(result.stdout.strip().splitlines()[-15:])
    print(tail)
    if result.returncode != 0:
        return f"schemathesis failed (exit {result.returncode}):\n{result.stderr[-2000:]}"
    return None


def batch_answers(binary, catalog, lines):
    """`pushloc batch`'s output lines for `lines`."""
    with tempfile.NamedTemporaryFile("wb", suffix=".jsonl", delete=False) as handle:
        handle.write(b"".join(line + b"\n" for line in lines))
        path = handle.name
    try:
        result = subprocess.run([binary, "batch", "--catalog", catalog, "--input", path], capture_output=True)
    finally:
        os.unlink(path)
    return result.stdout.split(b"\n")[:-1]


def masked(line):
    return EXPIRATION.sub(b'"apns-expiration":"*"', line)


def render_one(connection, line):
    """The answer line `/v1/render` gives for `line`, numbered 1, or a description of what is wrong."""
    connection.request("POST", "/v1/render", body=line, headers={"content-type": "application/json"})
    reply = connection.getresponse()
    body = reply.read()
    if reply.status == 200:
        return body[:-1] if body.endswith(b"\n") else b"200 without a final newline: " + body
    problem = json.loads(body)
    at = body.find(b',"answer":')
    answer = body[at + len(b',"answer":') : -1]
    code = json.loads(answer)["error"]["code"]
    if problem.get("code") != code or problem.get("status") != reply.status:
        return b"problem %d %s for an answer with code %s" % (reply.status, body, code.encode())
    return answer


def post_full_duplex(port, path, body, timeout):
    """POSTs `body` and reads the answer while the body is still being sent, as a streaming client
    must: the service answers lines while the body arrives and holds only a bounded part of either
    direction, so a client that sends a long body before reading (urllib does) can wait forever on
    a server that waits for it to read. Returns the response body (chunked encoding decoded)."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    head = (f"POST {path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/x-ndjson\r\n"
            f"content-length: {len(body)}\r\nconnection: close\r\n\r\n").encode()
    sender = threading.Thread(target=lambda: connection.sendall(head + body), daemon=True)
    sender.start()
    received = []
    while True:
        data = connection.recv(1 << 16)
        if not data:
            break
        received.append(data)
    sender.join(timeout)
    connection.close()
    response = b"".join(received)
    header_end = response.index(b"\r\n\r\n")
    headers, rest = response[:header_end].lower(), response[header_end + 4:]
    if not headers.startswith(b"http/1.1 200"):
        raise RuntimeError(f"{path}: {headers.splitlines()[0].decode()}")
    if b"transfer-encoding: chunked" not in headers:
        return rest
    decoded, at = [], 0
    while True:
        line_end = rest.index(b"\r\n", at)
        size = int(rest[at:line_end].split(b";")[0], 16)
        if size == 0:
            return b"".join(decoded)
        decoded.append(rest[line_end + 2 : line_end + 2 + size])
        at = line_end + 2 + size + 2


def check_identity(base, port, binary, catalog, count):
    from batch_corpus_lines import generate_lines

    start = time.time()
    name = "sample" if os.path.realpath(catalog) == os.path.realpath(ROOT) else os.path.basename(catalog)
    lines = generate_lines(name, catalog, count)
    expected = batch_answers(binary, catalog, lines)
    if len(expected) != len(lines):
        return f"identity: pushloc batch answered {len(expected)} lines for {len(lines)}"
    failures = sum(b'"ok":false' in line for line in expected)
    body = b"".join(line + b"\n" for line in lines)
    streamed = post_full_duplex(port, "/v1/render:batch", body, timeout=600).split(b"\n")
    if streamed[-1] != b"":
        return "identity: the /v1/render:batch answer does not end with a newline"
    streamed.pop()
    differences = [n for n, (got, want) in enumerate(zip(streamed, expected), 1) if masked(got) != masked(want)]
    if len(streamed) != len(expected) or differences:
        return f"identity: /v1/render:batch gave {len(streamed)} lines, differing at lines {differences[:5]}"
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    singles = []
    for number, (line, want) in enumerate(zip(lines, expected), 1):
        want = want.replace(b',"line":%d,"ok":false' % number, b',"line":1,"ok":false')
        if masked(render_one(connection, line)) != masked(want):
            singles.append(number)
    connection.close()
    if singles:
        return f"identity: /v1/render differs from pushloc batch at {len(singles)} lines, first {singles[:5]}"
    print(f"identity: {len(lines)} corpus lines ({failures} error answers) byte-identical to pushloc batch, "
          f"as one /v1/render:batch body and one /v1/render request each ({time.time() - start:.0f} s)")
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "debug", "pushloc"))
    parser.add_argument("--catalog", default=ROOT)
    parser.add_argument("--max-examples", type=int, default=50)
    parser.add_argument("--identity-lines", type=int, default=10000)
    options = parser.parse_args()
    process, port, log = start(options.binary, options.catalog)
    base = f"http://127.0.0.1:{port}"
    failures = []
    passed = 0
    try:
        for name, check in [("metrics", lambda: check_metrics(base)), ("openapi", check_document),
                            ("schemathesis", lambda: check_schemathesis(base, options.max_examples)),
                            ("identity", lambda: check_identity(base, port, options.binary, options.catalog,
                                                                options.identity_lines))]:
            try:
                problem = check()
            except Exception as error:  # a check that cannot run is a failed check
                problem = f"{name}: {error!r}"
            if problem:
                failures.append(problem)
                print(f"FAIL {name}: {problem}")
            else:
                passed += 1
        log.seek(0)
        served = log.read()
        if re.search(r"status=5\d\d", served):
            failures.append("the service logged a 5xx answer")
    finally:
        process.send_signal(signal.SIGTERM)
        code = process.wait(timeout=30)
        if code != 0:
            failures.append(f"pushloc serve exited {code} after SIGTERM")
    print(f"check_service: {passed} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
