import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS, errorMessage, type TErrorCode, type TFailure } from '@bp/contract';
import { AppError, pgErrorCode } from './errors.js';

export function failure(
  code: TErrorCode,
  language: string | undefined,
  value?: unknown,
  message?: string,
): TFailure {
  const text = message ?? errorMessage(code, language);
  return value === undefined
    ? { success: false, errorCode: code, message: text, msg: text }
    : { success: false, errorCode: code, message: text, msg: text, value };
}

export function sendError(
  req: FastifyRequest,
  reply: FastifyReply,
  code: TErrorCode,
  opts: { value?: unknown; status?: number; message?: string } = {},
) {
  return reply
    .status(opts.status ?? ERRORS[code].status)
    .send(failure(code, req.language, opts.value, opts.message));
}

/**
 * One error handler for the whole API: known errors become the platform envelope with a meaningful
 * HTTP status; anything unexpected is logged and answered with a generic 500 that leaks nothing.
 */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | Error, req, reply) => {
    if (err instanceof AppError) {
      if (err.status >= 500) req.log.error({ err }, 'app error');
      return sendError(req, reply, err.code, {
        value: err.options.value,
        status: err.status,
        message: err.options.message,
      });
    }
    const fe = err as FastifyError;
    if (fe.validation || fe.code === 'FST_ERR_VALIDATION') {
      return sendError(req, reply, 'request_param_err', { value: { issues: fe.validation } });
    }
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return sendError(req, reply, 'request_body_required', { status: fe.statusCode ?? 400 });
    }
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendError(req, reply, 'payload_too_large');
    }
    if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
      // Malformed JSON, bad content length and other client faults detected by Fastify itself.
      return sendError(req, reply, 'request_param_err', { status: fe.statusCode === 429 ? 429 : 400 });
    }
    const pg = pgErrorCode(err);
    if (pg === '40001' || pg === '40P01') {
      req.log.warn({ err }, 'serialization failure');
      return sendError(req, reply, 'system_busy', { status: 503 });
    }
    req.log.error({ err }, 'unhandled error');
    return sendError(req, reply, 'system_busy');
  });
}
