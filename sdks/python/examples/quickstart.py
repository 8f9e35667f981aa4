"""Quick start: upload a model, place an order, print its id and status.

    export PRINTLOOP_API_KEY=pl_test_…
    export PRINTLOOP_BASE_URL=http://localhost:3000   # the server's origin; the SDK adds /v1
    python3 examples/quickstart.py path/to/part.stl
"""

from __future__ import annotations

import os
import sys
from typing import List

try:
    import printloop
except ImportError:  # run from a checkout without installing: use the package next to this folder
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    import printloop


def main(argv: List[str]) -> int:
    if len(argv) != 2:
        print(f"usage: {argv[0]} MODEL_FILE (.stl, .obj, .3mf or .step)", file=sys.stderr)
        return 2
    client = printloop.PrintLoop(
        api_key=os.environ["PRINTLOOP_API_KEY"],
        base_url=os.environ.get("PRINTLOOP_BASE_URL", printloop.DEFAULT_BASE_URL),
    )
    try:
        file = client.files.create(file=argv[1])
        order = client.orders.create(
            items=[{"file_id": file["id"], "quantity": 1, "material": "PLA", "color": "black"}],
            shipping_address={
                "name": "Priya Shah",
                "street": "1 High Street",
                "city": "London",
                "postal_code": "SW1A 1AA",
                "country": "GB",
            },
        )
    except printloop.PrintLoopError as err:
        print(f"PrintLoop refused: {err}", file=sys.stderr)
        return 1
    print(order["id"], order["status"], f"{order['total_amount'] / 100:.2f} {order['currency']}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
