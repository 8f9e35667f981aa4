"""Offline tests of the client: requests, retries, idempotency keys, errors, pagination, multipart."""

from __future__ import annotations

import email.parser
import email.policy
import io
import os
import socket
import tempfile
import unittest
import unittest.mock
import urllib.error
import urllib.parse

from _support import FakeTransport, ScriptedServer, Sleeps, client, envelope

import printloop
from printloop import _http


class RequestTests(unittest.TestCase):
    def test_url_auth_and_headers(self) -> None:
        t = FakeTransport((200, {}, {"id": "ord_1", "object": "order"}))
        c = printloop.PrintLoop(api_key="pl_test_abc", base_url="http://api.test/", transport=t)
        order = c.orders.retrieve("ord_1")
        self.assertEqual(order, {"id": "ord_1", "object": "order"})
        req = t.requests[0]
        self.assertEqual(req.method, "GET")
        self.assertEqual(req.path, "http://api.test/v1/orders/ord_1")
        self.assertEqual(req.headers["authorization"], "Bearer pl_test_abc")
        self.assertIn("printloop-python/", req.headers["user-agent"])
        self.assertNotIn("idempotency-key", req.headers)

    def test_default_base_url_and_v1_suffix(self) -> None:
        with unittest.mock.patch.dict(os.environ):
            os.environ.pop("PRINTLOOP_BASE_URL", None)
            self.assertEqual(printloop.PrintLoop(api_key="k").base_url, "https://api.printloop.example.com")
            os.environ["PRINTLOOP_BASE_URL"] = "http://env.test"
            self.assertEqual(printloop.PrintLoop(api_key="k").base_url, "http://env.test")
        self.assertEqual(printloop.PrintLoop(api_key="k", base_url="http://x.test/v1/").base_url, "http://x.test")

    def test_missing_key(self) -> None:
        with unittest.mock.patch.dict(os.environ):
            os.environ.pop("PRINTLOOP_API_KEY", None)
            with self.assertRaises(ValueError):
                printloop.PrintLoop()

    def test_ids_are_quoted(self) -> None:
        t = FakeTransport()
        client(t).files.retrieve("file_../x?y")
        self.assertEqual(t.requests[0].path, "http://api.test/v1/files/file_..%2Fx%3Fy")

    def test_post_json_body_and_idempotency_key(self) -> None:
        t = FakeTransport((201, {}, {"id": "ord_1"}))
        address = {"name": "A", "street": "1 St", "city": "London", "postal_code": "SW1A 1AA", "country": "GB"}
        client(t).orders.create(
            items=[{"file_id": "file_1", "material": "PLA", "color": "black", "quantity": 2}],
            shipping_address=address,
            external_id=None,
        )
        req = t.requests[0]
        self.assertEqual(req.method, "POST")
        self.assertEqual(req.headers["content-type"], "application/json")
        self.assertEqual(
            req.json(),
            {
                "items": [{"file_id": "file_1", "material": "PLA", "color": "black", "quantity": 2}],
                "shipping_address": address,
            },
        )
        key = req.headers["idempotency-key"]
        self.assertRegex(key, r"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")

    def test_each_call_gets_its_own_key_and_callers_key_is_sent(self) -> None:
        t = FakeTransport()
        c = client(t)
        c.quotes.create(file_id="file_1", material="PLA", color="black")
        c.quotes.create({"file_id": "file_1", "material": "PLA", "color": "black"})
        c.orders.cancel("ord_1", idempotency_key="my-key-1")
        keys = [r.headers["idempotency-key"] for r in t.requests]
        self.assertNotEqual(keys[0], keys[1])
        self.assertEqual(keys[2], "my-key-1")
        self.assertEqual(t.requests[0].json(), t.requests[1].json())
        self.assertEqual(t.requests[2].path, "http://api.test/v1/orders/ord_1/cancel")
        self.assertEqual(t.requests[2].json(), {})

    def test_every_endpoint_path(self) -> None:
        t = FakeTransport(*[(200, {}, {"object": "list", "data": [], "has_more": False})] * 30)
        c = client(t)
        c.files.create(url="https://example.org/a.stl", units="mm")
        c.files.retrieve("file_1")
        c.quotes.retrieve("quo_1")
        c.products.create(name="Stand", file_id="file_1")
        c.products.list(archived=True, limit=5)
        c.products.retrieve("prd_1")
        c.products.update("prd_1", name="New")
        c.products.archive("prd_1")
        c.orders.list(status="queued", external_id="shop-1")
        c.shipping.rates(country="DE", weight_grams=420)
        c.shipping.rates_for_items(country="DE", items=[{"file_id": "file_1", "quantity": 1}])
        c.webhook_endpoints.create(url="https://example.org/hook", events=["order.created"])
        c.webhook_endpoints.list()
        c.webhook_endpoints.delete("we_1")
        c.webhook_endpoints.test("we_1")
        c.events.list(type="order.created")
        c.events.retrieve("evt_1")
        c.events.redeliver("evt_1", endpoint_id="we_1")
        c.test_helpers.orders.advance("ord_1")
        seen = [(r.method, urllib.parse.urlsplit(r.path)._replace(scheme="", netloc="").geturl()) for r in t.requests]
        self.assertEqual(
            seen,
            [
                ("POST", "/v1/files"),
                ("GET", "/v1/files/file_1"),
                ("GET", "/v1/quotes/quo_1"),
                ("POST", "/v1/products"),
                ("GET", "/v1/products?limit=5&archived=true"),
                ("GET", "/v1/products/prd_1"),
                ("PATCH", "/v1/products/prd_1"),
                ("DELETE", "/v1/products/prd_1"),
                ("GET", "/v1/orders?status=queued&external_id=shop-1"),
                ("GET", "/v1/shipping/rates?country=DE&weight_grams=420"),
                ("POST", "/v1/shipping/rates"),
                ("POST", "/v1/webhook_endpoints"),
                ("GET", "/v1/webhook_endpoints"),
                ("DELETE", "/v1/webhook_endpoints/we_1"),
                ("POST", "/v1/webhook_endpoints/we_1/test"),
                ("GET", "/v1/events?type=order.created"),
                ("GET", "/v1/events/evt_1"),
                ("POST", "/v1/events/evt_1/redeliver"),
                ("POST", "/v1/test_helpers/orders/ord_1/advance"),
            ],
        )
        self.assertEqual(t.requests[0].json(), {"url": "https://example.org/a.stl", "units": "mm"})
        self.assertEqual(t.requests[6].json(), {"name": "New"})
        self.assertEqual(t.requests[10].json(), {"country": "DE", "items": [{"file_id": "file_1", "quantity": 1}]})
        self.assertEqual(t.requests[11].json(), {"url": "https://example.org/hook", "events": ["order.created"]})
        self.assertEqual(t.requests[17].json(), {"endpoint_id": "we_1"})
        for r in t.requests:
            self.assertEqual("idempotency-key" in r.headers, r.method == "POST", r.path)


class RetryTests(unittest.TestCase):
    def test_5xx_then_success_reuses_the_key(self) -> None:
        t = FakeTransport(
            (500, {}, envelope("INTERNAL_ERROR", "boom")),
            (503, {}, b"<html>unavailable</html>"),
            (201, {}, {"id": "ord_1"}),
        )
        sleeps = Sleeps()
        order = client(t, sleeps).orders.create(items=[], shipping_address={})
        self.assertEqual(order, {"id": "ord_1"})
        self.assertEqual(len(t.requests), 3)
        self.assertEqual(len({r.headers["idempotency-key"] for r in t.requests}), 1)
        self.assertEqual(len({r.body for r in t.requests}), 1)
        # Exponential backoff with jitter: attempt n waits between half and all of 0.5 * 2**n.
        self.assertEqual(len(sleeps), 2)
        self.assertTrue(0.25 <= sleeps[0] <= 0.5, sleeps)
        self.assertTrue(0.5 <= sleeps[1] <= 1.0, sleeps)

    def test_retry_after_is_honoured(self) -> None:
        t = FakeTransport(
            (429, {"Retry-After": "2"}, envelope("RATE_LIMITED", "slow down")),
            (200, {}, {"id": "file_1"}),
        )
        sleeps = Sleeps()
        client(t, sleeps).files.retrieve("file_1")
        self.assertEqual(sleeps, [2.0])

    def test_retry_after_http_date(self) -> None:
        self.assertEqual(_http._retry_after({"retry-after": "Wed, 21 Oct 2015 07:28:00 GMT"}), 0.0)
        self.assertIsNone(_http._retry_after({"retry-after": "soon"}))

    def test_idempotency_key_in_use_is_retried_but_other_conflicts_are_not(self) -> None:
        t = FakeTransport(
            (409, {}, envelope("IDEMPOTENCY_KEY_IN_USE", "still running")),
            (200, {}, {"id": "ord_1", "status": "cancelled"}),
            (409, {}, envelope("CONFLICT", "This order is printing: it can no longer be cancelled.")),
        )
        c = client(t)
        self.assertEqual(c.orders.cancel("ord_1")["status"], "cancelled")
        self.assertEqual(t.requests[0].headers["idempotency-key"], t.requests[1].headers["idempotency-key"])
        with self.assertRaises(printloop.ConflictError) as ctx:
            c.orders.cancel("ord_2")
        self.assertEqual(ctx.exception.code, "CONFLICT")
        self.assertEqual(len(t.requests), 3)

    def test_4xx_is_not_retried(self) -> None:
        t = FakeTransport((400, {}, envelope("VALIDATION_ERROR", "bad", "items[0].quantity")))
        with self.assertRaises(printloop.ValidationError):
            client(t).orders.create(items=[])
        self.assertEqual(len(t.requests), 1)

    def test_retries_run_out(self) -> None:
        t = FakeTransport(*[(429, {"Retry-After": "1"}, envelope("RATE_LIMITED", "slow down", request_id="r9"))] * 5)
        sleeps = Sleeps()
        with self.assertRaises(printloop.RateLimitError) as ctx:
            client(t, sleeps, max_retries=2).orders.list()
        err = ctx.exception
        self.assertEqual((err.status, err.code, err.request_id), (429, "RATE_LIMITED", "req_hdr"))
        self.assertEqual(err.retry_after, 1.0)
        self.assertEqual(len(t.requests), 3)
        self.assertEqual(sleeps, [1.0, 1.0])

    def test_network_errors_are_retried(self) -> None:
        t = FakeTransport(
            urllib.error.URLError(ConnectionRefusedError(111, "refused")),
            socket.timeout("timed out"),
            ConnectionResetError(104, "reset"),
            (201, {}, {"id": "file_1"}),
        )
        self.assertEqual(client(t).files.create(url="https://example.org/a.stl")["id"], "file_1")
        self.assertEqual(len({r.headers["idempotency-key"] for r in t.requests}), 1)

    def test_no_retries(self) -> None:
        t = FakeTransport((500, {}, envelope("INTERNAL_ERROR", "boom")))
        with self.assertRaises(printloop.APIError) as ctx:
            client(t, max_retries=0).orders.retrieve("ord_1")
        self.assertEqual(ctx.exception.status, 500)
        self.assertEqual(len(t.requests), 1)

    def test_connection_refused_over_the_network(self) -> None:
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
        sock.close()  # nothing listens there now
        sleeps = Sleeps()
        c = printloop.PrintLoop(api_key="k", base_url=f"http://127.0.0.1:{port}", max_retries=2, sleep=sleeps)
        with self.assertRaises(printloop.APIConnectionError) as ctx:
            c.orders.list()
        self.assertIsNone(ctx.exception.status)
        self.assertEqual(len(sleeps), 2)


class LocalServerTests(unittest.TestCase):
    """The default urllib transport against a real HTTP server on 127.0.0.1."""

    def setUp(self) -> None:
        self.server = ScriptedServer()
        self.sleeps = Sleeps()
        self.client = printloop.PrintLoop(
            api_key="pl_test_local", base_url=self.server.base_url, sleep=self.sleeps, timeout=5
        )

    def tearDown(self) -> None:
        self.server.close()

    def test_retry_with_the_same_key_over_http(self) -> None:
        self.server.script = [
            (502, {}, b"bad gateway"),
            (429, {"Retry-After": "0"}, envelope("RATE_LIMITED", "slow")),
            (201, {}, {"id": "quo_1", "object": "quote"}),
        ]
        quote = self.client.quotes.create(file_id="file_1", material="PLA", color="black", quantity=3)
        self.assertEqual(quote["id"], "quo_1")
        reqs = self.server.requests
        self.assertEqual([r.path for r in reqs], ["/v1/quotes"] * 3)
        self.assertEqual(len({r.headers["idempotency-key"] for r in reqs}), 1)
        self.assertEqual(reqs[2].json(), {"file_id": "file_1", "material": "PLA", "color": "black", "quantity": 3})
        self.assertEqual(self.sleeps[1], 0.0)

    def test_timeout_is_retried_then_a_connection_error(self) -> None:
        self.server.hang_seconds = 1.5
        self.server.script = ["hang", "hang"]
        c = printloop.PrintLoop(
            api_key="k", base_url=self.server.base_url, timeout=0.3, max_retries=1, sleep=self.sleeps
        )
        with self.assertRaises(printloop.APIConnectionError):
            c.orders.retrieve("ord_1")
        self.assertEqual(len(self.server.requests), 2)

    def test_typed_errors(self) -> None:
        cases = [
            (401, "UNAUTHENTICATED", printloop.AuthenticationError),
            (403, "FORBIDDEN", printloop.PermissionDeniedError),
            (404, "NOT_FOUND", printloop.NotFoundError),
            (400, "VALIDATION_ERROR", printloop.ValidationError),
            (413, "FILE_TOO_LARGE", printloop.ValidationError),
            (422, "DOES_NOT_FIT", printloop.ValidationError),
            (422, "IDEMPOTENCY_KEY_REUSED", printloop.IdempotencyError),
            (409, "CONFLICT", printloop.ConflictError),
            (405, "METHOD_NOT_ALLOWED", printloop.APIError),
        ]
        for status, code, cls in cases:
            self.server.script = [(status, {"Request-Id": f"req_{status}"}, envelope(code, "why", "items[0].quantity", f"req_{status}"))]
            with self.assertRaises(cls) as ctx:
                self.client.orders.retrieve("ord_1")
            err = ctx.exception
            self.assertIsInstance(err, printloop.PrintLoopError)
            self.assertEqual((err.status, err.code, err.param, err.message), (status, code, "items[0].quantity", "why"))
            self.assertEqual(err.request_id, f"req_{status}")
            self.assertIn(code, str(err))

    def test_error_without_envelope(self) -> None:
        self.server.script = [(404, {"Content-Type": "text/html"}, b"<h1>Not here</h1>")]
        with self.assertRaises(printloop.NotFoundError) as ctx:
            self.client.files.retrieve("file_1")
        self.assertIsNone(ctx.exception.code)
        self.assertEqual(ctx.exception.request_id, "req_hdr")
        self.assertIn("Not here", ctx.exception.message)

    def test_multipart_upload(self) -> None:
        data = bytes(range(256)) * 10 + b"\r\n--not-a-boundary\r\n"
        self.server.script = [(201, {}, {"id": "file_1", "object": "file"})] * 3
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "phone stand.stl")
            with open(path, "wb") as fh:
                fh.write(data)
            self.client.files.create(file=path, units="cm")
            with open(path, "rb") as fh:
                self.client.files.create(file=fh)
        self.client.files.create(file=io.BytesIO(data), filename='we"ird.stl', idempotency_key="k1")
        expected = [("phone stand.stl", "cm"), ("phone stand.stl", None), ("we%22ird.stl", None)]
        for req, (filename, units) in zip(self.server.requests, expected):
            self.assertEqual(req.path, "/v1/files")
            ctype = req.headers["content-type"]
            self.assertTrue(ctype.startswith("multipart/form-data; boundary="), ctype)
            self.assertIn("idempotency-key", req.headers)
            msg = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
                b"Content-Type: " + ctype.encode() + b"\r\n\r\n" + req.body
            )
            parts = list(msg.iter_parts())
            names = [p.get_param("name", header="content-disposition") for p in parts]
            # The units field comes before the file: the server reads fields that precede it.
            self.assertEqual(names, (["units"] if units else []) + ["file"])
            file_part = parts[-1]
            self.assertEqual(file_part.get_filename(), filename)
            self.assertEqual(file_part.get_payload(decode=True), data)
            if units:
                self.assertEqual(parts[0].get_payload(), units)
        self.assertEqual(self.server.requests[2].headers["idempotency-key"], "k1")

    def test_upload_needs_a_name_for_bytes(self) -> None:
        with self.assertRaises(ValueError):
            self.client.files.create(file=b"solid x")
        with self.assertRaises(ValueError):
            self.client.files.create()
        with self.assertRaises(ValueError):
            self.client.files.create(file=b"solid x", filename="x.stl", url="https://example.org/x.stl")
        self.assertEqual(self.server.requests, [])


class PaginationTests(unittest.TestCase):
    def test_auto_paging_follows_starting_after(self) -> None:
        t = FakeTransport(
            (200, {}, {"object": "list", "data": [{"id": "ord_5"}, {"id": "ord_4"}], "has_more": True}),
            (200, {}, {"object": "list", "data": [{"id": "ord_3"}, {"id": "ord_2"}], "has_more": True}),
            (200, {}, {"object": "list", "data": [{"id": "ord_1"}], "has_more": False}),
        )
        page = client(t).orders.list(status="queued", limit=2)
        self.assertIsInstance(page, printloop.Page)
        self.assertIsInstance(page, dict)
        self.assertEqual(page["object"], "list")
        self.assertEqual([o["id"] for o in page.data], ["ord_5", "ord_4"])
        self.assertTrue(page.has_more)
        self.assertEqual(len(t.requests), 1)  # lazily
        ids = [o["id"] for o in page.auto_paging_iter()]
        self.assertEqual(ids, ["ord_5", "ord_4", "ord_3", "ord_2", "ord_1"])
        queries = [dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(r.path).query)) for r in t.requests]
        self.assertEqual(
            queries,
            [
                {"status": "queued", "limit": "2"},
                {"status": "queued", "limit": "2", "starting_after": "ord_4"},
                {"status": "queued", "limit": "2", "starting_after": "ord_2"},
            ],
        )

    def test_paging_backwards_with_ending_before(self) -> None:
        t = FakeTransport(
            (200, {}, {"object": "list", "data": [{"id": "evt_7"}, {"id": "evt_6"}], "has_more": True}),
            (200, {}, {"object": "list", "data": [{"id": "evt_9"}, {"id": "evt_8"}], "has_more": False}),
        )
        page = client(t).events.list(ending_before="evt_5", limit=2)
        self.assertEqual([e["id"] for e in page.auto_paging_iter()], ["evt_7", "evt_6", "evt_9", "evt_8"])
        last = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(t.requests[1].path).query))
        self.assertEqual(last, {"ending_before": "evt_7", "limit": "2"})

    def test_one_page(self) -> None:
        t = FakeTransport((200, {}, {"object": "list", "data": [{"id": "we_1"}], "has_more": False}))
        page = client(t).webhook_endpoints.list()
        self.assertEqual(list(page.auto_paging_iter()), [{"id": "we_1"}])
        self.assertIsNone(page.next_page())
        self.assertEqual(len(t.requests), 1)


if __name__ == "__main__":
    unittest.main()
