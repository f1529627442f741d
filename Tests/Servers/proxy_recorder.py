"""A mitmproxy addon for EndpointKit's proxy tests: appends what the proxy saw, one JSON object per
line, to the file named by PROXY_RECORD_FILE, with the proxy's name (PROXY_NAME):

    {"proxy": "open", "kind": "connect", "target": "127.0.0.1:8443", "headers": {...}}
    {"proxy": "open", "kind": "request", "method": "GET", "url": "http://…", "headers": {...}}
    {"proxy": "socks", "kind": "socks", "target": "localhost:8443", "headers": {}}

"connect" is a CONNECT request (its headers as the client sent them, Proxy-Authorization
included); "request" is a request the proxy read itself: a plain-HTTP request in absolute form,
or one inside a tunnel it was allowed to open (Tests/Servers/proxy-servers.sh tells the HTTP
proxies to leave every tunnel alone, so there are none), or a plain-HTTP request that came
through SOCKS; "socks" is a connection that a SOCKS5 client asked for, its target as the client
named it (a host name the proxy resolves, or an address). A SOCKS5 proxy passes TLS through
untouched: it cannot read it. Loaded by Tests/Servers/proxy-servers.sh.
"""

import json
import os
import threading

from mitmproxy import ctx, http, tls
from mitmproxy.proxy import server_hooks

LOCK = threading.Lock()


def record(entry):
    entry["proxy"] = os.environ.get("PROXY_NAME", "proxy")
    with LOCK, open(os.environ["PROXY_RECORD_FILE"], "a", encoding="utf-8") as log:
        log.write(json.dumps(entry) + "\n")


def is_socks():
    return any(mode.startswith("socks5") for mode in ctx.options.mode)


class Recorder:
    def server_connect(self, data: server_hooks.ServerConnectionHookData):
        if is_socks():
            host, port = data.server.address
            record({"kind": "socks", "target": f"{host}:{port}", "headers": {}})

    def tls_clienthello(self, data: tls.ClientHelloData):
        if is_socks():
            data.ignore_connection = True  # passed through: the client's TLS goes to the server

    def http_connect(self, flow: http.HTTPFlow):
        record({"kind": "connect", "target": f"{flow.request.host}:{flow.request.port}",
                "headers": dict(flow.request.headers)})

    def requestheaders(self, flow: http.HTTPFlow):
        if flow.request.method != "CONNECT":
            record({"kind": "request", "method": flow.request.method, "url": flow.request.pretty_url,
                    "headers": dict(flow.request.headers)})


addons = [Recorder()]
