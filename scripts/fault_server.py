#!/usr/bin/env python3
"""A fault-injection HTTP server for EndpointKit's resilience tests (Python 3 standard library only).

    python3 scripts/fault_server.py --port PORT [--exit-with-parent]

127.0.0.1 only; HTTP/1.1 keep-alive (every response has a Content-Length unless a fault breaks it
on purpose); no logging; stops on SIGTERM. State is per KEY (a path segment, one per test), under
a lock. Bodies are JSON (Content-Type: application/json). Anything else is 404, a bad parameter 400.

GET  /health                200 {"ok": true}
ANY  /flaky/KEY?failures=N&status=503[&retry_after=S|&retry_after_date=S]
                            the first N (default 1) requests for KEY answer `status` (default 503)
                            {"error": "flaky", "attempt": k}, with Retry-After: S, or an IMF-fixdate
                            S seconds from now, if asked; later ones 200 {"attempts": k,
                            "method": "...", "body": "<request body as text>"}
GET  /attempts/KEY          200 {"attempts": k}: requests to /flaky/KEY, /drop/KEY, /auth/KEY/...
GET  /drop/KEY?size=N[&failures=M]
                            200, Content-Length: N, about N/2 bytes of a JSON array, then the
                            connection is shut down; with `failures`, only the first M are cut
GET  /huge?size=N           200 with N bytes (N >= 2): a JSON array of zeros padded with spaces,
                            streamed in 64 KiB chunks
GET  /slow-body?chunks=N&interval=S
                            200 with Content-Length: [0,1,...,N-1] in N chunks S seconds apart
POST /auth/KEY/refresh[?delay=S]
                            after S seconds (default 0.2, so concurrent callers overlap) increments
                            KEY's generation g: 200 {"token": "token-g"}
GET  /auth/KEY/resource     200 {"ok": true, "token": "token-g"} for `Authorization: Bearer token-g`
                            with the current g >= 1; else 401, WWW-Authenticate: Bearer
                            error="invalid_token", {"message": "Bad credentials"}
GET  /auth/KEY/stats        200 {"refreshes": g, "resource_requests": n, "unauthorized": m}
GET  /redirect-to?url=U[&status=S]   S (default 302) with Location: U
GET  /echo-headers          200 with the request headers as a JSON object (repeats joined by ", ")
"""

import argparse
import email.utils
import json
import os
import signal
import socket
import sys
import threading
import time
from collections import defaultdict
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

LOCK = threading.Lock()
ATTEMPTS = defaultdict(int)  # key -> requests seen by /flaky, /drop and /auth
AUTH = defaultdict(lambda: {"refreshes": 0, "resource_requests": 0, "unauthorized": 0})


class BadRequest(Exception):
    pass


def count_attempt(key):
    with LOCK:
        ATTEMPTS[key] += 1
        return ATTEMPTS[key]


class FaultHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "FaultServer/1.0"

    def log_message(self, format, *args):  # quiet
        pass

    def __getattr__(self, name):  # do_GET, do_POST, do_PROPFIND...: every method is routed
        if name.startswith("do_"):
            return self.route
        raise AttributeError(name)

    def route(self):
        url = urlsplit(self.path)
        self.query = {name: values[-1] for name, values in parse_qs(url.query, keep_blank_values=True).items()}
        self.body = self.read_body()
        parts = [part for part in url.path.split("/") if part]
        try:
            if parts == ["health"]:
                self.send_json(200, {"ok": True})
            elif len(parts) == 2 and parts[0] == "flaky":
                self.flaky(parts[1])
            elif len(parts) == 2 and parts[0] == "attempts" and self.command == "GET":
                with LOCK:
                    attempts = ATTEMPTS[parts[1]]
                self.send_json(200, {"attempts": attempts})
            elif len(parts) == 2 and parts[0] == "drop" and self.command == "GET":
                self.drop(parts[1])
            elif parts == ["huge"] and self.command == "GET":
                self.huge(self.number("size", int, 1024))
            elif parts == ["slow-body"] and self.command == "GET":
                self.slow_body(self.number("chunks", int, 3), self.number("interval", float, 0.5))
            elif len(parts) == 3 and parts[0] == "auth":
                self.auth(parts[1], parts[2])
            elif parts == ["redirect-to"] and "url" in self.query:
                status = self.number("status", int, 302)
                self.send_json(status, {"redirect": self.query["url"]}, {"Location": self.query["url"]})
            elif parts == ["echo-headers"]:
                headers = {}
                for name, value in self.headers.items():
                    headers[name] = headers[name] + ", " + value if name in headers else value
                self.send_json(200, headers)
            else:
                self.send_json(404, {"error": "not found", "path": url.path})
        except BadRequest as error:
            self.send_json(400, {"error": str(error)})
        except ConnectionError:
            self.close_connection = True  # the client went away: nothing to answer

    # Endpoints

    def flaky(self, key):
        attempt = count_attempt(key)
        failures = self.number("failures", int, 1)
        if attempt > failures:
            text = self.body.decode("utf-8", errors="replace")
            return self.send_json(200, {"attempts": attempt, "method": self.command, "body": text})
        headers = {}
        if "retry_after" in self.query:
            headers["Retry-After"] = self.query["retry_after"]
        elif "retry_after_date" in self.query:
            moment = time.time() + self.number("retry_after_date", float, 0)
            headers["Retry-After"] = email.utils.formatdate(moment, usegmt=True)
        self.send_json(self.number("status", int, 503), {"error": "flaky", "attempt": attempt}, headers)

    def drop(self, key):
        attempt = count_attempt(key)
        size = self.number("size", int, 1024)
        if size < 2:
            raise BadRequest("size must be at least 2")
        if "failures" in self.query and attempt > self.number("failures", int, 0):
            return self.huge(size)
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(size))
        self.end_headers()
        self.wfile.write(("[" + "0," * (size // 4))[: size // 2].encode())
        self.wfile.flush()
        self.connection.shutdown(socket.SHUT_RDWR)  # mid-body: fewer bytes than announced
        self.close_connection = True

    def huge(self, size):
        if size < 2:
            raise BadRequest("size must be at least 2")
        count = max(0, (min(size, 1 << 20) - 1) // 2)  # "[0,0,...,0]" is 2 * count + 1 bytes
        head = ("[" + ",".join(["0"] * count) + "]").encode() if count else b"[]"
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(size))
        self.end_headers()
        if self.command == "HEAD":
            return
        self.wfile.write(head)
        remaining, spaces = size - len(head), b" " * 65536
        while remaining > 0:
            self.wfile.write(spaces[:remaining])
            remaining -= len(spaces)

    def slow_body(self, chunks, interval):
        pieces = [("[" if i == 0 else ",") + str(i) + ("]" if i == chunks - 1 else "") for i in range(chunks)]
        pieces = [piece.encode() for piece in pieces] or [b"[]"]
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(sum(map(len, pieces))))
        self.end_headers()
        for index, piece in enumerate(pieces):
            if index:
                time.sleep(interval)
            self.wfile.write(piece)
            self.wfile.flush()

    def auth(self, key, action):
        if action == "refresh" and self.command == "POST":
            count_attempt(key)
            time.sleep(self.number("delay", float, 0.2))
            with LOCK:
                AUTH[key]["refreshes"] += 1
                generation = AUTH[key]["refreshes"]
            self.send_json(200, {"token": f"token-{generation}"})
        elif action == "resource" and self.command == "GET":
            count_attempt(key)
            with LOCK:
                state = AUTH[key]
                state["resource_requests"] += 1
                token = f"token-{state['refreshes']}"
                valid = state["refreshes"] >= 1 and self.headers.get("Authorization") == f"Bearer {token}"
                if not valid:
                    state["unauthorized"] += 1
            if valid:
                self.send_json(200, {"ok": True, "token": token})
            else:
                challenge = {"WWW-Authenticate": 'Bearer error="invalid_token"'}
                self.send_json(401, {"message": "Bad credentials"}, challenge)
        elif action == "stats" and self.command == "GET":
            with LOCK:
                stats = dict(AUTH[key])
            self.send_json(200, stats)
        else:
            self.send_json(404, {"error": "not found", "path": self.path})

    # Helpers

    def read_body(self):
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            body = b""
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):  # trailers
                        pass
                    return body
                body += self.rfile.read(size)
                self.rfile.readline()
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def number(self, name, kind, default):
        try:
            value = kind(self.query[name]) if name in self.query else default
        except ValueError:
            raise BadRequest(f"{name} must be a number, not {self.query[name]!r}") from None
        if value < 0:
            raise BadRequest(f"{name} must not be negative")
        return value

    def send_json(self, status, payload, headers=None):
        body = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


class FaultServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a client that hangs up is no error
            super().handle_error(request, client_address)


def main():
    parser = argparse.ArgumentParser(description="EndpointKit's fault-injection HTTP server (127.0.0.1 only).")
    parser.add_argument("--port", type=int, required=True, help="the port to listen on; 0 picks a free one")
    parser.add_argument("--exit-with-parent", action="store_true", help="stop when the process that started it ends")
    arguments = parser.parse_args()

    server = FaultServer(("127.0.0.1", arguments.port), FaultHandler)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    if arguments.exit_with_parent:
        parent = os.getppid()

        def watch_parent():
            while os.getppid() == parent:
                time.sleep(1)
            os.kill(os.getpid(), signal.SIGTERM)

        threading.Thread(target=watch_parent, daemon=True).start()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
