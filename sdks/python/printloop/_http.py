"""HTTP: the transport (urllib), and the requester that adds authentication, idempotency keys and retries."""

from __future__ import annotations

import email.utils
import http.client
import json
import platform
import random
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from typing import Any, Callable, Dict, Mapping, Optional

from ._errors import APIConnectionError, error_from_response
from ._version import __version__

__all__ = ["Response", "Transport", "UrllibTransport", "Requester"]

#: Caps of the waits between retries, in seconds.
INITIAL_DELAY = 0.5
MAX_DELAY = 8.0
MAX_RETRY_AFTER = 60.0


class Response:
    """What a transport answers: the status, the headers (lower-case names) and the raw body."""

    __slots__ = ("status", "headers", "body")

    def __init__(self, status: int, headers: Mapping[str, str], body: bytes) -> None:
        self.status = status
        self.headers: Dict[str, str] = {k.lower(): v for k, v in headers.items()}
        self.body = body


#: ``transport(method, url, headers, body, timeout) -> Response``. It raises ``OSError`` (``URLError``,
#: ``TimeoutError``, ``ConnectionError``, ...) or ``http.client.HTTPException`` when there is no answer.
Transport = Callable[[str, str, Mapping[str, str], Optional[bytes], float], Response]


class UrllibTransport:
    """The default transport: ``urllib.request``, any status returned as a :class:`Response`."""

    def __init__(self) -> None:
        self._opener = urllib.request.build_opener()

    def __call__(
        self, method: str, url: str, headers: Mapping[str, str], body: Optional[bytes], timeout: float
    ) -> Response:
        req = urllib.request.Request(url, data=body, headers=dict(headers), method=method)
        try:
            with self._opener.open(req, timeout=timeout) as res:
                return Response(res.status, dict(res.headers.items()), res.read())
        except urllib.error.HTTPError as err:
            try:
                data = err.read()
            finally:
                err.close()
            return Response(err.code, dict(err.headers.items()) if err.headers else {}, data)


def _retry_after(headers: Mapping[str, str]) -> Optional[float]:
    """``Retry-After`` in seconds (a number or an HTTP date), or None."""
    value = headers.get("retry-after")
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass  # not a number: an HTTP date
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when is None:
        return None
    return max(0.0, when.timestamp() - time.time())


def _error_code(body: Any) -> Optional[str]:
    if isinstance(body, dict) and isinstance(body.get("error"), dict):
        code = body["error"].get("code")
        return code if isinstance(code, str) else None
    return None


def _parse(raw: bytes) -> Any:
    if not raw:
        return None
    try:
        return json.loads(raw.decode("utf-8"))
    except ValueError:
        return None


class Requester:
    """Sends the API's requests: the key, ``Idempotency-Key`` on every POST (one per call, the same on
    each retry), and retries with exponential backoff and jitter on network errors, 409
    ``IDEMPOTENCY_KEY_IN_USE``, 429 and 5xx, waiting ``Retry-After`` when the answer gives one."""

    def __init__(
        self,
        api_key: str,
        base_url: str,
        *,
        max_retries: int,
        timeout: float,
        transport: Optional[Transport] = None,
        sleep: Callable[[float], None] = time.sleep,
        user_agent: Optional[str] = None,
    ) -> None:
        self.api_key = api_key
        self.base_url = base_url.rstrip("/")
        self.max_retries = max(0, int(max_retries))
        self.timeout = timeout
        self.transport: Transport = transport or UrllibTransport()
        self.sleep = sleep
        self.user_agent = user_agent or (
            f"printloop-python/{__version__} Python/{platform.python_version()}"
        )

    def url(self, path: str, query: Optional[Mapping[str, Any]] = None) -> str:
        url = f"{self.base_url}/v1{path}"
        if query:
            pairs = [(k, _query_value(v)) for k, v in query.items() if v is not None]
            if pairs:
                url += "?" + urllib.parse.urlencode(pairs)
        return url

    def backoff(self, attempt: int, response: Optional[Response]) -> float:
        """The wait before retry number ``attempt + 1``: ``Retry-After`` if given, else
        ``INITIAL_DELAY * 2**attempt`` capped at ``MAX_DELAY``, with jitter (between half and all of it)."""
        if response is not None:
            after = _retry_after(response.headers)
            if after is not None:
                return min(after, MAX_RETRY_AFTER)
        delay = min(MAX_DELAY, INITIAL_DELAY * (2.0**attempt))
        return delay * (0.5 + random.random() / 2)

    def request(
        self,
        method: str,
        path: str,
        *,
        query: Optional[Mapping[str, Any]] = None,
        json_body: Any = None,
        body: Optional[bytes] = None,
        content_type: Optional[str] = None,
        idempotency_key: Optional[str] = None,
    ) -> Any:
        """Sends one API call (retrying as needed) and answers the parsed JSON, or raises."""
        method = method.upper()
        headers: Dict[str, str] = {
            "Authorization": f"Bearer {self.api_key}",
            "Accept": "application/json",
            "User-Agent": self.user_agent,
        }
        if json_body is not None:
            body = json.dumps(json_body, separators=(",", ":")).encode("utf-8")
            content_type = "application/json"
        if content_type:
            headers["Content-Type"] = content_type
        if method == "POST":
            headers["Idempotency-Key"] = idempotency_key or str(uuid.uuid4())
        url = self.url(path, query)

        attempt = 0
        while True:
            response: Optional[Response] = None
            try:
                response = self.transport(method, url, headers, body, self.timeout)
            except (OSError, http.client.HTTPException, socket.timeout) as err:
                if attempt < self.max_retries:
                    self.sleep(self.backoff(attempt, None))
                    attempt += 1
                    continue
                raise APIConnectionError(
                    f"Could not reach the PrintLoop API at {self.base_url} ({type(err).__name__}: {err}).",
                ) from err

            parsed = _parse(response.body)
            if 200 <= response.status < 300:
                return parsed
            if attempt < self.max_retries and self._should_retry(response, parsed):
                self.sleep(self.backoff(attempt, response))
                attempt += 1
                continue
            raise error_from_response(response.status, response.headers, parsed, response.body)

    @staticmethod
    def _should_retry(response: Response, parsed: Any) -> bool:
        if response.status == 429 or response.status >= 500:
            return True
        return response.status == 409 and _error_code(parsed) == "IDEMPOTENCY_KEY_IN_USE"


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
