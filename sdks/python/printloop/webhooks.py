"""Webhook verification: Standard Webhooks v1, as PrintLoop signs its deliveries.

Each delivery carries ``webhook-id`` (the event id), ``webhook-timestamp`` (Unix seconds) and
``webhook-signature`` (space-separated ``v1,<base64>`` entries). The signature is the HMAC-SHA256 of
``"{id}.{timestamp}.{body}"`` keyed with the base64-decoded part of the ``whsec_`` secret.

Usable without a client::

    from printloop.webhooks import verify
    event = verify(raw_body, request_headers, "whsec_...")
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import time
from email.message import Message
from typing import Any, Dict, Mapping, Optional, Union

from ._errors import WebhookVerificationError

__all__ = ["verify", "sign", "Webhooks", "Headers", "DEFAULT_TOLERANCE"]

#: The request headers: any mapping (names in any case), or an ``email.message.Message`` such as
#: ``http.server``'s ``self.headers``.
Headers = Union[Mapping[str, Any], Message]

#: How far (seconds) the ``webhook-timestamp`` may be from now, either way.
DEFAULT_TOLERANCE = 5 * 60

_PREFIX = "whsec_"


def _key(secret: str) -> bytes:
    if not isinstance(secret, str) or not secret:
        raise WebhookVerificationError("The webhook secret is empty: give the whsec_… secret of the endpoint.")
    raw = secret[len(_PREFIX) :] if secret.startswith(_PREFIX) else secret
    try:
        return base64.b64decode(raw, validate=True)
    except (binascii.Error, ValueError) as err:
        raise WebhookVerificationError("The webhook secret is not a valid whsec_… secret.") from err


def _header(headers: Headers, name: str) -> Optional[str]:
    """A header by name, case-insensitively; works with dicts, ``email.message.Message`` and the like."""
    getter = getattr(headers, "get", None)
    if getter is not None:
        value = getter(name)
        if value is None:
            value = getter(name.title())
        if value is not None:
            return value if isinstance(value, str) else str(value)
    items = getattr(headers, "items", None)
    if items is None:
        return None
    for key, value in items():
        if isinstance(key, str) and key.lower() == name:
            return value if isinstance(value, str) else str(value)
    return None


def sign(payload: Union[str, bytes], secret: str, msg_id: str, timestamp: int) -> str:
    """The ``webhook-signature`` value (``v1,<base64>``) for a body, as the server computes it."""
    body = payload if isinstance(payload, bytes) else payload.encode("utf-8")
    to_sign = f"{msg_id}.{timestamp}.".encode("utf-8") + body
    digest = hmac.new(_key(secret), to_sign, hashlib.sha256).digest()
    return "v1," + base64.b64encode(digest).decode("ascii")


def verify(
    payload: Union[str, bytes],
    headers: Headers,
    secret: str,
    *,
    tolerance: int = DEFAULT_TOLERANCE,
    now: Optional[float] = None,
) -> Dict[str, Any]:
    """Checks a delivery and answers the event it carries (the parsed JSON body).

    Args:
        payload: the raw request body, exactly as received (``bytes`` or ``str``); not re-serialised JSON.
        headers: the request headers (any mapping; names are matched case-insensitively).
        secret: the endpoint's ``whsec_…`` secret.
        tolerance: how many seconds the timestamp may be off (default 300).
        now: the current Unix time (for tests); default ``time.time()``.

    Raises:
        WebhookVerificationError: a header is missing, the timestamp is too old or too new, no signature
        matches, or the body is not JSON.
    """
    msg_id = _header(headers, "webhook-id")
    timestamp = _header(headers, "webhook-timestamp")
    signatures = _header(headers, "webhook-signature")
    if not msg_id or not timestamp or not signatures:
        raise WebhookVerificationError(
            "Missing webhook-id, webhook-timestamp or webhook-signature header.", code="MISSING_HEADERS"
        )
    try:
        ts = int(timestamp.strip())
    except ValueError as err:
        raise WebhookVerificationError(
            "The webhook-timestamp header is not a Unix time.", code="INVALID_TIMESTAMP"
        ) from err
    current = time.time() if now is None else now
    if ts < current - tolerance:
        raise WebhookVerificationError(
            "The webhook-timestamp is too old (more than 5 minutes).", code="TIMESTAMP_TOO_OLD"
        )
    if ts > current + tolerance:
        raise WebhookVerificationError(
            "The webhook-timestamp is too new (more than 5 minutes ahead).", code="TIMESTAMP_TOO_NEW"
        )

    expected = sign(payload, secret, msg_id, ts).split(",", 1)[1].encode("ascii")
    for entry in signatures.split(" "):
        version, _, value = entry.partition(",")
        if version != "v1" or not value:
            continue
        if hmac.compare_digest(value.encode("ascii", "replace"), expected):
            break
    else:
        raise WebhookVerificationError(
            "No signature matches: check the secret and use the raw body.", code="INVALID_SIGNATURE"
        )

    try:
        event = json.loads(payload.decode("utf-8") if isinstance(payload, bytes) else payload)
    except ValueError as err:
        raise WebhookVerificationError("The webhook body is not JSON.", code="INVALID_PAYLOAD") from err
    if not isinstance(event, dict):
        raise WebhookVerificationError("The webhook body is not a JSON object.", code="INVALID_PAYLOAD")
    return event


class Webhooks:
    """``client.webhooks``: :func:`verify` as a method (it needs no API key)."""

    DEFAULT_TOLERANCE = DEFAULT_TOLERANCE

    def verify(
        self,
        payload: Union[str, bytes],
        headers: Headers,
        secret: str,
        *,
        tolerance: int = DEFAULT_TOLERANCE,
        now: Optional[float] = None,
    ) -> Dict[str, Any]:
        """Checks a delivery and answers its event: see :func:`printloop.webhooks.verify`."""
        return verify(payload, headers, secret, tolerance=tolerance, now=now)

    @staticmethod
    def sign(payload: Union[str, bytes], secret: str, msg_id: str, timestamp: int) -> str:
        """The ``webhook-signature`` value for a body (for tests of your own handler)."""
        return sign(payload, secret, msg_id, timestamp)
