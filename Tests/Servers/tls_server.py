#!/usr/bin/env python3
# EndpointKit's TLS test servers: one process (Python 3 standard library only) that listens on
# 127.0.0.1 on one free port per server (HTTPS with good, expired, wrong-host, self-signed and
# other-CA certificates, mutual TLS, TLS 1.2 only, one that goes silent, a stall and a cut-off)
# and a plain HTTP control server that reports what each saw. Started and stopped by
# Tests/Servers/tls-servers.sh.
"""The TLS servers for EndpointKit's TLS tests (Python 3 standard library: http.server, ssl).

    python3 Tests/Servers/tls_server.py --pki DIR --ports-file FILE [--exit-with-parent]

Reads the PEM files of Tests/Servers/make_test_certificates.py from DIR, binds every server to a free
port on 127.0.0.1, then writes FILE (atomically) as {"good": port, ..., "control": port}. Stops on
SIGTERM, Ctrl-C or, with --exit-with-parent, within a second of the process that started it.

HTTPS servers (HTTP/1.1 keep-alive, ALPN "http/1.1"), each answering any method and path with 200
and {"method", "path", "headers": {...}, "body": "<text>", "client_certificate": "<subject CN>" or
null, "server": "<name>"}:
    good          good.pem                 expired       expired.pem
    wrong-host    wrong-host.pem           self-signed   self-signed.pem
    other-ca      other-ca-leaf.pem        tls12         good.pem, at most TLS 1.2
    mutual        good.pem, and requires a client certificate issued by ca.pem
    goes-silent   good.pem; a request whose path starts with /go-silent gets no answer (the
                  connection is held until the client closes it), and from then until the control
                  server's POST /speak, every new connection is stalled as by `stall` (never a
                  handshake): a server that has answered, then neither answers nor completes one
Raw TCP servers: stall (accepts, never answers the ClientHello, holds the connection until the
client closes it), cutoff (accepts, reads the ClientHello's record, then closes), half-reply
(reads the ClientHello's record, sends the first 9 bytes of a handshake record that announces 64,
then closes) and reset (reads the ClientHello's record, then resets the connection: an RST, not
a FIN).

Each connection is handled in a thread of its own, the TLS handshake included. Per server name,
under a lock: "connections" (TCP connections accepted), "handshakes" (TLS handshakes completed),
"handshake_errors" (the reason of each that failed, e.g. "TLSV1_ALERT_UNKNOWN_CA") and "requests"
([{"method", "path", "headers", "connection": k (the k-th connection of that server, from 1),
"client_certificate", "tls_version"}]). A handshake counts as completed when the server's side
of it completes. A client that refuses the certificate inside the handshake leaves it at 0 (curl
does so for expired, self-signed and other-CA; Python's ssl for wrong-host too), but one that
checks the host name only afterwards (curl 7.88) completes it with wrong-host, then closes with no
request: what holds for every client is "requests" staying empty.
The control server (plain HTTP):
    GET  /health   200 {"ok": true}
    GET  /stats    200 {"good": {"connections": n, "handshakes": n, "handshake_errors": [...],
                   "requests": [...]}, "expired": {...}, ...}: every server name, always
    POST /reset    200 {"ok": true}: every count and list back to zero, and goes-silent speaks
    POST /speak    200 {"ok": true}: goes-silent completes handshakes again
"""

import argparse
import json
import signal
import socket
import socketserver
import ssl
import struct
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from local_server import exit_with_parent, read_request_body

HTTPS_SERVERS = {  # name -> (certificate file, key file)
    "good": ("good.pem", "good.key"),
    "expired": ("expired.pem", "expired.key"),
    "wrong-host": ("wrong-host.pem", "wrong-host.key"),
    "self-signed": ("self-signed.pem", "self-signed.key"),
    "other-ca": ("other-ca-leaf.pem", "other-ca-leaf.key"),
    "mutual": ("good.pem", "good.key"),
    "tls12": ("good.pem", "good.key"),
    "goes-silent": ("good.pem", "good.key"),
}
RAW_SERVERS = ("stall", "cutoff", "half-reply", "reset")
HANDSHAKE_TIMEOUT = 60  # seconds: only frees the thread of a client that stops mid-handshake


class Stats:
    """What each server saw, under one lock."""

    def __init__(self, names):
        self.names, self.lock = list(names), threading.Lock()
        self.reset()

    def reset(self):
        with self.lock:
            self.silent = set()  # the servers stalling new connections (goes-silent)
            self.servers = {
                name: {"connections": 0, "handshakes": 0, "handshake_errors": [], "requests": []}
                for name in self.names
            }

    def connection(self, name):
        with self.lock:
            self.servers[name]["connections"] += 1
            return self.servers[name]["connections"]

    def handshake(self, name, error=None):
        with self.lock:
            if error is None:
                self.servers[name]["handshakes"] += 1
            else:
                self.servers[name]["handshake_errors"].append(error)

    def go_silent(self, name):
        with self.lock:
            self.silent.add(name)

    def speak(self):
        with self.lock:
            self.silent = set()

    def is_silent(self, name):
        with self.lock:
            return name in self.silent

    def request(self, name, record):
        with self.lock:
            self.servers[name]["requests"].append(record)

    def snapshot(self):
        with self.lock:
            return json.loads(json.dumps(self.servers))


def handshake_error(error):
    """A short reason for a failed handshake: OpenSSL's reason code, or the exception's name."""
    return getattr(error, "reason", None) or type(error).__name__


def common_name(certificate):
    """The subject CN of a certificate as ssl's getpeercert() gives it, or None."""
    for attribute in (certificate or {}).get("subject", ()):
        for key, value in attribute:
            if key == "commonName":
                return value
    return None


class EchoHandler(BaseHTTPRequestHandler):
    """Answers any method and path with 200 and a JSON echo of the request."""

    protocol_version = "HTTP/1.1"
    server_version = "EndpointKitTLSServer/1.0"

    def __init__(self, request, client_address, server, connection_number):
        self.connection_number = connection_number  # serves the whole connection, so set first
        super().__init__(request, client_address, server)

    def log_message(self, format, *args):  # quiet
        pass

    def __getattr__(self, name):  # do_GET, do_POST, do_PROPFIND...: every method is echoed
        if name.startswith("do_"):
            return self.echo
        raise AttributeError(name)

    def echo(self):
        if self.server.name == "goes-silent" and self.path.startswith("/go-silent"):
            self.go_silent()
            return
        headers = {}
        for name, value in self.headers.items():
            headers[name] = headers[name] + ", " + value if name in headers else value
        body = self.read_body()
        client = common_name(self.connection.getpeercert())
        self.server.stats.request(self.server.name, {
            "method": self.command, "path": self.path, "headers": headers,
            "connection": self.connection_number, "client_certificate": client,
            "tls_version": self.connection.version(),
        })
        payload = json.dumps({
            "method": self.command, "path": self.path, "headers": headers,
            "body": body.decode("utf-8", errors="replace"), "client_certificate": client,
            "server": self.server.name,
        }).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(payload)

    def go_silent(self):
        """Records the request, answers nothing until the client closes the connection, and stalls
        new connections until POST /speak."""
        self.server.stats.request(self.server.name, {
            "method": self.command, "path": self.path, "headers": dict(self.headers.items()),
            "connection": self.connection_number, "client_certificate": None,
            "tls_version": self.connection.version(),
        })
        self.server.stats.go_silent(self.server.name)
        try:
            while self.connection.recv(65536):
                pass
        except (OSError, ValueError):
            pass
        self.close_connection = True

    read_body = read_request_body


class Listener(socketserver.ThreadingMixIn, socketserver.TCPServer):
    """A TCP server on 127.0.0.1, port 0 (a free one), one daemon thread per connection, which
    counts each connection it accepts and then calls `serve_connection` in that thread."""

    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 64

    def __init__(self, name, stats):
        self.name, self.stats = name, stats
        super().__init__(("127.0.0.1", 0), None)

    @property
    def port(self):
        return self.server_address[1]

    def finish_request(self, request, client_address):  # in the connection's own thread
        number = self.stats.connection(self.name)
        try:
            self.serve_connection(request, client_address, number)
        except (OSError, ValueError):  # a client that hangs up (or an odd request) is no error
            pass

    def serve_connection(self, request, client_address, number):
        raise NotImplementedError


class HTTPSListener(Listener):
    """HTTPS: the handshake in the connection's thread (so a slow client blocks no other), then
    HTTP/1.1 keep-alive with EchoHandler."""

    def __init__(self, name, stats, context):
        self.context = context
        super().__init__(name, stats)

    def serve_connection(self, request, client_address, number):
        if self.stats.is_silent(self.name):
            self.stats.handshake(self.name, "stalled")  # counted as a failed handshake: "stalled"
            StallListener.serve_connection(self, request, client_address, number)
            return
        request.settimeout(HANDSHAKE_TIMEOUT)
        connection = self.context.wrap_socket(request, server_side=True, do_handshake_on_connect=False)
        try:
            try:
                connection.do_handshake()
            except (ssl.SSLError, OSError) as error:  # refused by either side, or the client left
                self.stats.handshake(self.name, handshake_error(error))
                return
            self.stats.handshake(self.name)
            connection.settimeout(None)
            EchoHandler(connection, client_address, self, number)
        finally:
            connection.close()


class StallListener(Listener):
    """Accepts, never answers: reads (and drops) whatever comes until the client closes."""

    def serve_connection(self, request, client_address, number):
        while request.recv(65536):
            pass


class CutoffListener(Listener):
    """Accepts, reads the first TLS record (the ClientHello), then closes the connection."""

    def serve_connection(self, request, client_address, number):
        request.settimeout(HANDSHAKE_TIMEOUT)
        header = read_exactly(request, 5)  # content type, version, length
        if len(header) == 5:
            read_exactly(request, int.from_bytes(header[3:5], "big"))
        request.shutdown(socket.SHUT_RDWR)


class HalfReplyListener(Listener):
    """Reads the ClientHello's record, sends part of a handshake record, then closes."""

    def serve_connection(self, request, client_address, number):
        request.settimeout(HANDSHAKE_TIMEOUT)
        read_record(request)
        # A handshake record (22) of TLS 1.2 announcing 64 bytes, of which 4 come: a ServerHello
        # (2) cut off after its own header.
        request.sendall(bytes([22, 3, 3, 0, 64, 2, 0, 0, 60]))
        request.shutdown(socket.SHUT_RDWR)


class ResetListener(Listener):
    """Reads the ClientHello's record, then resets the connection (SO_LINGER 0: RST, not FIN)."""

    def serve_connection(self, request, client_address, number):
        request.settimeout(HANDSHAKE_TIMEOUT)
        read_record(request)
        request.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        request.close()  # before socketserver's shutdown(SHUT_WR), which would send a FIN first


def read_record(sock):
    header = read_exactly(sock, 5)  # content type, version, length
    if len(header) == 5:
        read_exactly(sock, int.from_bytes(header[3:5], "big"))


def read_exactly(sock, count):
    data = b""
    while len(data) < count:
        piece = sock.recv(count - len(data))
        if not piece:
            break
        data += piece
    return data


class ControlHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "EndpointKitTLSControl/1.0"

    def log_message(self, format, *args):  # quiet
        pass

    def do_GET(self):
        if self.path == "/health":
            self.send_json(200, {"ok": True})
        elif self.path == "/stats":
            self.send_json(200, self.server.stats.snapshot())
        else:
            self.send_json(404, {"error": "not found", "path": self.path})

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        if length > 0:
            self.rfile.read(length)
        if self.path == "/reset":
            self.server.stats.reset()
            self.send_json(200, {"ok": True})
        elif self.path == "/speak":
            self.server.stats.speak()
            self.send_json(200, {"ok": True})
        else:
            self.send_json(404, {"error": "not found", "path": self.path})

    def send_json(self, status, payload):
        body = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class ControlServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, stats):
        self.stats = stats
        super().__init__(("127.0.0.1", 0), ControlHandler)

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a client that hangs up is no error
            super().handle_error(request, client_address)


def make_context(pki, name, certificate, key):
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(pki / certificate, pki / key)
    context.set_alpn_protocols(["http/1.1"])
    if name == "tls12":
        context.maximum_version = ssl.TLSVersion.TLSv1_2
    if name == "mutual":
        context.verify_mode = ssl.CERT_REQUIRED
        context.load_verify_locations(cafile=pki / "ca.pem")
    return context


def main():
    parser = argparse.ArgumentParser(description="EndpointKit's TLS test servers (127.0.0.1 only).")
    parser.add_argument("--pki", type=Path, required=True, help="the folder of make_test_certificates.py")
    parser.add_argument("--ports-file", type=Path, required=True, help="where to write the ports, as JSON")
    parser.add_argument("--exit-with-parent", action="store_true", help="stop when the process that started it ends")
    arguments = parser.parse_args()

    stats = Stats(list(HTTPS_SERVERS) + list(RAW_SERVERS))
    servers = {
        name: HTTPSListener(name, stats, make_context(arguments.pki, name, *files))
        for name, files in HTTPS_SERVERS.items()
    }
    servers["stall"] = StallListener("stall", stats)
    servers["cutoff"] = CutoffListener("cutoff", stats)
    servers["half-reply"] = HalfReplyListener("half-reply", stats)
    servers["reset"] = ResetListener("reset", stats)
    control = ControlServer(stats)

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    if arguments.exit_with_parent:
        exit_with_parent()

    for server in servers.values():
        threading.Thread(target=server.serve_forever, daemon=True).start()
    ports = {name: server.port for name, server in servers.items()}
    ports["control"] = control.server_address[1]
    partial = arguments.ports_file.with_name(arguments.ports_file.name + ".partial")
    partial.write_text(json.dumps(ports) + "\n")
    partial.replace(arguments.ports_file)  # whole or absent: the shell never reads half of it
    try:
        control.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        control.server_close()
        for server in servers.values():
            server.server_close()


if __name__ == "__main__":
    main()
