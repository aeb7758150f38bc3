import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS, type TErrorCode } from '@bp/contract';
import { failure } from './envelope.js';
import { parseLanguage } from './context.js';
import { BASE_SECURITY_HEADERS } from './security-headers.js';

/** Requests refused before routing: the client gets the envelope, never the URL it sent. */
const ROUTER_ERRORS: Record<string, TErrorCode> = {
  FST_ERR_BAD_URL: 'bad_url',
  FST_ERR_MAX_PARAM_LENGTH: 'uri_too_long',
};

/**
 * Fastify's `frameworkErrors`: a malformed percent-encoding or a path parameter over `maxParamLength`
 * is refused by the router before any hook runs, so the security headers are written here too.
 */
export function frameworkErrors(err: Error & { code?: string }, req: FastifyRequest, reply: FastifyReply) {
  const code = ROUTER_ERRORS[err.code ?? ''] ?? 'request_param_err';
  const status = code === 'request_param_err' ? 400 : ERRORS[code].status;
  const language = parseLanguage(req.headers['language']) ?? 'EN';
  void reply
    .code(status)
    .headers(BASE_SECURITY_HEADERS)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(failure(code, language)));
}

/** Node's HTTP parser errors: the request never reached Fastify, so the answer is written on the socket. */
const PARSER_ERRORS: Record<string, TErrorCode> = {
  HPE_HEADER_OVERFLOW: 'header_too_large',
  HPE_INVALID_URL: 'bad_url',
};

/**
 * Fastify's `clientErrorHandler`: a request line or headers over Node's limit (16 KB: 431) or a request
 * the parser cannot read. Language headers are unread at this point, so the English text is sent.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket) {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy(err);
    return;
  }
  const code = PARSER_ERRORS[err.code ?? ''] ?? 'request_param_err';
  const status = code === 'request_param_err' ? 400 : ERRORS[code].status;
  const body = JSON.stringify(failure(code, 'EN'));
  const headers = Object.entries({
    ...BASE_SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  }).map(([k, v]) => `${k}: ${v}\r\n`);
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}\r\n${headers.join('')}\r\n${body}`);
}
