import { describe, expect, it } from 'vitest';
import { logSafety, redactSecrets, serializeError, serializeRequest } from './log-redaction.js';
import type { FastifyRequest } from 'fastify';

const SECRET = 'cs-Very$ecret-42';

/** drizzle's wrapper around a driver error, as it arrives in the error handler. */
function failedQuery() {
  const cause = Object.assign(new Error(`invalid input syntax for type integer: "${SECRET}"`), {
    code: '22P02',
    detail: `Key (client_secret)=(${SECRET})`,
    params: [SECRET],
    query: 'select $1::int',
  });
  const err = new Error(`Failed query: update social_provider set client_secret = $1\nparams: ${SECRET},x`);
  return Object.assign(err, {
    query: 'update social_provider set client_secret = $1',
    params: [SECRET],
    cause,
  });
}

describe('log redaction', () => {
  it('serializes a failed query without its parameter values, down the cause chain', () => {
    const out = serializeError(failedQuery());
    const text = JSON.stringify(out);
    expect(text).not.toContain(SECRET);
    expect(out.message).toContain('update social_provider set client_secret = $1');
    expect(out.query).toBe('update social_provider set client_secret = $1');
    expect((out.cause as { code: string }).code).toBe('22P02');
    expect((out.cause as { message: string }).message).toContain('invalid input syntax for type integer');
  });

  it('keeps a code that names a refusal, blanks one that holds digits', () => {
    expect(redactSecrets({ answer: { kind: 'refused', code: 'insufficient_balance' } })).toEqual({
      answer: { kind: 'refused', code: 'insufficient_balance' },
    });
    expect(redactSecrets({ code: '482913' })).toEqual({ code: '[Redacted]' });
    expect(redactSecrets({ code: 482913 })).toEqual({ code: '[Redacted]' });
  });

  it('blanks secret-named fields at any depth of a plain object, keeping the rest', () => {
    const out = redactSecrets({
      user: 'alice',
      body: { password: 'p1', nested: [{ client_secret: 'c1', otp: '123456', amount: '10.00' }] },
      paymentPassword: 'p2',
    });
    expect(out).toEqual({
      user: 'alice',
      body: {
        password: '[Redacted]',
        nested: [{ client_secret: '[Redacted]', otp: '[Redacted]', amount: '10.00' }],
      },
      paymentPassword: '[Redacted]',
    });
    expect(logSafety.formatters.log({ token: 'abc', clientSecret: 'x', n: 1 })).toEqual({
      token: '[Redacted]',
      clientSecret: '[Redacted]',
      n: 1,
    });
  });

  it('logs a request path without its query string', () => {
    const req = {
      method: 'GET',
      url: '/admin/api/sms-outbox?mobile=1799&code=123456',
      ip: '10.0.0.1',
      host: 'h',
    };
    expect(serializeRequest(req as unknown as FastifyRequest).url).toBe('/admin/api/sms-outbox?[Redacted]');
  });
});
