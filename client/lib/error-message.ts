import { ApiError } from "@/lib/api-client";

/**
 * The text of a thrown value, for a toast's description or a field's message: an API error's
 * words without the HTTP status, which tells a person nothing (docs/decisions/032-messages-in-users-words.md); a fetch that
 * never reached the server says so.
 *
 * @example errorMessage(new ApiError(403, "Only the owner can delete a project")) // "Only the owner can delete a project"
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.detail;
  // fetch() rejects with a TypeError when the request never got an answer (offline, server down).
  if (error instanceof TypeError && /fetch|network/i.test(error.message)) return OFFLINE_MESSAGE;
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  return "Something went wrong";
}

export const OFFLINE_MESSAGE = "The server could not be reached. Check your connection and try again.";
