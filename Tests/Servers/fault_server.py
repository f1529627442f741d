#!/usr/bin/env python3
"""A fault-injection HTTP server for EndpointKit's resilience tests (Python 3 standard library only).

    python3 Tests/Servers/fault_server.py --port PORT [--exit-with-parent]

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
GET  /drop/KEY?size=N[&failures=M][&before_head=1]
                            200, Content-Length: N, about N/2 bytes of a JSON array, then the
                            connection is shut down; with `failures`, only the first M are cut;
                            with before_head=1, the request is read and the connection shut down
                            before any of the response (also POST and PUT, body read first)
GET  /huge?size=N           200 with N bytes (N >= 2): a JSON array of zeros padded with spaces,
                            streamed in 64 KiB chunks (also POST and PUT, body read first)
GET  /slow-body?chunks=N&interval=S
                            200 with Content-Length: [0,1,...,N-1] in N chunks S seconds apart
                            (also POST and PUT, body read first)
POST /auth/KEY/refresh[?delay=S]
                            after S seconds (default 0.2, so concurrent callers overlap) increments
                            KEY's generation g: 200 {"token": "token-g"}
GET  /auth/KEY/resource     200 {"ok": true, "token": "token-g"} for `Authorization: Bearer token-g`
                            with the current g >= 1; else 401, WWW-Authenticate: Bearer
                            error="invalid_token", {"message": "Bad credentials"}
GET  /auth/KEY/stats        200 {"refreshes": g, "resource_requests": n, "unauthorized": m}
GET  /redirect-to?url=U[&status=S]   S (default 302) with Location: U
GET  /echo-headers          200 with the request headers as a JSON object (repeats joined by ", ")
POST /upload                reads the body in 64 KiB pieces without keeping it (Content-Length or
                            chunked): 200 {"bytes": n, "sha256": hex, "content_length": header or
                            null, "chunked": bool, "parts": [...]}; for a multipart/form-data body,
                            "parts" lists each part's {"headers", "name", "filename", "bytes",
                            "sha256"}, parsed as the bytes stream by
GET  /download?size=N[&chunked=1][&interval=S]
                            200 with N bytes (byte i is i % 251), application/octet-stream, in
                            64 KiB pieces S seconds apart (default 0); Content-Length unless
                            chunked=1 (then chunked encoding)
"""

import email.utils
import hashlib
import socket
import threading
import time
from collections import defaultdict
from urllib.parse import parse_qs, urlsplit

from local_server import JSONRequestHandler, serve

SENDING_METHODS = ("GET", "POST", "PUT")  # those /drop, /huge and /slow-body answer
LOCK = threading.Lock()
ATTEMPTS = defaultdict(int)  # key -> requests seen by /flaky, /drop and /auth
AUTH = defaultdict(lambda: {"refreshes": 0, "resource_requests": 0, "unauthorized": 0})


class BadRequest(Exception):
    pass


def count_attempt(key):
    with LOCK:
        ATTEMPTS[key] += 1
        return ATTEMPTS[key]


class FaultHandler(JSONRequestHandler):  # every method goes to `route`
    server_version = "FaultServer/1.0"

    def route(self):
        url = urlsplit(self.path)
        self.query = {name: values[-1] for name, values in parse_qs(url.query, keep_blank_values=True).items()}
        parts = [part for part in url.path.split("/") if part]
        if parts == ["upload"] and self.command == "POST":
            return self.upload()  # streams the body itself
        self.body = self.read_body()
        try:
            if parts == ["health"]:
                self.send_json(200, {"ok": True})
            elif len(parts) == 2 and parts[0] == "flaky":
                self.flaky(parts[1])
            elif len(parts) == 2 and parts[0] == "attempts" and self.command == "GET":
                with LOCK:
                    attempts = ATTEMPTS[parts[1]]
                self.send_json(200, {"attempts": attempts})
            elif len(parts) == 2 and parts[0] == "drop" and self.command in SENDING_METHODS:
                self.drop(parts[1])
            elif parts == ["huge"] and self.command in SENDING_METHODS:
                self.huge(self.number("size", int, 1024))
            elif parts == ["slow-body"] and self.command in SENDING_METHODS:
                self.slow_body(self.number("chunks", int, 3), self.number("interval", float, 0.5))
            elif len(parts) == 3 and parts[0] == "auth":
                self.auth(parts[1], parts[2])
            elif parts == ["redirect-to"] and "url" in self.query:
                status = self.number("status", int, 302)
                self.send_json(status, {"redirect": self.query["url"]}, {"Location": self.query["url"]})
            elif parts == ["download"] and self.command == "GET":
                self.download(self.number("size", int, 1024), self.query.get("chunked") == "1",
                              self.number("interval", float, 0))
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
        if self.query.get("before_head") == "1":
            self.connection.shutdown(socket.SHUT_RDWR)  # the request read, nothing answered
            self.close_connection = True
            return
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

    def upload(self):
        total, digest = 0, hashlib.sha256()
        boundary = multipart_boundary(self.headers.get("Content-Type", ""))
        parser = MultipartParser(boundary) if boundary else None
        chunked = "chunked" in self.headers.get("Transfer-Encoding", "").lower()
        for piece in self.body_pieces(chunked):
            total += len(piece)
            digest.update(piece)
            if parser:
                parser.feed(piece)
        self.send_json(200, {
            "bytes": total, "sha256": digest.hexdigest(), "content_length": self.headers.get("Content-Length"),
            "chunked": chunked, "parts": parser.finish() if parser else [],
        })

    def download(self, size, chunked, interval):
        pattern = bytes(i % 251 for i in range(251 * 261))  # 65,511 bytes, a whole number of periods
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Transfer-Encoding" if chunked else "Content-Length", "chunked" if chunked else str(size))
        self.end_headers()
        remaining = size
        while remaining > 0:
            piece = pattern[: min(remaining, len(pattern))]
            self.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece) if chunked else piece)
            remaining -= len(piece)
            if interval and remaining > 0:
                self.wfile.flush()
                time.sleep(interval)
        if chunked:
            self.wfile.write(b"0\r\n\r\n")

    # Helpers

    def body_pieces(self, chunked, size=65536):
        if chunked:
            while True:
                length = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if length == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):  # trailers
                        pass
                    return
                while length > 0:
                    piece = self.rfile.read(min(length, size))
                    if not piece:
                        return
                    length -= len(piece)
                    yield piece
                self.rfile.readline()
        remaining = int(self.headers.get("Content-Length") or 0)
        while remaining > 0:
            piece = self.rfile.read(min(remaining, size))
            if not piece:
                return
            remaining -= len(piece)
            yield piece

    def number(self, name, kind, default):
        try:
            value = kind(self.query[name]) if name in self.query else default
        except ValueError:
            raise BadRequest(f"{name} must be a number, not {self.query[name]!r}") from None
        if value < 0:
            raise BadRequest(f"{name} must not be negative")
        return value


def multipart_boundary(content_type):
    media_type, _, parameters = content_type.partition(";")
    if media_type.strip().lower() != "multipart/form-data":
        return None
    for parameter in parameters.split(";"):
        name, _, value = parameter.strip().partition("=")
        if name.lower() == "boundary":
            return value.strip('"').encode()
    return None


class MultipartParser:
    """Splits a multipart/form-data stream into parts as it arrives, keeping only each part's
    headers, size and SHA-256 (and a small tail of the stream for delimiters spanning pieces)."""

    def __init__(self, boundary):
        self.delimiter = b"\r\n--" + boundary
        self.buffer = b"\r\n"  # the first delimiter has no CRLF before it
        self.parts, self.current, self.done = [], None, False

    def feed(self, data):
        self.buffer += data
        while not self.done:
            if self.current is None:  # before a part: find a delimiter, then the part's headers
                start = self.buffer.find(self.delimiter)
                end = self.buffer.find(b"\r\n\r\n", start + len(self.delimiter)) if start >= 0 else -1
                if start < 0 or end < 0:
                    if start >= 0 and self.buffer[start + len(self.delimiter):][:2] == b"--":
                        self.done = True
                    return
                head = self.buffer[start + len(self.delimiter):end]
                if head.startswith(b"--"):
                    self.done = True
                    return
                self.current = self.start_part(head)
                self.buffer = self.buffer[end + 4:]
            else:  # inside a part: everything before the next delimiter is content
                index = self.buffer.find(self.delimiter)
                if index < 0:
                    keep = len(self.delimiter)
                    self.add(self.buffer[:-keep])
                    self.buffer = self.buffer[-keep:]
                    return
                self.add(self.buffer[:index])
                self.parts.append(self.close(self.current))
                self.current = None
                self.buffer = self.buffer[index:]

    def start_part(self, head):
        headers = {}
        for line in head.split(b"\r\n"):
            if b":" in line:
                name, _, value = line.partition(b":")
                headers[name.decode("latin-1").strip().lower()] = value.decode("utf-8", "replace").strip()
        disposition = headers.get("content-disposition", "")
        part = {"headers": headers, "name": None, "filename": None, "bytes": 0, "digest": hashlib.sha256()}
        for parameter in split_parameters(disposition)[1:]:
            name, _, value = parameter.partition("=")
            if name.strip().lower() in ("name", "filename"):
                # Browsers (and the WHATWG form encoding) percent-encode `"`, CR and LF in names.
                text = unquote(value.strip())
                for escape, character in (("%22", '"'), ("%0D", "\r"), ("%0A", "\n")):
                    text = text.replace(escape, character).replace(escape.lower(), character)
                part[name.strip().lower()] = text
        return part

    def add(self, data):
        self.current["bytes"] += len(data)
        self.current["digest"].update(data)

    @staticmethod
    def close(part):
        part = dict(part)
        part["sha256"] = part.pop("digest").hexdigest()
        return part

    def finish(self):
        return self.parts


def split_parameters(value):
    """Splits a header value at semicolons outside quoted strings."""
    pieces, current, quoted, escaped = [], "", False, False
    for character in value:
        if escaped:
            current, escaped = current + character, False
        elif character == "\\" and quoted:
            current, escaped = current + character, True
        elif character == '"':
            current, quoted = current + character, not quoted
        elif character == ";" and not quoted:
            pieces, current = pieces + [current], ""
        else:
            current += character
    return pieces + [current]


def unquote(value):
    """A quoted-string's content, backslash escapes resolved; a token as it is."""
    if len(value) < 2 or value[0] != '"' or value[-1] != '"':
        return value
    result, characters = [], iter(value[1:-1])
    for character in characters:
        result.append(next(characters, "") if character == "\\" else character)
    return "".join(result)


def main():
    serve(FaultHandler, "EndpointKit's fault-injection HTTP server (127.0.0.1 only).")


if __name__ == "__main__":
    main()
