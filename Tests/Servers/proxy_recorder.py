"""A mitmproxy addon for EndpointKit's proxy tests: appends what the proxy saw, one JSON object per
line, to the file named by PROXY_RECORD_FILE, with the proxy's name (PROXY_NAME):

    {"proxy": "open", "kind": "connect", "target": "127.0.0.1:8443", "headers": {...}}
    {"proxy": "open", "kind": "request", "method": "GET", "url": "http://…", "headers": {...}}

"connect" is a CONNECT request (its headers as the client sent them, Proxy-Authorization
included); "request" is a request the proxy read itself: a plain-HTTP request in absolute form,
or one inside a tunnel it was allowed to open (Tests/Servers/proxy-servers.sh tells mitmproxy to
leave every tunnel alone, so there are none). Loaded by Tests/Servers/proxy-servers.sh.
"""

import json
import os
import threading

from mitmproxy import http

LOCK = threading.Lock()


def record(entry):
    entry["proxy"] = os.environ.get("PROXY_NAME", "proxy")
    with LOCK, open(os.environ["PROXY_RECORD_FILE"], "a", encoding="utf-8") as log:
        log.write(json.dumps(entry) + "\n")


class Recorder:
    def http_connect(self, flow: http.HTTPFlow):
        record({"kind": "connect", "target": f"{flow.request.host}:{flow.request.port}",
                "headers": dict(flow.request.headers)})

    def requestheaders(self, flow: http.HTTPFlow):
        if flow.request.method != "CONNECT":
            record({"kind": "request", "method": flow.request.method, "url": flow.request.pretty_url,
                    "headers": dict(flow.request.headers)})


addons = [Recorder()]
