/** A failed call: the server's envelope (`success:false`) or a transport failure (`network_error`). */
export class ApiError extends Error {
  readonly errorCode: string;
  readonly status: number;
  /** Data some failures carry for the client to react to (e.g. `{ captcha: true }`). */
  readonly value: unknown;

  constructor(errorCode: string, message: string, status: number, value?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.errorCode = errorCode;
    this.status = status;
    this.value = value;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;
