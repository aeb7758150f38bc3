import http from 'node:http';
import https from 'node:https';

export interface DeliveryResult {
  ok: boolean;
  result: string;
}

const MAX_RESPONSE_BYTES = 16 * 1024;

/**
 * POSTs one notification and judges the merchant's answer: only HTTP 200 with the body exactly
 * `success` counts as delivered. A fresh connection per attempt (`agent: false`) so that no pooled
 * socket outlives the gateway or the merchant's server in tests.
 */
export function postNotification(
  notifyUrl: string,
  body: string,
  signature: string,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<DeliveryResult> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (r: DeliveryResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    let url: URL;
    try {
      url = new URL(notifyUrl);
    } catch {
      finish({ ok: false, result: 'invalid notifyUrl' });
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: 'POST',
      agent: false,
      signal,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'x-signature': signature,
        'user-agent': 'test-pay-gateway/1',
      },
    });
    // The whole exchange, connect to last byte, must fit in the timeout.
    const timer = setTimeout(() => {
      finish({ ok: false, result: 'timeout' });
      req.destroy();
    }, timeoutMs);
    req.on('error', (err) => finish({ ok: false, result: `network error: ${err.message}` }));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_RESPONSE_BYTES) chunks.push(chunk);
      });
      res.on('error', (err) => finish({ ok: false, result: `network error: ${err.message}` }));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (res.statusCode === 200 && text === 'success') finish({ ok: true, result: 'success' });
        else finish({ ok: false, result: `HTTP ${res.statusCode}: ${JSON.stringify(text.slice(0, 100))}` });
      });
    });
    req.end(body);
  });
}
