"""The API's resources, named as in API.md section 3. Every method answers the JSON object as a ``dict``
(lists as a :class:`~printloop.Page`). POST methods take ``idempotency_key=`` (default: a new uuid4)."""

from __future__ import annotations

import urllib.parse
from typing import Any, Dict, Iterable, List, Mapping, Optional, Tuple

from . import _multipart
from ._errors import APIError
from ._http import Requester
from ._pagination import Page

JSON = Dict[str, Any]


def _id(value: str) -> str:
    if not isinstance(value, str) or not value:
        raise ValueError("An object id (a non-empty string) is required.")
    return urllib.parse.quote(value, safe="")


def _object(value: Any) -> JSON:
    """An answer, which is a JSON object for every operation of the API."""
    if not isinstance(value, dict):
        raise APIError(f"Expected a JSON object from the API, got {type(value).__name__}.")
    return value


def _body(params: Optional[Mapping[str, Any]], kwargs: Mapping[str, Any]) -> JSON:
    """A request body from a dict and/or keyword arguments (``None`` values left out)."""
    merged: JSON = dict(params or {})
    merged.update(kwargs)
    return {k: v for k, v in merged.items() if v is not None}


class _Resource:
    def __init__(self, requester: Requester) -> None:
        self._requester = requester

    def _get(self, path: str, query: Optional[Mapping[str, Any]] = None) -> JSON:
        return _object(self._requester.request("GET", path, query=query))

    def _post(self, path: str, body: Optional[JSON] = None, idempotency_key: Optional[str] = None) -> JSON:
        return _object(
            self._requester.request(
                "POST", path, json_body=body if body is not None else {}, idempotency_key=idempotency_key
            )
        )

    def _call(self, method: str, path: str, body: Optional[JSON] = None) -> JSON:
        return _object(self._requester.request(method, path, json_body=body))

    def _list(self, path: str, params: Mapping[str, Any]) -> Page:
        query = {k: v for k, v in params.items() if v is not None}

        def fetch(p: Dict[str, Any]) -> Page:
            return Page(self._get(path, p), fetch, p)

        return fetch(query)


class Files(_Resource):
    """``/v1/files``: models uploaded, or fetched by the server from a URL, and their analysis."""

    def create(
        self,
        file: Optional[_multipart.FileInput] = None,
        *,
        url: Optional[str] = None,
        filename: Optional[str] = None,
        units: Optional[str] = None,
        idempotency_key: Optional[str] = None,
    ) -> JSON:
        """Uploads a model (``file=``: a path, bytes or a binary file object; multipart field ``file``) or
        has the server fetch one (``url=``). ``units`` is ``mm``, ``cm`` or ``in``; ``filename`` is needed
        with bytes (its extension tells the format: .stl, .obj, .3mf, .step)."""
        if (file is None) == (url is None):
            raise ValueError("Give either file= (a path, bytes or a file object) or url=.")
        if url is not None:
            return self._post(
                "/files", _body(None, {"url": url, "filename": filename, "units": units}), idempotency_key
            )
        data, name = _multipart.read_file(file, filename)  # type: ignore[arg-type]
        fields: List[Tuple[str, str]] = [("units", units)] if units else []
        body, content_type = _multipart.encode(fields, "file", name, data)
        return _object(
            self._requester.request(
                "POST", "/files", body=body, content_type=content_type, idempotency_key=idempotency_key
            )
        )

    def retrieve(self, id: str) -> JSON:
        return self._get(f"/files/{_id(id)}")


class Quotes(_Resource):
    """``/v1/quotes``: a price for printing one file, product or model URL."""

    def create(
        self, params: Optional[Mapping[str, Any]] = None, /, *, idempotency_key: Optional[str] = None, **kwargs: Any
    ) -> JSON:
        """``file_id``, ``product_id`` or ``model_url``, with ``material``, ``color``, ``layer_height``,
        ``infill``, ``print_speed``, ``supports``, ``post_processing``, ``units`` and ``quantity``."""
        return self._post("/quotes", _body(params, kwargs), idempotency_key)

    def retrieve(self, id: str) -> JSON:
        return self._get(f"/quotes/{_id(id)}")


class Products(_Resource):
    """``/v1/products``: a seller's reusable models with defaults."""

    def create(
        self, params: Optional[Mapping[str, Any]] = None, /, *, idempotency_key: Optional[str] = None, **kwargs: Any
    ) -> JSON:
        """``name``, ``file_id`` or ``model_url``, and optionally ``description``, ``materials``,
        ``dimensions`` (checked against the file within 1 mm), ``defaults``, ``sku``, ``metadata``."""
        return self._post("/products", _body(params, kwargs), idempotency_key)

    def list(
        self,
        *,
        limit: Optional[int] = None,
        starting_after: Optional[str] = None,
        ending_before: Optional[str] = None,
        archived: Optional[bool] = None,
    ) -> Page:
        return self._list(
            "/products",
            {
                "limit": limit,
                "starting_after": starting_after,
                "ending_before": ending_before,
                "archived": archived,
            },
        )

    def retrieve(self, id: str) -> JSON:
        return self._get(f"/products/{_id(id)}")

    def update(self, id: str, params: Optional[Mapping[str, Any]] = None, /, **kwargs: Any) -> JSON:
        """PATCH: only the fields given change (``None`` leaves a field out; pass ``params={"sku": None}``
        to clear one)."""
        body: JSON = dict(params or {})
        body.update({k: v for k, v in kwargs.items() if v is not None})
        return self._call("PATCH", f"/products/{_id(id)}", body)

    def archive(self, id: str) -> JSON:
        """DELETE: archives the product (kept for the orders that refer to it); answers the product."""
        return self._call("DELETE", f"/products/{_id(id)}")


class Orders(_Resource):
    """``/v1/orders``."""

    def create(
        self, params: Optional[Mapping[str, Any]] = None, /, *, idempotency_key: Optional[str] = None, **kwargs: Any
    ) -> JSON:
        """``items`` (each with one of ``quote_id``, ``product_id``, ``file_id``, ``model_url``, and
        ``quantity`` and the print parameters), ``shipping_address``, and optionally ``shipping_service``,
        ``external_id``, ``metadata``, ``vat_number``."""
        return self._post("/orders", _body(params, kwargs), idempotency_key)

    def list(
        self,
        *,
        status: Optional[str] = None,
        external_id: Optional[str] = None,
        limit: Optional[int] = None,
        starting_after: Optional[str] = None,
        ending_before: Optional[str] = None,
    ) -> Page:
        """Newest first; filter by ``status`` and ``external_id``."""
        return self._list(
            "/orders",
            {
                "status": status,
                "external_id": external_id,
                "limit": limit,
                "starting_after": starting_after,
                "ending_before": ending_before,
            },
        )

    def retrieve(self, id: str) -> JSON:
        """The order with its timeline (``events``)."""
        return self._get(f"/orders/{_id(id)}")

    def cancel(self, id: str, *, reason: Optional[str] = None, idempotency_key: Optional[str] = None) -> JSON:
        """Allowed while ``awaiting_payment`` or ``queued``; later a :class:`ConflictError`."""
        return self._post(f"/orders/{_id(id)}/cancel", _body(None, {"reason": reason}), idempotency_key)


class Shipping(_Resource):
    """``/v1/shipping/rates``: Royal Mail, DPD, DHL, FedEx and UPS rates, cheapest first."""

    def rates(self, *, country: str, weight_grams: float) -> Page:
        """Rates to ``country`` (ISO 3166-1 alpha-2) for goods of ``weight_grams``."""
        return Page(self._get("/shipping/rates", {"country": country, "weight_grams": weight_grams}))

    def rates_for_items(
        self, *, country: str, items: Iterable[Mapping[str, Any]], idempotency_key: Optional[str] = None
    ) -> Page:
        """Rates for items (``file_id`` or ``product_id``, ``quantity``, parameters), weighed as an order."""
        body = {"country": country, "items": [dict(i) for i in items]}
        return Page(self._post("/shipping/rates", body, idempotency_key))


class WebhookEndpoints(_Resource):
    """``/v1/webhook_endpoints``."""

    def create(
        self,
        *,
        url: str,
        events: Optional[Iterable[str]] = None,
        description: Optional[str] = None,
        idempotency_key: Optional[str] = None,
    ) -> JSON:
        """``events`` defaults to ``["*"]``. The answer has the ``secret`` (``whsec_…``): keep it, it is
        shown once."""
        body = _body(None, {"url": url, "events": list(events) if events is not None else None,
                            "description": description})
        return self._post("/webhook_endpoints", body, idempotency_key)

    def list(self) -> Page:
        return self._list("/webhook_endpoints", {})

    def delete(self, id: str) -> JSON:
        return self._call("DELETE", f"/webhook_endpoints/{_id(id)}")

    def test(self, id: str, *, idempotency_key: Optional[str] = None) -> JSON:
        """Queues a ``ping`` event to the endpoint and answers the event."""
        return self._post(f"/webhook_endpoints/{_id(id)}/test", None, idempotency_key)


class Events(_Resource):
    """``/v1/events``: one per change, kept 30 days."""

    def list(
        self,
        *,
        type: Optional[str] = None,
        limit: Optional[int] = None,
        starting_after: Optional[str] = None,
        ending_before: Optional[str] = None,
    ) -> Page:
        return self._list(
            "/events",
            {"type": type, "limit": limit, "starting_after": starting_after, "ending_before": ending_before},
        )

    def retrieve(self, id: str) -> JSON:
        return self._get(f"/events/{_id(id)}")

    def redeliver(
        self, id: str, *, endpoint_id: Optional[str] = None, idempotency_key: Optional[str] = None
    ) -> JSON:
        """A new delivery (same ``webhook-id``) to ``endpoint_id``, or to every endpoint that wants it."""
        return self._post(f"/events/{_id(id)}/redeliver", _body(None, {"endpoint_id": endpoint_id}),
                          idempotency_key)


class TestOrders(_Resource):
    """``client.test_helpers.orders``."""

    __test__ = False  # not a unittest/pytest test class

    def advance(self, id: str, *, idempotency_key: Optional[str] = None) -> JSON:
        """Moves a test order to its next status now (queued → printing → packaging → shipped → delivered),
        firing the same webhooks as the simulated clock. Test keys only; a 409 when there is no next status."""
        return self._post(f"/test_helpers/orders/{_id(id)}/advance", None, idempotency_key)


class TestHelpers:
    """``client.test_helpers``: test keys only."""

    __test__ = False

    def __init__(self, requester: Requester) -> None:
        self.orders = TestOrders(requester)
