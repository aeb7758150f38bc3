import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A small round-robin reverse proxy for tests of several instances (what nginx does in front of
 * them): each HTTP request and each WebSocket upgrade goes to the next upstream; an upstream that
 * refuses the connection (a killed instance) is skipped and the request tried on the next one, as
 * nginx's `proxy_next_upstream error` does (safe: the refused request never reached a server). A
 * request that an upstream dropped after receiving it answers 502: nobody knows whether it applied.
 * No sticky sessions.
 */
export interface RoundRobinProxy {
  /** http://127.0.0.1:<port> */
  base: string;
  /** Upgrades and requests each upstream took (by its index). */
  served: number[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(upstreams: { port: number }[]): Promise<RoundRobinProxy> {
  let next = 0;
  const served = upstreams.map(() => 0);
  const pick = () => next++ % upstreams.length;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => forward(Buffer.concat(chunks), pick(), upstreams.length));
    function forward(body: Buffer, i: number, triesLeft: number) {
      const up = http.request(
        {
          host: '127.0.0.1',
          port: upstreams[i]!.port,
          method: req.method,
          path: req.url,
          headers: req.headers,
        },
        (upRes) => {
          served[i]!++;
          res.writeHead(upRes.statusCode ?? 502, upRes.headers);
          upRes.pipe(res);
          upRes.on('error', () => res.destroy());
        },
      );
      up.on('error', (err: NodeJS.ErrnoException) => {
        if (err.code === 'ECONNREFUSED' && triesLeft > 1)
          return forward(body, (i + 1) % upstreams.length, triesLeft - 1);
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end('bad gateway');
      });
      up.end(body);
    }
  });

  server.on('upgrade', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const connect = (i: number, triesLeft: number) => {
      const up = net.connect(upstreams[i]!.port, '127.0.0.1');
      up.once('connect', () => {
        served[i]!++;
        const lines = [`${req.method} ${req.url} HTTP/1.1`];
        for (let k = 0; k < req.rawHeaders.length; k += 2)
          lines.push(`${req.rawHeaders[k]}: ${req.rawHeaders[k + 1]}`);
        up.write(lines.join('\r\n') + '\r\n\r\n');
        if (head.length) up.write(head);
        up.pipe(client);
        client.pipe(up);
      });
      up.on('error', (err: NodeJS.ErrnoException) => {
        if (err.code === 'ECONNREFUSED' && triesLeft > 1)
          return connect((i + 1) % upstreams.length, triesLeft - 1);
        client.destroy();
      });
      client.on('error', () => up.destroy());
      up.on('close', () => client.destroy());
      client.on('close', () => up.destroy());
    };
    connect(pick(), upstreams.length);
  });

  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
