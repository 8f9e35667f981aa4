// A webhook receiver with node:http: verifies each delivery, prints its type and id, answers 200.
// PRINTLOOP_WEBHOOK_SECRET=whsec_… PORT=8000 node examples/webhook-receiver.mjs
import { createServer } from 'node:http';
import { Webhooks, WebhookVerificationError } from '@printloop/sdk';

const webhooks = new Webhooks(); // verifying needs the endpoint's secret, not an API key
const secret = process.env.PRINTLOOP_WEBHOOK_SECRET;

const server = createServer(async (req, res) => {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const body = Buffer.concat(chunks); // the raw body, exactly as it arrived
  try {
    const event = await webhooks.verify(body, req.headers, secret);
    // At least once: the same event.id may come twice, so skip ids already handled.
    console.log(event.type, event.id);
    res.writeHead(200).end(); // a 2xx within 15 s, or the delivery is retried
  } catch (err) {
    if (!(err instanceof WebhookVerificationError)) throw err;
    res.writeHead(400).end(err.message);
  }
});
server.listen(Number(process.env.PORT ?? 8000), () => console.log('listening'));
