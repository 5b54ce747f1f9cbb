import type { z } from "zod";
import { AppError } from "./errors";

export class ValidationError extends AppError {
  constructor(
    message: string,
    readonly field: string | undefined,
  ) {
    super(400, message, "invalid_input");
  }
}

type IssueLike = { code?: string; path?: PropertyKey[]; message: string; expected?: unknown };

/**
 * One message for the first problem, naming the field. Messages written for users (for example
 * "Task name is required.") are kept; zod's generic type complaints get the field name in front.
 */
export function describeIssue(
  issue: IssueLike,
  received?: unknown,
): { message: string; field: string | undefined } {
  const field = issue.path && issue.path.length > 0 ? issue.path.map(String).join(".") : undefined;
  // A missing field keeps the schema's own words ("Password is required.").
  const missing = issue.code === "invalid_type" && received === undefined;
  if (
    !missing &&
    (issue.code === "invalid_type" || issue.code === "invalid_value" || issue.code === "unrecognized_keys")
  ) {
    const subject = field ?? "Request body";
    const expected = typeof issue.expected === "string" ? issue.expected : undefined;
    const message =
      issue.code === "invalid_type" && expected
        ? `${subject} must be ${expected === "object" || expected === "array" ? "an" : "a"} ${expected}.`
        : issue.message.startsWith(subject)
          ? issue.message // the schema's own words already name the field
          : `${subject}: ${issue.message}`;
    return { message, field };
  }
  return { message: issue.message, field };
}

export function valueAt(value: unknown, path: PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

export function parseInput<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const { message, field } = describeIssue(issue, valueAt(value ?? {}, issue.path));
  throw new ValidationError(message, field);
}
