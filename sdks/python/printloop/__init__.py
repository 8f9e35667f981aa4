"""PrintLoop: instant 3D-print quotes and print-on-demand orders, from Python (standard library only).

    import printloop
    client = printloop.PrintLoop(api_key="pl_test_…", base_url="http://localhost:3000")
    order = client.orders.create(items=[...], shipping_address={...})
"""

from __future__ import annotations

from . import webhooks
from ._client import DEFAULT_BASE_URL, PrintLoop
from ._errors import (
    APIConnectionError,
    APIError,
    AuthenticationError,
    ConflictError,
    IdempotencyError,
    NotFoundError,
    PermissionDeniedError,
    PrintLoopError,
    RateLimitError,
    ValidationError,
    WebhookVerificationError,
)
from ._http import Response
from ._pagination import Page
from ._version import __version__

__all__ = [
    "PrintLoop",
    "DEFAULT_BASE_URL",
    "Page",
    "Response",
    "webhooks",
    "PrintLoopError",
    "APIError",
    "APIConnectionError",
    "AuthenticationError",
    "PermissionDeniedError",
    "NotFoundError",
    "ValidationError",
    "IdempotencyError",
    "ConflictError",
    "RateLimitError",
    "WebhookVerificationError",
    "__version__",
]
