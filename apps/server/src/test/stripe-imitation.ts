// A small local HTTP server imitating Stripe's Checkout Sessions endpoint (POST /v1/checkout/sessions), so the
// Stripe path runs offline through the real Stripe library (STRIPE_API_URL points the library here).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ImitatedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

export interface StripeImitation {
  url: string;
  requests: ImitatedRequest[];
  /** Answer the next session creations with this HTTP status (an outage), or null for normal answers. */
  failWith: number | null;
  close(): Promise<void>;
}

export async function startStripeImitation(): Promise<StripeImitation> {
  const state: StripeImitation = { url: '', requests: [], failWith: null, close: async () => {} };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      state.requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, form });
      res.setHeader('content-type', 'application/json');
      if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions') {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } }));
        return;
      }
      if (state.failWith) {
        res.statusCode = state.failWith;
        res.end(JSON.stringify({ error: { type: 'api_error', message: 'imitated outage' } }));
        return;
      }
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      res.end(
        JSON.stringify({
          id,
          object: 'checkout.session',
          mode: form.get('mode'),
          client_reference_id: form.get('client_reference_id'),
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
          currency: form.get('line_items[0][price_data][currency]'),
          payment_status: 'unpaid',
          status: 'open',
          success_url: form.get('success_url'),
          cancel_url: form.get('cancel_url'),
          url: `https://checkout.stripe.test/c/pay/${id}`,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
