import { ApiError } from "@/lib/api-client";

/**
 * The request field a refusal names, so a form shows it at that field: the answer's `field` (a
 * schema refusal carries it), else the word the message starts with (the server's own checks name
 * their field first: "expiresAt must be in the future.", "url's host x could not be found.").
 * Used by the Create Token form and the Add Webhook dialog.
 *
 * @example refusedField(new ApiError(400, "url points to a private or loopback address; ...")) // "url"
 */
export function refusedField(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  return typeof error.body.field === "string" ? error.body.field : /^(\w+)\b/.exec(error.detail)?.[1];
}
