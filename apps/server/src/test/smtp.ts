import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  subject: string;
  text: string;
  html: string | undefined;
  raw: string;
}

function decodeQuotedPrintable(s: string): Buffer {
  const joined = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const c = joined[i]!;
    if (c === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(c, 'utf8'));
  }
  return Buffer.from(bytes);
}

function splitHeaders(part: string): { headers: Record<string, string>; body: string } {
  const idx = part.search(/\r?\n\r?\n/);
  const head = idx < 0 ? part : part.slice(0, idx);
  const body = idx < 0 ? '' : part.slice(idx).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const m = /^([^:]+):\s*(.*)$/.exec(line);
    if (m) headers[m[1]!.toLowerCase()] = m[2]!;
  }
  return { headers, body };
}

/** RFC 2047 encoded words (`=?UTF-8?B?...?=` / `?Q?`) in a header value. */
function decodeWords(v: string): string {
  return v.replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=\s*/gi, (_m, _cs, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
  );
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const enc = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') return decodeQuotedPrintable(body).toString('utf8');
  return body;
}

/** Just enough MIME for tests: text/plain and text/html parts of a (possibly multipart) message. */
export function parseMail(raw: string): Omit<ReceivedMail, 'to'> {
  const { headers, body } = splitHeaders(raw);
  let text = '';
  let html: string | undefined;
  const walk = (h: Record<string, string>, b: string) => {
    const type = h['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      for (const p of b.split(`--${boundary}`).slice(1)) {
        if (p.startsWith('--')) break;
        const sub = splitHeaders(p.replace(/^\r?\n/, ''));
        walk(sub.headers, sub.body);
      }
    } else if (/^text\/html/i.test(type)) html = decodeBody(h, b);
    else if (/^text\/plain/i.test(type)) text = decodeBody(h, b);
  };
  walk(headers, body);
  return { from: headers['from'], subject: decodeWords(headers['subject'] ?? ''), text, html, raw };
}

/** A real SMTP server on 127.0.0.1:<random port> that keeps what it receives. */
export async function startTestSmtp(opts: { failRecipients?: string[] } = {}) {
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, cb) {
      if (opts.failRecipients?.includes(address.address)) {
        const err = new Error('mailbox unavailable') as Error & { responseCode: number };
        err.responseCode = 550;
        return cb(err);
      }
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ ...parseMail(raw), to: session.envelope.rcptTo.map((r) => r.address) });
        waiters.splice(0).forEach((w) => w());
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The newest mail to `to`, waiting up to `ms` for it to arrive. */
    async waitFor(to: string, ms = 5000): Promise<ReceivedMail> {
      const deadline = Date.now() + ms;
      for (;;) {
        const hit = [...received]
          .reverse()
          .find((m) => m.to.some((r) => r.toLowerCase() === to.toLowerCase()));
        if (hit) return hit;
        if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestSmtp = Awaited<ReturnType<typeof startTestSmtp>>;
