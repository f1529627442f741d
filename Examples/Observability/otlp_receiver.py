#!/usr/bin/env python3
"""A small OTLP/HTTP receiver that shows what it received as a tree (needs opentelemetry-proto).

    python otlp_receiver.py --port PORT

Serves on 127.0.0.1 only (--port 0: a free port, whose URL it prints), silently; stops on SIGTERM
or SIGINT. Exit status 75 when the port is taken. It stands in for an OpenTelemetry collector:

    POST /v1/traces    an ExportTraceServiceRequest      application/x-protobuf or application/json
    POST /v1/metrics   an ExportMetricsServiceRequest    (gzip too); each is kept in memory and
    POST /v1/logs      an ExportLogsServiceRequest       answered with its empty Export*Response
    GET  /traces       text/plain: every span received, one line each, under its parent, then the
                       number of metric data points and log records received
    GET  /health       {"ok": true}

A span's line has its name, its kind, the attributes that tell an HTTP call's story (see SHOWN),
and "(error)" when its status is an error; its events follow it, as `event NAME` lines with all
their attributes (those of SHOWN first), then its children, by start time. OTLP/JSON writes trace
and span ids in hex, which json_format reads as base64: the ids are then wrong, but consistently
so, which is all the tree needs.
"""

import argparse
import gzip
import signal
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from google.protobuf import json_format
from google.protobuf.message import DecodeError
from opentelemetry.proto.collector.logs.v1.logs_service_pb2 import ExportLogsServiceRequest, ExportLogsServiceResponse
from opentelemetry.proto.collector.metrics.v1.metrics_service_pb2 import (
    ExportMetricsServiceRequest, ExportMetricsServiceResponse)
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
    ExportTraceServiceRequest, ExportTraceServiceResponse)
from opentelemetry.proto.trace.v1.trace_pb2 import Span, Status

# The span attributes a line shows, in this order; the others are left out to keep lines short.
SHOWN = ["endpointkit.attempt", "http.request.method", "http.response.status_code", "http.request.resend_count",
         "error.type", "url.full"]
KINDS = {Span.SPAN_KIND_INTERNAL: "internal", Span.SPAN_KIND_SERVER: "server", Span.SPAN_KIND_CLIENT: "client",
         Span.SPAN_KIND_PRODUCER: "producer", Span.SPAN_KIND_CONSUMER: "consumer"}
SIGNALS = {"/v1/traces": (ExportTraceServiceRequest, ExportTraceServiceResponse),
           "/v1/metrics": (ExportMetricsServiceRequest, ExportMetricsServiceResponse),
           "/v1/logs": (ExportLogsServiceRequest, ExportLogsServiceResponse)}


def value_text(value):
    """An AnyValue as the text of `key=value`."""
    kind = value.WhichOneof("value")
    if kind == "double_value":
        return "%g" % value.double_value
    if kind == "array_value":
        return "[" + ", ".join(value_text(item) for item in value.array_value.values) + "]"
    return str(getattr(value, kind)) if kind else ""


def shown_first(key):
    """Sorts the keys of SHOWN first, in its order, then the others by name: the exporter's order is random."""
    return (SHOWN.index(key), "") if key in SHOWN else (len(SHOWN), key)


def attributes_of(key_values):
    return {attribute.key: value_text(attribute.value) for attribute in key_values}


class Received:
    """What the receiver was sent, under a lock: each span with its service, and counts."""

    def __init__(self):
        self.lock = threading.Lock()
        self.spans = {}  # (trace id, span id) -> (service name, Span); a span sent twice is kept once
        self.metric_points, self.metric_names, self.log_records = 0, set(), 0

    def add(self, path, request):
        with self.lock:
            if path == "/v1/traces":
                for resource_spans in request.resource_spans:
                    service = attributes_of(resource_spans.resource.attributes).get("service.name", "?")
                    for scope_spans in resource_spans.scope_spans:
                        for span in scope_spans.spans:
                            self.spans[(span.trace_id, span.span_id)] = (service, span)
            elif path == "/v1/metrics":
                for resource_metrics in request.resource_metrics:
                    for scope_metrics in resource_metrics.scope_metrics:
                        for metric in scope_metrics.metrics:
                            kind = metric.WhichOneof("data")
                            self.metric_points += len(getattr(metric, kind).data_points) if kind else 0
                            self.metric_names.add(metric.name)
            else:
                self.log_records += sum(len(scope_logs.log_records) for resource_logs in request.resource_logs
                                        for scope_logs in resource_logs.scope_logs)

    def tree(self):
        """The text of GET /traces."""
        with self.lock:
            spans, points, names, records = list(self.spans.values()), self.metric_points, sorted(self.metric_names), \
                self.log_records
        by_id = {(span.trace_id, span.span_id): span for _, span in spans}
        children = {}
        for _, span in sorted(spans, key=lambda pair: pair[1].start_time_unix_nano):
            parent = (span.trace_id, span.parent_span_id) if (span.trace_id, span.parent_span_id) in by_id else None
            children.setdefault(parent, []).append(span)
        rows = []  # (label, rest)

        def walk(span, depth, parent_attributes):
            indent = "  " * depth
            attributes = attributes_of(span.attributes)
            shown = [f"{key}={attributes[key]}" for key in SHOWN if key in attributes
                     and not (key == "http.request.method" and attributes[key] == span.name)
                     and not (key == "url.full" and attributes[key] == parent_attributes.get(key))]
            error = " (error)" if span.status.code == Status.STATUS_CODE_ERROR else ""
            rows.append((indent + span.name, "  ".join([KINDS.get(span.kind, "unspecified"), " ".join(shown)])
                         .rstrip() + error))
            for event in sorted(span.events, key=lambda event: event.time_unix_nano):
                event_attributes = " ".join(f"{key}={value}" for key, value in sorted(
                    attributes_of(event.attributes).items(), key=lambda item: shown_first(item[0])))
                rows.append((f"{indent}  event {event.name}", event_attributes))
            for child in children.get((span.trace_id, span.span_id), []):
                walk(child, depth + 1, attributes)

        for root in children.get(None, []):
            walk(root, 0, {})
        services = sorted({service for service, _ in spans})
        traces = len({span.trace_id for _, span in spans})
        width = max((len(label) for label, _ in rows), default=0) + 2
        lines = [f"{traces} trace(s), {len(spans)} span(s) from {', '.join(services) or 'no service'}"]
        lines += [(label.ljust(width) + rest).rstrip() for label, rest in rows]
        lines.append(f"metrics: {points} data point(s) of {', '.join(names) or 'no metric'}")
        lines.append(f"logs: {records} record(s)")
        return "\n".join(lines) + "\n"


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def do_GET(self):
        if self.path == "/health":
            self.send(200, "application/json", b'{"ok": true}')
        elif self.path == "/traces":
            self.send(200, "text/plain; charset=utf-8", self.server.received.tree().encode())
        else:
            self.send(404, "text/plain; charset=utf-8", b"not found\n")

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if self.path not in SIGNALS:
            return self.send(404, "text/plain; charset=utf-8", b"not found\n")
        request_type, response_type = SIGNALS[self.path]
        is_json = self.headers.get("Content-Type", "").split(";")[0].strip().lower() == "application/json"
        try:
            if self.headers.get("Content-Encoding", "").lower() == "gzip":
                body = gzip.decompress(body)
            request = json_format.Parse(body, request_type()) if is_json else request_type.FromString(body)
        except (DecodeError, json_format.ParseError, OSError, ValueError) as failure:
            return self.send(400, "text/plain; charset=utf-8", f"cannot decode the request: {failure}\n".encode())
        self.server.received.add(self.path, request)
        if is_json:
            self.send(200, "application/json", json_format.MessageToJson(response_type()).encode())
        else:
            self.send(200, "application/x-protobuf", response_type().SerializeToString())

    def send(self, status, content_type, data):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True, help="port on 127.0.0.1 (0: any free one)")
    args = parser.parse_args(argv)
    try:
        server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    except OSError as failure:
        print(f"otlp_receiver: cannot listen on 127.0.0.1:{args.port}: {failure}", file=sys.stderr)
        return 75
    server.daemon_threads, server.received = True, Received()
    stop = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
    threading.Thread(target=server.serve_forever, name="serve_forever", daemon=True).start()
    if args.port == 0:
        print(f"http://127.0.0.1:{server.server_port}", flush=True)
    while not stop.wait(1):
        pass
    server.shutdown()
    server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
