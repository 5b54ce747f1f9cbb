// Expected failures carry the status and the message the user sees; the central error handler
// in app.ts turns them into `{message, code}` bodies (with `details`' fields beside them, such as
// the task a stale write met). Anything else becomes a logged 500.
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: string = defaultCode(statusCode),
    readonly headers: Record<string, string> = {},
    /** More fields of the body, beside message and code. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "AppError";
  }
}

function defaultCode(status: number): string {
  switch (status) {
    case 400:
      return "bad_request";
    case 401:
      return "unauthorized";
    case 403:
      return "forbidden";
    case 404:
      return "not_found";
    case 409:
      return "conflict";
    case 413:
      return "payload_too_large";
    case 415:
      return "unsupported_media_type";
    case 429:
      return "too_many_requests";
    default:
      return "error";
  }
}

export const badRequest = (message: string, code?: string) => new AppError(400, message, code);
export const unauthorized = (message = "You need to sign in first.") => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string, code?: string, details: Record<string, unknown> = {}) =>
  new AppError(409, message, code, {}, details);
