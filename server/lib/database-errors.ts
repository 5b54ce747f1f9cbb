// Errors that mean "the database cannot be reached right now" rather than "this request is wrong":
// answered 503 so clients and load balancers retry, instead of a 500.
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up)
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let current = error as { code?: string; message?: string; cause?: unknown } | undefined, depth = 0;
    current && depth < 5;
    depth++
  ) {
    if (current.code && UNAVAILABLE_CODES.has(current.code)) return true;
    const message = current.message ?? "";
    if (/Connection terminated|connection is closed|Client has encountered a connection error/i.test(message))
      return true;
    current = current.cause as typeof current;
  }
  return false;
}
