"""The client: ``PrintLoop(api_key=..., base_url=...)``."""

from __future__ import annotations

import os
import time
from typing import Callable, Optional

from ._http import Requester, Transport
from ._resources import (
    Events,
    Files,
    Orders,
    Products,
    Quotes,
    Shipping,
    TestHelpers,
    WebhookEndpoints,
)
from .webhooks import Webhooks

DEFAULT_BASE_URL = "https://api.printloop.example.com"
DEFAULT_MAX_RETRIES = 3
DEFAULT_TIMEOUT = 60.0


class PrintLoop:
    """A client of the PrintLoop API.

    Args:
        api_key: ``pl_test_…`` or ``pl_live_…``; default ``$PRINTLOOP_API_KEY``.
        base_url: the server's origin (the SDK adds ``/v1``); default ``$PRINTLOOP_BASE_URL`` or
            ``https://api.printloop.example.com``.
        max_retries: how many times a call is retried after a network error, a 409
            ``IDEMPOTENCY_KEY_IN_USE``, a 429 or a 5xx (default 3; 0 turns retries off).
        timeout: seconds to wait for each attempt (default 60).
        transport: replaces the HTTP transport (for tests): ``(method, url, headers, body, timeout) -> Response``.
        sleep: replaces ``time.sleep`` between retries (for tests).
    """

    def __init__(
        self,
        api_key: Optional[str] = None,
        base_url: Optional[str] = None,
        *,
        max_retries: int = DEFAULT_MAX_RETRIES,
        timeout: float = DEFAULT_TIMEOUT,
        transport: Optional[Transport] = None,
        sleep: Optional[Callable[[float], None]] = None,
    ) -> None:
        key = api_key if api_key is not None else os.environ.get("PRINTLOOP_API_KEY")
        if not key:
            raise ValueError("Give api_key= (pl_test_… or pl_live_…) or set PRINTLOOP_API_KEY.")
        origin = base_url or os.environ.get("PRINTLOOP_BASE_URL") or DEFAULT_BASE_URL
        origin = origin.rstrip("/")
        if origin.endswith("/v1"):
            origin = origin[: -len("/v1")]
        self._requester = Requester(
            key,
            origin,
            max_retries=max_retries,
            timeout=timeout,
            transport=transport,
            sleep=sleep if sleep is not None else time.sleep,
        )
        self.base_url = origin
        self.files = Files(self._requester)
        self.quotes = Quotes(self._requester)
        self.products = Products(self._requester)
        self.orders = Orders(self._requester)
        self.shipping = Shipping(self._requester)
        self.webhook_endpoints = WebhookEndpoints(self._requester)
        self.events = Events(self._requester)
        self.test_helpers = TestHelpers(self._requester)
        self.webhooks = Webhooks()

    @property
    def max_retries(self) -> int:
        return self._requester.max_retries

    @property
    def timeout(self) -> float:
        return self._requester.timeout

    def __repr__(self) -> str:
        return f"PrintLoop(base_url={self.base_url!r})"
