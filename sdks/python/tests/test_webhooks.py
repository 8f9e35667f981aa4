"""webhooks.verify against signatures computed outside this SDK."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import unittest
from email.message import Message

from _support import client

import printloop
from printloop import WebhookVerificationError, webhooks

# Produced by the npm package standardwebhooks 1.1.1 (the reference implementation):
#   new Webhook(SECRET).sign(MSG_ID, new Date(TIMESTAMP * 1000), PAYLOAD)
SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
MSG_ID = "evt_2f1c8a9d3b7e4f60a1b2c3d4e5f60718"
TIMESTAMP = 1767225600  # 2026-01-01T00:00:00Z
PAYLOAD = (
    '{"id":"evt_2f1c8a9d3b7e4f60a1b2c3d4e5f60718","object":"event","type":"order.created",'
    '"data":{"object":{"id":"ord_123","object":"order","status":"queued","note":"café ☕"}}}'
)
SIGNATURE = "v1,sXd8D9z941c0jDbxf2UqIt18jpU/8rDITGRcJj7hTBU="


def headers(signature: str = SIGNATURE, msg_id: str = MSG_ID, timestamp: int = TIMESTAMP) -> dict:
    return {"webhook-id": msg_id, "webhook-timestamp": str(timestamp), "webhook-signature": signature}


class VerifyTests(unittest.TestCase):
    def test_reference_vector(self) -> None:
        event = webhooks.verify(PAYLOAD, headers(), SECRET, now=TIMESTAMP + 10)
        self.assertEqual(event["type"], "order.created")
        self.assertEqual(event["data"]["object"]["note"], "café ☕")

    def test_bytes_payload_and_client_method(self) -> None:
        c = client(lambda *a: None)
        event = c.webhooks.verify(PAYLOAD.encode("utf-8"), headers(), SECRET, now=TIMESTAMP)
        self.assertEqual(event["id"], MSG_ID)

    def test_independent_hmac(self) -> None:
        # The same signature computed here from the spec, with hmac and base64 only.
        key = base64.b64decode(SECRET[len("whsec_") :])
        mac = hmac.new(key, f"{MSG_ID}.{TIMESTAMP}.{PAYLOAD}".encode("utf-8"), hashlib.sha256).digest()
        self.assertEqual("v1," + base64.b64encode(mac).decode(), SIGNATURE)
        self.assertEqual(webhooks.sign(PAYLOAD, SECRET, MSG_ID, TIMESTAMP), SIGNATURE)

    def test_case_insensitive_headers(self) -> None:
        upper = {k.upper(): v for k, v in headers().items()}
        self.assertEqual(webhooks.verify(PAYLOAD, upper, SECRET, now=TIMESTAMP)["id"], MSG_ID)
        titled = {"Webhook-Id": MSG_ID, "Webhook-Timestamp": str(TIMESTAMP), "Webhook-Signature": SIGNATURE}
        self.assertEqual(webhooks.verify(PAYLOAD, titled, SECRET, now=TIMESTAMP)["id"], MSG_ID)
        msg = Message()  # what http.server's self.headers is
        for k, v in titled.items():
            msg[k] = v
        self.assertEqual(webhooks.verify(PAYLOAD, msg, SECRET, now=TIMESTAMP)["id"], MSG_ID)

    def test_several_signatures_one_valid(self) -> None:
        sig = f"v1,{base64.b64encode(b'x' * 32).decode()} v2,abc {SIGNATURE}"
        self.assertEqual(webhooks.verify(PAYLOAD, headers(sig), SECRET, now=TIMESTAMP)["id"], MSG_ID)

    def test_bad_signature(self) -> None:
        bad = "v1," + base64.b64encode(b"\0" * 32).decode()
        with self.assertRaises(WebhookVerificationError) as ctx:
            webhooks.verify(PAYLOAD, headers(bad), SECRET, now=TIMESTAMP)
        self.assertEqual(ctx.exception.code, "INVALID_SIGNATURE")
        self.assertIsInstance(ctx.exception, printloop.PrintLoopError)

    def test_tampered_payload(self) -> None:
        with self.assertRaises(WebhookVerificationError):
            webhooks.verify(PAYLOAD.replace("queued", "shipped"), headers(), SECRET, now=TIMESTAMP)

    def test_other_id_or_timestamp_in_headers(self) -> None:
        with self.assertRaises(WebhookVerificationError):
            webhooks.verify(PAYLOAD, headers(msg_id="evt_other"), SECRET, now=TIMESTAMP)
        with self.assertRaises(WebhookVerificationError):
            webhooks.verify(PAYLOAD, headers(timestamp=TIMESTAMP + 1), SECRET, now=TIMESTAMP)

    def test_wrong_secret(self) -> None:
        other = "whsec_" + base64.b64encode(b"another secret of 32 bytes long!").decode()
        with self.assertRaises(WebhookVerificationError):
            webhooks.verify(PAYLOAD, headers(), other, now=TIMESTAMP)
        with self.assertRaises(WebhookVerificationError):
            webhooks.verify(PAYLOAD, headers(), "whsec_not base64!", now=TIMESTAMP)

    def test_timestamp_six_minutes_off(self) -> None:
        with self.assertRaises(WebhookVerificationError) as old:
            webhooks.verify(PAYLOAD, headers(), SECRET, now=TIMESTAMP + 6 * 60)
        self.assertEqual(old.exception.code, "TIMESTAMP_TOO_OLD")
        with self.assertRaises(WebhookVerificationError) as new:
            webhooks.verify(PAYLOAD, headers(), SECRET, now=TIMESTAMP - 6 * 60)
        self.assertEqual(new.exception.code, "TIMESTAMP_TOO_NEW")
        # Within 5 minutes either way is fine.
        webhooks.verify(PAYLOAD, headers(), SECRET, now=TIMESTAMP + 4 * 60)
        webhooks.verify(PAYLOAD, headers(), SECRET, now=TIMESTAMP - 4 * 60)

    def test_real_clock(self) -> None:
        # Without now=, the current time is used: the fixed vector is far in the past or future.
        with self.assertRaises(WebhookVerificationError):
            webhooks.verify(PAYLOAD, headers(), SECRET)
        import time

        ts = int(time.time())
        sig = webhooks.sign(PAYLOAD, SECRET, MSG_ID, ts)
        self.assertEqual(webhooks.verify(PAYLOAD, headers(sig, timestamp=ts), SECRET)["id"], MSG_ID)

    def test_missing_headers(self) -> None:
        for name in ("webhook-id", "webhook-timestamp", "webhook-signature"):
            h = headers()
            del h[name]
            with self.assertRaises(WebhookVerificationError):
                webhooks.verify(PAYLOAD, h, SECRET, now=TIMESTAMP)
        with self.assertRaises(WebhookVerificationError):
            webhooks.verify(PAYLOAD, headers(timestamp="soon"), SECRET, now=TIMESTAMP)  # type: ignore[arg-type]

    def test_signed_non_json(self) -> None:
        sig = webhooks.sign("not json", SECRET, MSG_ID, TIMESTAMP)
        with self.assertRaises(WebhookVerificationError):
            webhooks.verify("not json", headers(sig), SECRET, now=TIMESTAMP)
        self.assertEqual(json.loads(PAYLOAD)["id"], MSG_ID)


if __name__ == "__main__":
    unittest.main()
