"""Errors: every refusal of the API is a PrintLoopError with the HTTP status, code, param and request id.

    PRINTLOOP_API_KEY=pl_test_… python3 examples/errors.py
"""

import os

from printloop import PrintLoop, PrintLoopError

client = PrintLoop(
    api_key=os.environ["PRINTLOOP_API_KEY"],
    # Self-hosted? Your own origin; the SDK adds /v1.
    base_url=os.environ.get("PRINTLOOP_BASE_URL", "https://api.printloop.example.com"),
)

try:
    client.orders.retrieve("ord_does_not_exist")
except PrintLoopError as err:
    print(err.status, err.code, err.request_id)  # 404 NOT_FOUND 5b0e5a4c-…
