// Errors: every refusal of the API is a PrintLoopError with the HTTP status, code, param and request id.
// PRINTLOOP_API_KEY=pl_test_… node examples/errors.mjs
import { PrintLoop, PrintLoopError } from '@printloop/sdk';

const client = new PrintLoop({
  apiKey: process.env.PRINTLOOP_API_KEY,
  // Self-hosted? Your own origin; the SDK adds /v1.
  baseUrl: process.env.PRINTLOOP_BASE_URL,
});

try {
  await client.orders.retrieve('ord_does_not_exist');
} catch (err) {
  if (!(err instanceof PrintLoopError)) throw err;
  console.log(err.status, err.code, err.requestId); // 404 NOT_FOUND 5b0e5a4c-…
}
