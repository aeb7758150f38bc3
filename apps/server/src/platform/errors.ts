import { ERRORS, type TErrorCode } from '@bp/contract';

/**
 * The one error type services throw. `value` travels to the client in the failure envelope when the
 * client needs data to react (a captcha flag, the current balance); `detail` is for logs only.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: TErrorCode,
    readonly options: { value?: unknown; detail?: string; status?: number; message?: string } = {},
  ) {
    super(options.detail ?? code);
    this.name = 'AppError';
    this.status = options.status ?? ERRORS[code].status;
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

/** PostgreSQL error code of a (possibly driver- or drizzle-wrapped) error. */
export function pgErrorCode(err: unknown): string | undefined {
  let e: any = err;
  for (let i = 0; i < 4 && e; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause;
  }
  return undefined;
}
