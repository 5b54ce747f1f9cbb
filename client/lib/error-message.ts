/**
 * The text of a thrown value, for a toast's description: an API error already reads
 * "{status}: {message}".
 *
 * @example errorMessage(new Error("403: Only the owner can delete a project")) // "403: Only the owner can delete a project"
 */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  return "Something went wrong";
}
