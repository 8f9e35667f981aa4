"""Live tests against a running PrintLoop server with a test key.

Skipped unless PRINTLOOP_BASE_URL and PRINTLOOP_API_KEY are set. The webhook test registers an endpoint
at a receiver on 127.0.0.1, so the server must run on this machine with ALLOW_PRIVATE_NETWORK=true (as
the e2e suite starts it).
"""

from __future__ import annotations

import os
import threading
import time
import unittest
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Dict, List, Optional, Tuple

from _support import REPO_ROOT

import printloop

BASE_URL = os.environ.get("PRINTLOOP_BASE_URL")
API_KEY = os.environ.get("PRINTLOOP_API_KEY")
CUBE = os.path.join(REPO_ROOT, "fixtures", "models", "cube_20mm.stl")
ADDRESS = {
    "name": "Priya Shah",
    "street": "1 High Street",
    "city": "London",
    "postal_code": "SW1A 1AA",
    "country": "GB",
}
PARAMS = {"material": "PLA", "color": "black"}


class Receiver:
    """A webhook receiver on 127.0.0.1 (random port, in a thread): records each delivery's raw body and
    headers and answers 200."""

    def __init__(self) -> None:
        self.deliveries: List[Tuple[bytes, Any]] = []
        self.lock = threading.Lock()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("content-length") or 0))
                with outer.lock:
                    outer.deliveries.append((body, self.headers))
                self.send_response(200)
                self.send_header("Content-Length", "2")
                self.end_headers()
                self.wfile.write(b"ok")

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/webhooks"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def events(self, secret: str) -> List[Dict[str, Any]]:
        """Every delivery so far, verified (a bad one fails the test), in arrival order, one per event id."""
        with self.lock:
            got = list(self.deliveries)
        seen = set()
        events = []
        for body, headers in got:
            event = printloop.webhooks.verify(body, headers, secret)
            if headers["webhook-id"] != event["id"]:
                raise AssertionError("webhook-id is not the event id")
            if event["id"] in seen:
                continue  # at least once: a duplicate is allowed
            seen.add(event["id"])
            events.append(event)
        return events

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@unittest.skipUnless(BASE_URL and API_KEY, "set PRINTLOOP_BASE_URL and PRINTLOOP_API_KEY to run the live tests")
class LiveTests(unittest.TestCase):
    client: printloop.PrintLoop

    @classmethod
    def setUpClass(cls) -> None:
        cls.client = printloop.PrintLoop(api_key=API_KEY, base_url=BASE_URL)

    def test_order_to_delivered_with_signed_webhooks(self) -> None:
        c = self.client
        receiver = Receiver()
        self.addCleanup(receiver.close)
        endpoint = c.webhook_endpoints.create(url=receiver.url, events=["*"], description="python sdk test")
        self.addCleanup(c.webhook_endpoints.delete, endpoint["id"])
        secret = endpoint["secret"]
        self.assertTrue(secret.startswith("whsec_"))
        self.assertIn(endpoint["id"], [e["id"] for e in c.webhook_endpoints.list().auto_paging_iter()])

        # A ping first: delivered, signed, and the same event through /v1/events.
        ping = c.webhook_endpoints.test(endpoint["id"])
        self.assertEqual(ping["type"], "ping")
        self.assertEqual(c.events.retrieve(ping["id"])["id"], ping["id"])

        file = c.files.create(file=CUBE)
        self.assertTrue(file["id"].startswith("file_"))
        self.assertEqual(file["filename"], "cube_20mm.stl")
        self.assertAlmostEqual(file["analysis"]["volume_mm3"], 8000, delta=1)
        self.assertEqual(c.files.retrieve(file["id"])["id"], file["id"])

        quote = c.quotes.create(file_id=file["id"], quantity=2, **PARAMS)
        self.assertTrue(quote["id"].startswith("quo_"))
        self.assertEqual(c.quotes.retrieve(quote["id"])["total_amount"], quote["total_amount"])

        order = c.orders.create(
            items=[{"quote_id": quote["id"], "quantity": 2}],
            shipping_address=ADDRESS,
            external_id=f"py-{uuid.uuid4().hex[:12]}",
            metadata={"sdk": "python"},
        )
        self.assertTrue(order["id"].startswith("ord_"))
        self.assertEqual(order["status"], "queued")

        # Advance to delivered. The 20 s clock may step it too: on a refusal, read the order again.
        status = order["status"]
        for _ in range(12):
            if status == "delivered":
                break
            try:
                status = c.test_helpers.orders.advance(order["id"])["status"]
            except printloop.ConflictError:
                status = c.orders.retrieve(order["id"])["status"]
        self.assertEqual(status, "delivered")
        final = c.orders.retrieve(order["id"])
        self.assertEqual(final["status"], "delivered")
        self.assertTrue(final["tracking_number"].startswith("TEST"), final["tracking_number"])

        expected = [
            ("order.created", None),
            ("order.updated", "printing"),
            ("order.updated", "packaging"),
            ("order.updated", "shipped"),
            ("order.shipped", "shipped"),
            ("order.updated", "delivered"),
            ("order.delivered", "delivered"),
        ]
        deadline = time.monotonic() + 30
        while True:
            events = receiver.events(secret)
            mine = [e for e in events if e["data"]["object"].get("id") == order["id"]]
            pings = [e for e in events if e["id"] == ping["id"]]
            if (len(mine) >= len(expected) and pings) or time.monotonic() > deadline:
                break
            time.sleep(0.25)
        self.assertEqual(len(pings), 1, "the ping was not delivered")
        got = [(e["type"], None if e["type"] == "order.created" else e["data"]["object"]["status"]) for e in mine]
        self.assertEqual(got, expected)
        previous = [e["data"].get("previous_attributes", {}).get("status") for e in mine if e["type"] == "order.updated"]
        self.assertEqual(previous, ["queued", "printing", "packaging", "shipped"])
        shipped = next(e for e in mine if e["type"] == "order.shipped")
        self.assertTrue(shipped["data"]["object"]["tracking_number"].startswith("TEST"))

        # The same events through the API, and a redelivery of one of them.
        listed = [e["id"] for e in c.events.list(limit=3).auto_paging_iter()]
        for e in mine:
            self.assertIn(e["id"], listed)
        again = c.events.redeliver(mine[0]["id"], endpoint_id=endpoint["id"])
        self.assertEqual(again["id"], mine[0]["id"])

    def test_orders_list_cancel_and_idempotency(self) -> None:
        c = self.client
        file = c.files.create(file=CUBE)
        tag = uuid.uuid4().hex[:10]
        key = f"py-order-{tag}"
        item = {"file_id": file["id"], "quantity": 1, **PARAMS}
        first = c.orders.create(items=[item], shipping_address=ADDRESS, external_id=f"{tag}-0", idempotency_key=key)
        replay = c.orders.create(items=[item], shipping_address=ADDRESS, external_id=f"{tag}-0", idempotency_key=key)
        self.assertEqual(replay["id"], first["id"])
        with self.assertRaises(printloop.IdempotencyError) as reused:
            c.orders.create(items=[item], shipping_address=ADDRESS, external_id=f"{tag}-x", idempotency_key=key)
        self.assertEqual(reused.exception.code, "IDEMPOTENCY_KEY_REUSED")

        ids = [first["id"]]
        for i in (1, 2):
            ids.append(c.orders.create(items=[item], shipping_address=ADDRESS, external_id=f"{tag}-{i}")["id"])
        page = c.orders.list(limit=1)
        self.assertEqual(len(page.data), 1)
        self.assertTrue(page.has_more)
        newest = []
        for o in page.auto_paging_iter():
            newest.append(o["id"])
            if len(newest) == 3:
                break
        self.assertEqual(newest, list(reversed(ids)))
        by_ref = c.orders.list(external_id=f"{tag}-1")
        self.assertEqual([o["id"] for o in by_ref.data], [ids[1]])

        cancelled = c.orders.cancel(ids[2], reason="changed my mind")
        self.assertEqual(cancelled["status"], "cancelled")
        self.assertIn(ids[2], [o["id"] for o in c.orders.list(status="cancelled").auto_paging_iter()])
        with self.assertRaises(printloop.ConflictError) as refused:
            c.test_helpers.orders.advance(ids[2])
        self.assertEqual(refused.exception.status, 409)

    def test_products_shipping_and_errors(self) -> None:
        c = self.client
        file = c.files.create(file=CUBE)
        sku = f"PY-{uuid.uuid4().hex[:8]}"
        product = c.products.create(
            name="Cube", file_id=file["id"], materials=["PLA", "PETG"], sku=sku,
            dimensions={"width": 20, "height": 20, "depth": 20},
        )
        self.assertTrue(product["id"].startswith("prd_"))
        self.assertEqual(c.products.retrieve(product["id"])["sku"], sku)
        self.assertEqual(c.products.update(product["id"], name="Cube 20")["name"], "Cube 20")
        self.assertIn(product["id"], [p["id"] for p in c.products.list().auto_paging_iter()])
        with self.assertRaises(printloop.ValidationError) as wrong:
            c.products.create(name="Cube in cm", file_id=file["id"], dimensions={"width": 2, "height": 2, "depth": 2})
        self.assertEqual(wrong.exception.status, 400)
        self.assertIn("centimetres", wrong.exception.message)

        rates = c.shipping.rates(country="DE", weight_grams=420)
        self.assertGreater(len(rates.data), 0)
        self.assertEqual(rates.data[0]["currency"], "GBP")
        for_items = c.shipping.rates_for_items(
            country="DE", items=[{"product_id": product["id"], "quantity": 2, **PARAMS}]
        )
        self.assertGreater(len(for_items.data), 0)

        self.assertTrue(c.products.archive(product["id"])["archived"])
        self.assertIn(product["id"], [p["id"] for p in c.products.list(archived=True).auto_paging_iter()])

        with self.assertRaises(printloop.NotFoundError) as missing:
            c.orders.retrieve("ord_doesnotexist")
        self.assertEqual(missing.exception.code, "NOT_FOUND")
        self.assertTrue(missing.exception.request_id)
        with self.assertRaises(printloop.ValidationError) as bad:
            c.orders.create(items=[{"file_id": file["id"], "quantity": 0, **PARAMS}], shipping_address=ADDRESS)
        self.assertEqual(bad.exception.param, "items[0].quantity")
        with self.assertRaises(printloop.AuthenticationError):
            printloop.PrintLoop(api_key="pl_test_" + "x" * 40, base_url=BASE_URL).orders.list()


if __name__ == "__main__":
    unittest.main()
