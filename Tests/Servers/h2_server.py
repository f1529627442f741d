#!/usr/bin/env python3
# EndpointKit's HTTP/2 test servers: an ASGI app served by hypercorn over TLS (ALPN h2 and
# http/1.1), and a GOAWAY server written with the h2 library (which comes with hypercorn). One
# process, one asyncio loop, both on free ports on 127.0.0.1, with the test PKI's good.pem.
# Started and stopped by Tests/Servers/h2-server.sh, with hypercorn installed into the repo's .venv.
"""The HTTP/2 servers for EndpointKit's HTTP/2 tests.

    .venv/bin/python Tests/Servers/h2_server.py --pki DIR --ports-file FILE [--exit-with-parent]

Reads good.pem and good.key (for 127.0.0.1 and localhost, issued by the test CA) from DIR, binds
the servers to free ports on 127.0.0.1, then writes FILE (atomically) as {"h2": port, "goaway":
port, "recycling": port}. Stops on SIGTERM, Ctrl-C or, with --exit-with-parent, within a second of
the process that started it.

The hypercorn server ("h2"), over TLS with ALPN "h2" and "http/1.1"; a connection is the client's
(host, port) from the ASGI scope:
    GET /health                 200 {"ok": true}
    GET /echo?key=K             200 {"key", "http_version" ("2" or "1.1"), "connection":
                                "host:port", "headers": {...}}; counts K
    GET /echo?key=K&gather=N    the same, held until N requests for K have arrived, so that all
                                N are open at once, with "gathered": true; after 30 s without
                                them, answered with "gathered": false
    GET /stats                  200 {"connections": distinct connections that sent a request,
                                "handshakes": TLS handshakes begun (ClientHellos received),
                                "keys": {key: requests}, "http_versions": [sorted, distinct]}
    GET /sse?count=N            200 text/event-stream: N events "id: i", data {"index": i,
                                "http_version"}, then one event whose data is [DONE]
    GET /redirect?to=PATH       302 to PATH (a path on this server, e.g. /echo?key=K)
    GET /auth/{key}             401 unless "Authorization: Bearer fresh-{key}", then 200 as /echo;
                                counts key either way
    GET /flaky/{key}?failures=N 503 the first N requests for key, then 200 as /echo; counts key
    anything else               404
The GOAWAY server ("goaway"), HTTP/2 only (ALPN "h2"), any method:
    /goaway/{key}   the first request for key: GOAWAY (NO_ERROR) whose last_stream_id is lower
                    than the request's stream, then the connection is closed, with no answer;
                    each later one: 200 {"key", "requests": n}. Counts key either way.
    /refuse/{key}   the first request for key: RST_STREAM with REFUSED_STREAM (RFC 9113: not
                    processed), the connection left open; each later one: 200 {"key", "requests": n}.
                    Counts key either way (with /goaway/{key}'s counts).
    /count/{key}    200 {"key", "requests": n} (how many /goaway/{key} or /refuse/{key} requests
                    it saw), uncounted
    anything else   404
The recycling server ("recycling"): the same app as "h2", with its own counts, served by a
hypercorn that ends every connection after 10 requests (keep_alive_max_requests), as load
balancers do: with HTTP/2, a GOAWAY while other requests are in flight on the connection. Once
it has sent its GOAWAY, hypercorn answers nothing more on the connection, and closes it at once
(close_connections_after_goaway says why).
"""

import argparse
import asyncio
import json
import os
import signal
import socket
import ssl
import sys
import urllib.parse
from collections import Counter
from pathlib import Path

import h2.config
import h2.errors
import h2.connection
import h2.events
import h2.exceptions
from hypercorn.asyncio import serve
from hypercorn.config import Config
from hypercorn.events import Closed
from hypercorn.protocol.h2 import H2Protocol


class Seen:
    """What the hypercorn server saw (one asyncio loop: no lock needed)."""

    def __init__(self):
        self.connections, self.keys, self.http_versions = set(), Counter(), set()
        self.handshakes = 0

    def handshake(self):
        self.handshakes += 1

    def request(self, scope, key=None):
        self.connections.add(connection_of(scope))
        self.http_versions.add(scope["http_version"])
        if key is not None:
            self.keys[key] += 1

    def stats(self):
        return {
            "connections": len(self.connections),
            "handshakes": self.handshakes,
            "keys": dict(self.keys),
            "http_versions": sorted(self.http_versions),
        }


def connection_of(scope):
    host, port = scope["client"]
    return f"{host}:{port}"


def echo(scope, key):
    headers = {name.decode("latin-1"): value.decode("latin-1") for name, value in scope["headers"]}
    return {
        "key": key,
        "http_version": scope["http_version"],
        "connection": connection_of(scope),
        "headers": headers,
    }


async def send_json(send, status, value, headers=()):
    body = json.dumps(value).encode()
    await send({
        "type": "http.response.start",
        "status": status,
        "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                    *headers],
    })
    await send({"type": "http.response.body", "body": body})


def make_app(seen):
    flaky_failures = Counter()
    gatherings = {}  # key -> asyncio.Event, set once `gather` requests for key arrived

    async def app(scope, receive, send):
        if scope["type"] == "lifespan":
            while True:
                message = (await receive())["type"]
                await send({"type": message + ".complete"})  # lifespan.startup or .shutdown
                if message == "lifespan.shutdown":
                    return
        if scope["type"] != "http":
            return
        query = {name: values[-1] for name, values in urllib.parse.parse_qs(scope["query_string"].decode()).items()}
        parts = scope["path"].strip("/").split("/")
        if scope["path"] == "/health":
            await send_json(send, 200, {"ok": True})
        elif scope["path"] == "/stats":
            await send_json(send, 200, seen.stats())
        elif scope["path"] == "/echo":
            key = query.get("key", "")
            seen.request(scope, key)
            answer = echo(scope, key)
            if "gather" in query:
                # Held until `gather` requests for this key are open at once (at most 30 s).
                gathered = gatherings.setdefault(key, asyncio.Event())
                if seen.keys[key] >= int(query["gather"]):
                    gathered.set()
                try:
                    await asyncio.wait_for(gathered.wait(), 30)
                    answer["gathered"] = True
                except asyncio.TimeoutError:
                    answer["gathered"] = False
            await send_json(send, 200, answer)
        elif scope["path"] == "/sse":
            seen.request(scope)
            await send({
                "type": "http.response.start",
                "status": 200,
                "headers": [(b"content-type", b"text/event-stream"), (b"cache-control", b"no-cache")],
            })
            for index in range(1, int(query.get("count", "0")) + 1):
                data = json.dumps({"index": index, "http_version": scope["http_version"]})
                event = f"id: {index}\ndata: {data}\n\n".encode()
                await send({"type": "http.response.body", "body": event, "more_body": True})
            await send({"type": "http.response.body", "body": b"data: [DONE]\n\n"})
        elif scope["path"] == "/redirect":
            seen.request(scope)
            await send_json(send, 302, {}, [(b"location", query.get("to", "/echo").encode())])
        elif len(parts) == 2 and parts[0] == "auth":
            key = parts[1]
            seen.request(scope, key)
            authorization = dict(scope["headers"]).get(b"authorization", b"").decode("latin-1")
            if authorization == f"Bearer fresh-{key}":
                await send_json(send, 200, echo(scope, key))
            else:
                await send_json(send, 401, {"error": "expired token"}, [(b"www-authenticate", b"Bearer")])
        elif len(parts) == 2 and parts[0] == "flaky":
            key = parts[1]
            seen.request(scope, key)
            if flaky_failures[key] < int(query.get("failures", "0")):
                flaky_failures[key] += 1
                await send_json(send, 503, {"error": "try again"})
            else:
                await send_json(send, 200, echo(scope, key))
        else:
            await send_json(send, 404, {"error": "not found"})

    return app


class CountingConfig(Config):
    """hypercorn's configuration, whose TLS context counts the handshakes it starts."""

    def __init__(self, seen):
        super().__init__()
        self.seen = seen

    def create_ssl_context(self):
        context = super().create_ssl_context()
        # Called for every ClientHello, with or without a server name (none for 127.0.0.1).
        context.sni_callback = lambda *_: self.seen.handshake()
        return context


def close_connections_after_goaway():
    """Has hypercorn close an HTTP/2 connection as soon as it has sent its GOAWAY.

    hypercorn 0.18 sends GOAWAY once a connection has brought it keep_alive_max_requests + 1
    requests, and from then on answers nothing on it, the streams at or below the GOAWAY's last
    stream ID included (the h2 library refuses every frame but GOAWAY once it sent one); it closes
    the connection only when the client sends another frame. A connection whose client had nothing
    more to send stayed open: a request on it waited for its idle timeout (60 s), or its body did
    when the head had gone out just before, and the call failed with a timeout that the retry
    policy does not retry, the call's 60 s budget being spent (the recycling server's test, seen
    once in 20 runs with one core kept busy). Closed at once, each of those requests is a lost
    connection, as it already was whenever the client sent anything more.
    """
    handle_events = H2Protocol._handle_events

    async def handle_events_then_close_after_goaway(self, events):
        await handle_events(self, events)  # flushes the GOAWAY, if it sent one
        if not self.closed and self.connection.state_machine.state == h2.connection.ConnectionState.CLOSED:
            await self.send(Closed())

    H2Protocol._handle_events = handle_events_then_close_after_goaway


class GoAwayProtocol(asyncio.Protocol):
    """One HTTP/2 connection of the GOAWAY server."""

    def __init__(self, counts):
        self.counts = counts
        self.connection = h2.connection.H2Connection(
            config=h2.config.H2Configuration(client_side=False, header_encoding="utf-8"))
        self.transport = None
        self.closing = False

    def connection_made(self, transport):
        self.transport = transport
        self.connection.initiate_connection()
        transport.write(self.connection.data_to_send())

    def data_received(self, data):
        if self.closing:
            return
        try:
            events = self.connection.receive_data(data)
        except h2.exceptions.ProtocolError:
            self.transport.write(self.connection.data_to_send())
            self.transport.close()
            return
        for event in events:
            if isinstance(event, h2.events.RequestReceived):
                self.request(event.stream_id, dict(event.headers))
                if self.closing:
                    return
            elif isinstance(event, h2.events.ConnectionTerminated):
                self.transport.close()
                return
        self.transport.write(self.connection.data_to_send())

    def request(self, stream_id, headers):
        parts = headers.get(":path", "/").split("?")[0].strip("/").split("/")
        if len(parts) == 2 and parts[0] == "goaway":
            key = parts[1]
            self.counts[key] += 1
            if self.counts[key] == 1:
                # Below this request's stream: the client learns the request was never processed.
                self.connection.close_connection(error_code=0, last_stream_id=max(0, stream_id - 2))
                self.transport.write(self.connection.data_to_send())
                self.closing = True
                self.transport.close()
                return
            self.answer(stream_id, 200, {"key": key, "requests": self.counts[key]})
        elif len(parts) == 2 and parts[0] == "refuse":
            key = parts[1]
            self.counts[key] += 1
            if self.counts[key] == 1:
                self.connection.reset_stream(stream_id, error_code=h2.errors.ErrorCodes.REFUSED_STREAM)
                return
            self.answer(stream_id, 200, {"key": key, "requests": self.counts[key]})
        elif len(parts) == 2 and parts[0] == "count":
            self.answer(stream_id, 200, {"key": parts[1], "requests": self.counts[parts[1]]})
        else:
            self.answer(stream_id, 404, {"error": "not found"})

    def answer(self, stream_id, status, value):
        body = json.dumps(value).encode()
        self.connection.send_headers(stream_id, [
            (":status", str(status)), ("content-type", "application/json"), ("content-length", str(len(body))),
        ])
        # The request's body, if any, is not awaited: the answer does not depend on it.
        self.connection.send_data(stream_id, body, end_stream=True)


def free_socket():
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


async def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pki", required=True, type=Path)
    parser.add_argument("--ports-file", required=True, type=Path)
    parser.add_argument("--exit-with-parent", action="store_true")
    arguments = parser.parse_args()
    certificate, key = str(arguments.pki / "good.pem"), str(arguments.pki / "good.key")

    close_connections_after_goaway()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)

    def hypercorn_config(sock, seen):
        config = CountingConfig(seen)
        config.bind = [f"fd://{sock.fileno()}"]
        config.certfile, config.keyfile = certificate, key
        config.alpn_protocols = ["h2", "http/1.1"]
        config.keep_alive_timeout = 60  # an idle connection outlives every test that reuses it
        config.accesslog = None
        config.errorlog = "-"
        config.loglevel = "WARNING"  # no "Running on" line
        return config

    h2_socket = free_socket()
    seen = Seen()
    hypercorn = asyncio.ensure_future(
        serve(make_app(seen), hypercorn_config(h2_socket, seen), shutdown_trigger=stop.wait))

    recycling_socket = free_socket()
    recycling_seen = Seen()
    recycling_config = hypercorn_config(recycling_socket, recycling_seen)
    recycling_config.keep_alive_max_requests = 10
    recycling = asyncio.ensure_future(
        serve(make_app(recycling_seen), recycling_config, shutdown_trigger=stop.wait))

    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(certificate, key)
    context.set_alpn_protocols(["h2"])
    counts = Counter()
    goaway_socket = free_socket()
    goaway = await loop.create_server(lambda: GoAwayProtocol(counts), sock=goaway_socket, ssl=context)

    # Both sockets listen already: a client that connects now waits in the backlog.
    ports = {
        "h2": h2_socket.getsockname()[1],
        "goaway": goaway_socket.getsockname()[1],
        "recycling": recycling_socket.getsockname()[1],
    }
    partial = arguments.ports_file.with_suffix(".tmp")
    partial.write_text(json.dumps(ports))
    os.replace(partial, arguments.ports_file)

    if arguments.exit_with_parent:
        parent = os.getppid()

        async def watch_parent():
            while os.getppid() == parent:
                await asyncio.sleep(1)
            stop.set()

        asyncio.ensure_future(watch_parent())

    await stop.wait()
    goaway.close()
    await hypercorn
    await recycling


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        sys.exit(0)
