"""A webhook receiver with the standard library: verifies each delivery, prints its type and id.

    PRINTLOOP_WEBHOOK_SECRET=whsec_… PORT=8000 python3 examples/webhook_receiver.py
"""

import os
from http.server import BaseHTTPRequestHandler, HTTPServer

import printloop

SECRET = os.environ["PRINTLOOP_WEBHOOK_SECRET"]  # the endpoint's whsec_… secret, not an API key


class Webhooks(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))  # the raw body
        try:
            event = printloop.webhooks.verify(body, self.headers, SECRET)
        except printloop.WebhookVerificationError as err:
            self.send_response(400)
            self.end_headers()
            self.wfile.write(str(err).encode())
            return
        # At least once: the same event["id"] may come twice, so skip ids already handled.
        print(event["type"], event["id"], flush=True)
        self.send_response(200)  # a 2xx within 15 s, or the delivery is retried
        self.end_headers()

    def log_message(self, format: str, *args: object) -> None:  # keep stdout for the events
        pass


server = HTTPServer(("127.0.0.1", int(os.environ.get("PORT", "8000"))), Webhooks)
print("listening", flush=True)
server.serve_forever()
