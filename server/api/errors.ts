/**
 * The error catalogue of original-spec.md §8. Thrown as typed errors anywhere in the API and turned
 * into `{ error: { name, code, message, data? } }` in one place (app.onError).
 */
export const errorCatalogue = {
  BadRequestError: { code: 400, message: 'Bad Request' },
  ValidationError: { code: 400, message: 'Validation Error' },
  UnauthorizedError: { code: 401, message: 'Unauthorized' },
  ForbiddenError: { code: 403, message: 'Forbidden' },
  NotFoundError: { code: 404, message: 'Not Found' },
  TooManyRequestsError: { code: 429, message: 'Too Many Requests' },
  ServerError: { code: 500, message: 'Unknown Server Error' },
} as const

export type ErrorName = keyof typeof errorCatalogue
export type ErrorCode = (typeof errorCatalogue)[ErrorName]['code']

export interface ErrorBody {
  error: { name: ErrorName; code: number; message: string; data?: Record<string, string> }
}

export class ApiError extends Error {
  readonly kind: ErrorName
  readonly code: number
  readonly data?: Record<string, string>
  readonly headers?: Record<string, string>

  constructor(kind: ErrorName, message?: string, data?: Record<string, string>, headers?: Record<string, string>) {
    super(message ?? errorCatalogue[kind].message)
    this.kind = kind
    this.code = errorCatalogue[kind].code
    this.data = data
    this.headers = headers
  }

  toBody(): ErrorBody {
    return {
      error: {
        name: this.kind,
        code: this.code,
        message: this.message,
        ...(this.data ? { data: this.data } : {}),
      },
    }
  }
}

export const badRequest = (message?: string) => new ApiError('BadRequestError', message)
export const validationError = (data: Record<string, string>, message?: string) =>
  new ApiError('ValidationError', message, data)
export const unauthorized = (message?: string) => new ApiError('UnauthorizedError', message)
export const forbidden = (message?: string) => new ApiError('ForbiddenError', message)
export const notFound = (message?: string) => new ApiError('NotFoundError', message)
export const tooManyRequests = (retryAfterSeconds: number) =>
  new ApiError('TooManyRequestsError', undefined, undefined, { 'Retry-After': String(retryAfterSeconds) })

export function isErrorName(name: unknown): name is ErrorName {
  return typeof name === 'string' && Object.hasOwn(errorCatalogue, name)
}
