"""Helpers of the tests: the SDK on the path, a scripted local HTTP server and a fake transport."""

from __future__ import annotations

import json
import os
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Dict, List, Optional, Tuple

SDK_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPO_ROOT = os.path.dirname(os.path.dirname(SDK_DIR))
if SDK_DIR not in sys.path:  # also runnable without PYTHONPATH, from anywhere
    sys.path.insert(0, SDK_DIR)

import printloop  # noqa: E402
from printloop import Response  # noqa: E402

Answer = Tuple[int, Dict[str, str], Any]


def envelope(code: str, message: str, param: Optional[str] = None, request_id: str = "req_1") -> Dict[str, Any]:
    error: Dict[str, Any] = {"code": code, "message": message, "request_id": request_id}
    if param is not None:
        error["param"] = param
    return {"error": error}


class Recorded:
    """One request the server or the fake transport saw."""

    def __init__(self, method: str, path: str, headers: Dict[str, str], body: bytes) -> None:
        self.method = method
        self.path = path
        self.headers = {k.lower(): v for k, v in headers.items()}
        self.body = body

    def json(self) -> Any:
        return json.loads(self.body.decode("utf-8"))


class ScriptedServer:
    """An HTTP server on 127.0.0.1 (random port) that answers from a script, in order, and records
    each request. An answer is ``(status, headers, body)`` (a dict or list body is sent as JSON), or the
    string ``"hang"`` to wait past the client's timeout."""

    def __init__(self) -> None:
        self.requests: List[Recorded] = []
        self.script: List[Any] = []
        self.default: Answer = (200, {}, {"ok": True})
        self.hang_seconds = 2.0
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:  # quiet
                pass

            def _handle(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length) if length else b""
                outer.requests.append(Recorded(self.command, self.path, dict(self.headers.items()), body))
                answer = outer.script.pop(0) if outer.script else outer.default
                if answer == "hang":
                    threading.Event().wait(outer.hang_seconds)
                    answer = outer.default
                status, headers, payload = answer
                data = payload if isinstance(payload, bytes) else json.dumps(payload).encode("utf-8")
                self.send_response(status)
                headers = {"Content-Type": "application/json", "Request-Id": "req_hdr", **headers}
                for k, v in headers.items():
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                try:
                    self.wfile.write(data)
                except OSError:
                    pass

            do_GET = do_POST = do_PATCH = do_DELETE = _handle

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


class FakeTransport:
    """A transport that answers from a script: an answer tuple, or an exception instance to raise."""

    def __init__(self, *script: Any) -> None:
        self.script = list(script)
        self.requests: List[Recorded] = []
        self.timeouts: List[float] = []

    def __call__(self, method: str, url: str, headers: Any, body: Optional[bytes], timeout: float) -> Response:
        self.requests.append(Recorded(method, url, dict(headers), body or b""))
        self.timeouts.append(timeout)
        answer = self.script.pop(0) if self.script else (200, {}, {"ok": True})
        if isinstance(answer, BaseException):
            raise answer
        status, headers, payload = answer
        data = payload if isinstance(payload, bytes) else json.dumps(payload).encode("utf-8")
        return Response(status, {"Request-Id": "req_hdr", **headers}, data)


class Sleeps(list):
    """A ``sleep`` that records the waits instead of waiting."""

    def __call__(self, seconds: float) -> None:
        self.append(seconds)


def client(transport: Any, sleeps: Optional[Sleeps] = None, **kwargs: Any) -> "printloop.PrintLoop":
    return printloop.PrintLoop(
        api_key="pl_test_unit", base_url="http://api.test", transport=transport, sleep=sleeps if sleeps is not None else Sleeps(), **kwargs
    )
