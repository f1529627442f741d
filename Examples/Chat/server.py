#!/usr/bin/env python3
"""A stand-in for an OpenAI-compatible chat completions server, for Examples/Chat (standard
library only): POST /v1/chat/completions streams a canned reply to the last user message as
Server-Sent Events, one token every 40 ms, then `data: [DONE]`.

    python3 Examples/Chat/server.py --port PORT
"""

import argparse
import json
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def reply_to(question):
    return (f'You asked: "{question}" Here is the answer, streamed one token at a time, '
            'as a language model would send it.')


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_POST(self):
        if self.path != "/v1/chat/completions":
            return self.answer(404, {"error": {"message": "not found"}})
        if not self.headers.get("Authorization", "").startswith("Bearer "):
            return self.answer(401, {"error": {"message": "missing API key"}})
        try:
            request = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
            question = request["messages"][-1]["content"]
        except (ValueError, KeyError, IndexError, TypeError):
            return self.answer(400, {"error": {"message": "expected {\"messages\": [...]}"}})
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        words = reply_to(question).split(" ")
        for index, word in enumerate(words):
            last = index == len(words) - 1
            chunk = {"id": "chatcmpl-local", "object": "chat.completion.chunk", "choices": [
                {"index": 0, "delta": {"content": word if last else word + " "},
                 "finish_reason": "stop" if last else None}]}
            self.send_chunk(f"data: {json.dumps(chunk)}\n\n")
            time.sleep(0.04)
        self.send_chunk("data: [DONE]\n\n")
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def send_chunk(self, text):
        data = text.encode()
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
        self.wfile.flush()

    def answer(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    port = parser.parse_args().port
    ThreadingHTTPServer(("127.0.0.1", port), Handler).serve_forever()
