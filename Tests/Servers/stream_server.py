#!/usr/bin/env python3
"""A streaming HTTP server for EndpointKit's streaming tests (Python 3 standard library only).

    python3 Tests/Servers/stream_server.py --port PORT [--exit-with-parent]

127.0.0.1 only; HTTP/1.1 keep-alive; no logging; stops on SIGTERM. State is per KEY (a path
segment, one per test), under a lock. Streams have no Content-Length: they are sent with
Transfer-Encoding: chunked, one chunk per write, flushed at once, and end with the zero chunk,
except where a route "drops": it sends what it has as a chunk, then shuts the socket down without
the zero chunk, and /batches, which can end a stream in each way an HTTP/1.1 body ends. Streams are Content-Type: text/event-stream (unless noted) and Cache-Control:
no-cache; other bodies are JSON with a Content-Length. Anything else is 404; a bad parameter, an
unknown query parameter or a Last-Event-ID that is not a whole number is 400. MS are milliseconds;
count=N defaults to 10 (1000 for /flood).

An event below is `id: i\\ndata: {"index": i, "text": "event i"}\\n\\n`. /events, /auth, /then-204
and /forever start at event L+1 when the request has Last-Event-ID: L (an integer), at 1
otherwise. /events and /auth take these options (/then-204 all but the last): retry=MS writes
`retry: MS\\n\\n` first; interval=MS sleeps between events (default 0); bom=1 begins the stream
with the UTF-8 BOM (before retry); comment_every=J writes `: keep-alive\\n` after every J-th event
of the connection (the last one too); drop_after=K&drops=D: on each of the first D (default 1)
streams of this route for this KEY (for /auth: authorized ones), once the connection has sent K
events (0: none), it writes the partial event `id: x\\ndata: {"index": ` (x: the next id; no blank
line follows) and drops. A connection with fewer than K events to send ends as usual. A
connection to /events or /auth whose Last-Event-ID is N or more (every event was sent) gets 204
No Content, as an EventSource server tells its client to stop reconnecting.

GET  /health                200 {"ok": true}
GET  /sse/KEY/events?count=N[&interval=MS][&retry=MS][&drop_after=K][&drops=D][&bom=1]
                            [&comment_every=J]
                            events up to N, then the zero chunk
GET  /sse/KEY/then-204?count=N[&interval=MS][&retry=MS][&bom=1][&comment_every=J]
                            KEY's first connection: events up to N, then a drop with nothing more
                            (no partial event, no zero chunk); every later one: 204, no body
GET  /sse/KEY/batches?count=N&per=M[&end=E][&cut=1]   (POST too)
                            a server that ends each response: events L+1 up to L+M (no more than
                            N), with the partial event `id: x\ndata: {"index": ` after them with
                            cut=1, then the end E: `close` (default) sends them close-delimited
                            (no Content-Length, no Transfer-Encoding, Connection: close) and
                            closes the connection cleanly; `chunked` ends with the zero chunk,
                            `length` sends them with a Content-Length (both keep the connection).
                            Once all N were sent (L >= N): 204, no body
GET  /sse/KEY/wrong-type    200, application/json, {"error": "not a stream"}
GET  /sse/KEY/status?code=C C (200...599) with {"error": "status C"} (no body for 204 and 304)
GET  /sse/KEY/auth?count=N[&...the options of /events]
                            for `Authorization: Bearer token-g` with KEY's current generation
                            g >= 1: as /events; else 401, WWW-Authenticate: Bearer
                            error="invalid_token", {"message": "Bad credentials"}
POST /sse/KEY/auth/refresh  increments KEY's generation g: 200 {"token": "token-g"}
GET  /sse/KEY/forever[?interval=MS]
                            an event every MS (default 20) from the first, until the client hangs
                            up; that moment is the record's "ended", with disconnected_by_client
GET  /sse/KEY/flood?count=N[&size=B]
                            N events `id: i\\ndata: ` + B (default 100) times `x` + `\\n\\n`, as
                            fast as the client reads, in chunks of about 64 KiB; then the zero chunk
GET  /ndjson/KEY?count=N[&bad=K][&blank_every=J][&crlf=1][&interval=MS]
                            application/x-ndjson: lines `{"index": i}` for i in 1...N, each ended by
                            LF (CR LF with crlf=1), an empty line after every J-th of them (also
                            after the last); physical line K (1-based, blank lines counted) is
                            instead `{"index": `; interval sleeps between lines; then the zero chunk
POST /v1/chat/completions[?delay=MS][&key=KEY]
                            for a JSON body {"model", "messages": [{"role", "content"}, ...],
                            "stream": true}: the last message's content split at whitespace, as
                            OpenAI streams it: per word w (w + " " for all but the last), `data:
                            {"id":"chatcmpl-1","object":"chat.completion.chunk","choices":
                            [{"index":0,"delta":{"content":"w "}}]}\\n\\n` (compact JSON, UTF-8),
                            MS apart; then `data: [DONE]\\n\\n`, then `data: {"after":"done"}\\n\\n`
                            (clients must stop at [DONE]), then the zero chunk. Another body: 400
GET  /log/KEY               200 {"connections": [record, ...], "now": time.monotonic()}

Every request to a route above under /sse/KEY or /ndjson/KEY (and to /v1/chat/completions with
key=KEY) appends a record to KEY's log, in order: {"path" (without the query), "method",
"last_event_id" and "authorization" (the request headers, or null), "status" (the response's),
"started" and "ended" (time.monotonic() when the request was read and when its response ended,
was dropped or found its client gone; ended is null while it runs), "disconnected_by_client"}.
A client that hangs up is noticed when a write fails, or while the server waits between writes
(the socket turns readable at its end), so within milliseconds.
"""

import json
import math
import select
import socket
import ssl
import threading
import time
from collections import defaultdict
from urllib.parse import parse_qs, urlsplit

from local_server import JSONRequestHandler, serve

LOCK = threading.Lock()
LOGS = defaultdict(list)  # key -> connection records, in order
GENERATIONS = defaultdict(int)  # key -> token generation of /sse/KEY/auth
STREAMS = defaultdict(int)  # (key, route) -> streaming connections so far (for drop_after, then-204)

BOM = b"\xef\xbb\xbf"
CHUNK_SIZE = 65536
EVENT_OPTIONS = {"count", "interval", "retry", "drop_after", "drops", "bom", "comment_every"}


class BadRequest(Exception):
    pass


class Dropped(Exception):
    """Raised after the connection was shut down on purpose: nothing more may be written."""


def event(index):
    data = json.dumps({"index": index, "text": f"event {index}"})
    return f"id: {index}\ndata: {data}\n\n".encode()


class StreamHandler(JSONRequestHandler):  # every method goes to `route`
    server_version = "StreamServer/1.0"

    def send_response(self, code, message=None):
        self.status = code
        super().send_response(code, message)

    def route(self):
        url = urlsplit(self.path)
        self.url_path = url.path
        self.query = {name: values[-1] for name, values in parse_qs(url.query, keep_blank_values=True).items()}
        self.record = None
        self.status = None
        parts = [part for part in url.path.split("/") if part]
        get, post = self.command == "GET", self.command == "POST"
        try:
            self.body = self.read_body()
            if parts == ["health"] and get:
                self.allow()
                self.send_json(200, {"ok": True})
            elif len(parts) == 3 and parts[0] == "sse" and get and parts[2] == "events":
                self.events(parts[1], "events")
            elif len(parts) == 3 and parts[0] == "sse" and get and parts[2] == "then-204":
                self.then_204(parts[1])
            elif len(parts) == 3 and parts[0] == "sse" and (get or post) and parts[2] == "batches":
                self.batches(parts[1])
            elif len(parts) == 3 and parts[0] == "sse" and get and parts[2] == "wrong-type":
                self.start_record(parts[1])
                self.allow()
                self.send_json(200, {"error": "not a stream"})
            elif len(parts) == 3 and parts[0] == "sse" and get and parts[2] == "status":
                self.status_route(parts[1])
            elif len(parts) == 3 and parts[0] == "sse" and get and parts[2] == "auth":
                self.auth(parts[1])
            elif parts[:1] == ["sse"] and parts[2:] == ["auth", "refresh"] and len(parts) == 4 and post:
                self.start_record(parts[1])
                self.allow()
                with LOCK:
                    GENERATIONS[parts[1]] += 1
                    generation = GENERATIONS[parts[1]]
                self.send_json(200, {"token": f"token-{generation}"})
            elif len(parts) == 3 and parts[0] == "sse" and get and parts[2] == "forever":
                self.forever(parts[1])
            elif len(parts) == 3 and parts[0] == "sse" and get and parts[2] == "flood":
                self.flood(parts[1])
            elif len(parts) == 2 and parts[0] == "ndjson" and get:
                self.ndjson(parts[1])
            elif parts == ["v1", "chat", "completions"] and post:
                self.chat()
            elif len(parts) == 2 and parts[0] == "log" and get:
                self.allow()
                with LOCK:
                    body = json.dumps({"connections": LOGS[parts[1]], "now": time.monotonic()})
                self.send_json(200, body)
            else:
                self.send_json(404, {"error": "not found", "method": self.command, "path": url.path})
        except BadRequest as error:
            self.send_json(400, {"error": str(error)})
        except Dropped:
            pass
        except (ConnectionError, ssl.SSLError):  # over TLS, a write after the client left
            self.client_gone()
        finally:
            self.end_record()

    # Endpoints

    def events(self, key, route, authorized_stream=False):
        if not authorized_stream:
            self.start_record(key)
        self.allow(*EVENT_OPTIONS)
        count = self.number("count", int, 10)
        interval = self.number("interval", float, 0) / 1000
        retry = self.number("retry", int, None)
        drop_after = self.number("drop_after", int, None)
        drops = self.number("drops", int, 1)
        bom = self.flag("bom")
        comment_every = self.number("comment_every", int, 0)
        first = self.last_event_id() + 1
        if first > count:  # everything was sent: 204 stops an EventSource from reconnecting
            self.send_response(204)
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            return
        with LOCK:
            STREAMS[key, route] += 1
            connection = STREAMS[key, route]
        will_drop = drop_after is not None and connection <= drops

        def body():
            if bom:
                self.chunk(BOM)
            if retry is not None:
                self.chunk(b"retry: %d\n\n" % retry)
            sent = 0
            if will_drop and drop_after == 0:
                self.drop(b'id: %d\ndata: {"index": ' % first)
            for index in range(first, count + 1):
                if sent:
                    self.pause(interval)
                self.chunk(event(index))
                sent += 1
                if comment_every and sent % comment_every == 0:
                    self.chunk(b": keep-alive\n")
                if will_drop and sent == drop_after:
                    self.drop(b'id: %d\ndata: {"index": ' % (index + 1))

        self.stream(body)

    def then_204(self, key):
        self.start_record(key)
        self.allow("count", "interval", "retry", "bom", "comment_every")
        count = self.number("count", int, 10)
        interval = self.number("interval", float, 0) / 1000
        retry = self.number("retry", int, None)
        bom = self.flag("bom")
        comment_every = self.number("comment_every", int, 0)
        first = self.last_event_id() + 1
        with LOCK:
            STREAMS[key, "then-204"] += 1
            connection = STREAMS[key, "then-204"]
        if connection > 1:
            self.send_response(204)
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            return

        def body():
            if bom:
                self.chunk(BOM)
            if retry is not None:
                self.chunk(b"retry: %d\n\n" % retry)
            for sent, index in enumerate(range(first, count + 1), start=1):
                if sent > 1:
                    self.pause(interval)
                self.chunk(event(index))
                if comment_every and sent % comment_every == 0:
                    self.chunk(b": keep-alive\n")
            self.drop()

        self.stream(body)

    def batches(self, key):
        self.start_record(key)
        self.allow("count", "per", "end", "cut")
        count = self.number("count", int, 10)
        per = self.number("per", int, None)
        if per is None:
            raise BadRequest("per is required")
        end = self.query.get("end", "close")
        if end not in ("close", "chunked", "length"):
            raise BadRequest(f"end must be close, chunked or length, not {end!r}")
        cut = self.flag("cut")
        first = self.last_event_id() + 1
        if first > count:
            self.send_response(204)
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            return
        events = [event(index) for index in range(first, min(first + per, count + 1))]
        if cut:
            events.append(b'id: %d\ndata: {"index": ' % (first + len(events)))
        if end == "chunked":
            def body():
                for data in events:
                    self.chunk(data)

            return self.stream(body)
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        if end == "length":
            self.send_header("Content-Length", str(sum(len(data) for data in events)))
        else:
            self.send_header("Connection", "close")
            self.close_connection = True  # the server closes the connection after the body: its end
        self.end_headers()
        self.wfile.flush()
        for data in events:
            self.wfile.write(data)
            self.wfile.flush()

    def status_route(self, key):
        self.start_record(key)
        self.allow("code")
        code = self.number("code", int, None)
        if code is None or not 200 <= code <= 599:
            raise BadRequest("code must be a status from 200 to 599")
        if code in (204, 304):
            self.send_response(code)
            self.end_headers()
        else:
            self.send_json(code, {"error": f"status {code}"})

    def auth(self, key):
        self.start_record(key)
        self.allow(*EVENT_OPTIONS)
        with LOCK:
            generation = GENERATIONS[key]
        if generation >= 1 and self.headers.get("Authorization") == f"Bearer token-{generation}":
            return self.events(key, "auth", authorized_stream=True)
        self.send_json(401, {"message": "Bad credentials"}, {"WWW-Authenticate": 'Bearer error="invalid_token"'})

    def forever(self, key):
        self.start_record(key)
        self.allow("interval")
        interval = self.number("interval", float, 20) / 1000
        first = self.last_event_id() + 1

        def body():
            index = first
            while True:
                self.chunk(event(index))
                index += 1
                self.pause(interval)

        self.stream(body)

    def flood(self, key):
        self.start_record(key)
        self.allow("count", "size")
        count = self.number("count", int, 1000)
        size = self.number("size", int, 100)

        def body():
            batch, data = bytearray(), b"x" * size
            for index in range(1, count + 1):
                batch += b"id: %d\ndata: %s\n\n" % (index, data)
                if len(batch) >= CHUNK_SIZE:
                    self.chunk(bytes(batch))
                    batch.clear()
            self.chunk(bytes(batch))

        self.stream(body)

    def ndjson(self, key):
        self.start_record(key)
        self.allow("count", "bad", "blank_every", "crlf", "interval")
        count = self.number("count", int, 10)
        bad = self.number("bad", int, None)
        blank_every = self.number("blank_every", int, 0)
        ending = b"\r\n" if self.flag("crlf") else b"\n"
        interval = self.number("interval", float, 0) / 1000
        lines = []
        for index in range(1, count + 1):
            lines.append(b'{"index": %d}' % index)
            if blank_every and index % blank_every == 0:
                lines.append(b"")
        if bad is not None:
            if not 1 <= bad <= len(lines):
                raise BadRequest(f"bad must be a line number from 1 to {len(lines)}")
            lines[bad - 1] = b'{"index": '

        def body():
            if not interval:
                batch = bytearray()
                for line in lines:
                    batch += line + ending
                    if len(batch) >= CHUNK_SIZE:
                        self.chunk(bytes(batch))
                        batch.clear()
                self.chunk(bytes(batch))
                return
            for number, line in enumerate(lines):
                if number:
                    self.pause(interval)
                self.chunk(line + ending)

        self.stream(body, "application/x-ndjson")

    def chat(self):
        if "key" in self.query:
            if not self.query["key"]:
                raise BadRequest("key must not be empty")
            self.start_record(self.query["key"])
        self.allow("delay", "key")
        delay = self.number("delay", float, 0) / 1000
        try:
            request = json.loads(self.body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise BadRequest("the body must be JSON") from None
        messages = request.get("messages") if isinstance(request, dict) else None
        if not isinstance(messages, list) or not messages or not isinstance(messages[-1], dict):
            raise BadRequest("messages must be a non-empty array of objects")
        content = messages[-1].get("content")
        if not isinstance(content, str):
            raise BadRequest("the last message's content must be a string")
        if request.get("stream") is not True:
            raise BadRequest("stream must be true")
        words = content.split()
        tokens = [word + " " for word in words[:-1]] + words[-1:]

        def body():
            for number, token in enumerate(tokens):
                if number:
                    self.pause(delay)
                chunk = {"id": "chatcmpl-1", "object": "chat.completion.chunk",
                         "choices": [{"index": 0, "delta": {"content": token}}]}
                data = json.dumps(chunk, separators=(",", ":"), ensure_ascii=False)
                self.chunk(f"data: {data}\n\n".encode())
            self.chunk(b"data: [DONE]\n\n")
            self.chunk(b'data: {"after":"done"}\n\n')

        self.stream(body)

    # Streaming

    def stream(self, body, content_type="text/event-stream"):
        """Sends the headers, runs `body` (which writes chunks, and may drop), then the zero chunk."""
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        self.wfile.flush()
        body()
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def chunk(self, data):
        if data:
            self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
            self.wfile.flush()

    def drop(self, partial=b""):
        """Sends `partial` as a chunk, then shuts the connection down without the zero chunk."""
        self.chunk(partial)
        self.end_record()
        self.close_connection = True
        try:
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.connection.close()
        raise Dropped()

    def pause(self, seconds):
        """Sleeps, but raises ConnectionResetError as soon as the client hangs up."""
        if seconds <= 0:
            return
        deadline = time.monotonic() + seconds
        poller = select.poll()
        poller.register(self.connection, select.POLLIN | select.POLLERR | select.POLLHUP)
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return
            if not poller.poll(remaining * 1000):
                continue
            try:
                # The raw socket's bytes: an SSLSocket refuses recv flags. Over TLS, what a client
                # sends on an event stream is its close_notify before it hangs up.
                pending = socket.socket.recv(self.connection, 1, socket.MSG_PEEK | socket.MSG_DONTWAIT)
            except BlockingIOError:
                continue
            except OSError:
                raise ConnectionResetError("the client went away") from None
            if not pending or isinstance(self.connection, ssl.SSLSocket):
                raise ConnectionResetError("the client went away")
            time.sleep(max(0, deadline - time.monotonic()))  # a pipelined request: just wait
            return

    def client_gone(self):
        self.close_connection = True
        if self.record is not None:
            with LOCK:
                if self.record["ended"] is None:
                    self.record["ended"] = time.monotonic()
                    self.record["disconnected_by_client"] = True

    # Connection records

    def start_record(self, key):
        self.record = {
            "path": self.url_path, "method": self.command, "last_event_id": self.headers.get("Last-Event-ID"),
            "authorization": self.headers.get("Authorization"), "status": None,
            "started": time.monotonic(), "ended": None, "disconnected_by_client": False,
        }
        with LOCK:
            LOGS[key].append(self.record)

    def end_record(self):
        if self.record is not None:
            with LOCK:
                self.record["status"] = self.status
                if self.record["ended"] is None:
                    self.record["ended"] = time.monotonic()

    # Helpers

    def allow(self, *names):
        unknown = sorted(set(self.query) - set(names))
        if unknown:
            raise BadRequest(f"unknown parameter {unknown[0]!r}")

    def number(self, name, kind, default):
        try:
            value = kind(self.query[name]) if name in self.query else default
        except ValueError:
            raise BadRequest(f"{name} must be a number, not {self.query[name]!r}") from None
        if value is not None and not 0 <= value < math.inf:  # also NaN
            raise BadRequest(f"{name} must be a finite number, not negative")
        return value

    def flag(self, name):
        value = self.query.get(name, "0")
        if value not in ("0", "1"):
            raise BadRequest(f"{name} must be 0 or 1, not {value!r}")
        return value == "1"

    def last_event_id(self):
        value = self.headers.get("Last-Event-ID")
        if value is None or value == "":
            return 0
        if not (value.strip().isascii() and value.strip().isdigit()):
            raise BadRequest(f"Last-Event-ID must be a whole number, not {value!r}")
        return int(value)


def main():
    serve(StreamHandler, "EndpointKit's streaming HTTP server (127.0.0.1 only).")


if __name__ == "__main__":
    main()
