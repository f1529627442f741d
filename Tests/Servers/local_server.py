"""What Tests/Servers/fault_server.py, stream_server.py and the cache servers share (Python 3
standard library only): the command line `--port PORT [--exit-with-parent] [--tls-cert PEM
--tls-key PEM]`, a threading HTTP server on 127.0.0.1 that does not report clients hanging up as
errors, a handler base (JSONRequestHandler), and a clean stop on SIGTERM. With --tls-cert and
--tls-key it serves HTTPS (Python's ssl, OpenSSL), each handshake in its connection's thread, so
that the same routes run over TLS.

    from local_server import JSONRequestHandler, serve
    class MyHandler(JSONRequestHandler): ...   # optional: HTTP/1.1, quiet, `route`, `send_json`
    serve(MyHandler, "EndpointKit's … server")

Tests/Servers/github_server.py, which has a command line of its own, subclasses LocalServer and calls
use_tls and exit_with_parent itself.
"""

import argparse
import json
import os
import signal
import ssl
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class LocalServer(ThreadingHTTPServer):
    daemon_threads = True
    # The listen backlog: socketserver's default of 5 refuses or resets connections when 32 or 64
    # clients connect at once (the rate-limit and concurrency tests do); 128 lets them all queue.
    request_queue_size = 128
    tls_context = None

    def finish_request(self, request, client_address):
        if self.tls_context is not None:
            request = self.tls_context.wrap_socket(request, server_side=True, do_handshake_on_connect=False)
            try:
                request.do_handshake()
            except (ssl.SSLError, OSError):  # a client that refused the certificate, or left
                return
        super().finish_request(request, client_address)

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a client that hangs up is no error
            super().handle_error(request, client_address)

    def use_tls(self, certificate_chain, key):
        """Serves HTTPS from now on, with this certificate chain and key (PEM files)."""
        self.tls_context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        self.tls_context.load_cert_chain(certificate_chain, key)


class JSONRequestHandler(BaseHTTPRequestHandler):
    """A handler on HTTP/1.1 keep-alive that logs nothing, routes every method (do_GET,
    do_PROPFIND...) to its `route` when it has one, and answers JSON with `send_json`."""

    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):  # quiet
        pass

    def __getattr__(self, name):
        if name.startswith("do_") and hasattr(type(self), "route"):
            return self.route
        raise AttributeError(name)

    def send_json(self, status, payload, headers=None):
        """Answers `payload` as JSON (a string: already JSON) with `status` and the extra `headers`
        (a dict); no content for HEAD."""
        body = (payload if isinstance(payload, str) else json.dumps(payload)).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def read_body(self):
        return read_request_body(self)


def read_request_body(handler):
    """The request's whole body (b"" for none), chunked or by Content-Length; trailers skipped."""
    if "chunked" in handler.headers.get("Transfer-Encoding", "").lower():
        body = b""
        while True:
            size = int(handler.rfile.readline().split(b";")[0].strip() or b"0", 16)
            if size == 0:
                while handler.rfile.readline() not in (b"\r\n", b"\n", b""):  # trailers
                    pass
                return body
            body += handler.rfile.read(size)
            handler.rfile.readline()
    length = int(handler.headers.get("Content-Length") or 0)
    return handler.rfile.read(length) if length > 0 else b""


def parse_json(body, error):
    """`body` (bytes, empty for null) parsed as JSON, or the exception type `error` raised with
    what is wrong."""
    try:
        return json.loads(body or b"null")
    except ValueError as problem:
        raise error(f"the body is not JSON: {problem}") from None


def exit_with_parent():
    """Sends this process SIGTERM within a second once the process that started it has ended."""
    parent = os.getppid()

    def watch_parent():
        while os.getppid() == parent:
            time.sleep(1)
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch_parent, daemon=True).start()


def serve_until_stopped(server, url=None):
    """Serves `server` (any socketserver-like server) on a thread until SIGTERM or SIGINT, printing
    `url` first when given (the URL of a server started with --port 0), then shuts it down."""
    stop = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
    threading.Thread(target=server.serve_forever, name="serve_forever", daemon=True).start()
    if url is not None:
        print(url, flush=True)
    while not stop.wait(1):
        pass
    server.shutdown()
    server.server_close()


def serve(handler, description):
    """Parses the command line and serves `handler` until SIGTERM, Ctrl-C or, with
    --exit-with-parent, the end of the process that started it."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--port", type=int, required=True, help="the port to listen on; 0 picks a free one")
    parser.add_argument("--exit-with-parent", action="store_true", help="stop when the process that started it ends")
    parser.add_argument("--tls-cert", help="serve HTTPS with this certificate chain (PEM)")
    parser.add_argument("--tls-key", help="the certificate's private key (PEM)")
    arguments = parser.parse_args()

    server = LocalServer(("127.0.0.1", arguments.port), handler)
    if arguments.tls_cert:
        server.use_tls(arguments.tls_cert, arguments.tls_key)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    if arguments.exit_with_parent:
        exit_with_parent()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
