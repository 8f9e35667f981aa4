"""The exceptions the SDK raises.

Every API refusal is a :class:`PrintLoopError` (or one of its subclasses) built from the error
envelope ``{"error": {"code", "message", "param", "request_id"}}`` and the ``Request-Id`` header.
"""

from __future__ import annotations

from typing import Any, Dict, Mapping, Optional, Type

__all__ = [
    "PrintLoopError",
    "APIError",
    "APIConnectionError",
    "AuthenticationError",
    "PermissionDeniedError",
    "NotFoundError",
    "ValidationError",
    "ConflictError",
    "IdempotencyError",
    "RateLimitError",
    "WebhookVerificationError",
    "error_from_response",
]


class PrintLoopError(Exception):
    """Base class of every error of the SDK.

    Attributes:
        message: what went wrong, for a person.
        code: the API's stable error code (``VALIDATION_ERROR``, ``NOT_FOUND``, ...), or ``None``.
        param: the request field at fault (e.g. ``items[0].quantity``), or ``None``.
        status: the HTTP status, or ``None`` when there was no answer.
        request_id: the ``Request-Id`` of the answer (quote it to support), or ``None``.
        headers: the answer's headers (lower-case names).
        body: the parsed answer (usually the error envelope), or ``None``.
    """

    def __init__(
        self,
        message: str,
        *,
        code: Optional[str] = None,
        param: Optional[str] = None,
        status: Optional[int] = None,
        request_id: Optional[str] = None,
        headers: Optional[Mapping[str, str]] = None,
        body: Any = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.param = param
        self.status = status
        self.request_id = request_id
        self.headers: Mapping[str, str] = dict(headers or {})
        self.body = body

    def __str__(self) -> str:
        parts = []
        if self.status is not None:
            parts.append(str(self.status))
        if self.code:
            parts.append(self.code)
        prefix = " ".join(parts)
        text = f"{prefix}: {self.message}" if prefix else self.message
        if self.param:
            text += f" (param: {self.param})"
        if self.request_id:
            text += f" [request_id: {self.request_id}]"
        return text

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(message={self.message!r}, code={self.code!r}, "
            f"param={self.param!r}, status={self.status!r}, request_id={self.request_id!r})"
        )


class APIError(PrintLoopError):
    """The API answered with an error this SDK has no narrower class for (5xx, 405, ...)."""


class APIConnectionError(PrintLoopError):
    """No answer: the connection failed or timed out (after the retries)."""


class AuthenticationError(PrintLoopError):
    """401 ``UNAUTHENTICATED``: the API key is missing, wrong or revoked."""


class PermissionDeniedError(PrintLoopError):
    """403 ``FORBIDDEN``."""


class NotFoundError(PrintLoopError):
    """404 ``NOT_FOUND``: no such object for this key (another account's object is a 404 too)."""


class ValidationError(PrintLoopError):
    """The request was refused for its content: 400 ``VALIDATION_ERROR``, 413 ``FILE_TOO_LARGE`` and
    422 (``UNREADABLE_MODEL``, ``DOES_NOT_FIT``, ``IDEMPOTENCY_KEY_REUSED``). ``param`` names the field."""


class IdempotencyError(ValidationError):
    """422 ``IDEMPOTENCY_KEY_REUSED``: the same ``Idempotency-Key`` was sent with another body."""


class ConflictError(PrintLoopError):
    """409 ``CONFLICT`` (e.g. cancelling an order that is printing) or ``IDEMPOTENCY_KEY_IN_USE``
    (raised only once the retries are spent)."""


class RateLimitError(PrintLoopError):
    """429 ``RATE_LIMITED`` (raised only once the retries are spent). ``retry_after`` is in seconds."""

    @property
    def retry_after(self) -> Optional[float]:
        value = self.headers.get("retry-after")
        try:
            return float(value) if value is not None else None
        except ValueError:
            return None


class WebhookVerificationError(PrintLoopError):
    """A webhook's signature, timestamp or headers did not verify."""


_BY_STATUS: Dict[int, Type[PrintLoopError]] = {
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    400: ValidationError,
    413: ValidationError,
    422: ValidationError,
    409: ConflictError,
    429: RateLimitError,
}


def error_from_response(status: int, headers: Mapping[str, str], body: Any, raw: bytes) -> PrintLoopError:
    """The exception for an error answer: its class from the status (and code), its fields from the envelope."""
    code: Optional[str] = None
    param: Optional[str] = None
    request_id: Optional[str] = headers.get("request-id")
    message: str = ""
    envelope = body.get("error") if isinstance(body, dict) else None
    if isinstance(envelope, dict):
        code = envelope.get("code") if isinstance(envelope.get("code"), str) else None
        param = envelope.get("param") if isinstance(envelope.get("param"), str) else None
        text = envelope.get("message")
        message = text if isinstance(text, str) else ""
        if isinstance(envelope.get("request_id"), str):
            request_id = request_id or envelope["request_id"]
    if not message:
        text = raw[:500].decode("utf-8", "replace").strip()
        message = f"HTTP {status}" + (f": {text}" if text else "")
    cls: Type[PrintLoopError] = (
        IdempotencyError if code == "IDEMPOTENCY_KEY_REUSED" else _BY_STATUS.get(status, APIError)
    )
    return cls(message, code=code, param=param, status=status, request_id=request_id, headers=headers, body=body)
