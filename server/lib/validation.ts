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

// zod reports these as `invalid_type` of the value itself; "int" (a failed .int()) is not one of
// them, so it keeps the schema's own message ("order must be an integer.").
const VALUE_TYPES = new Set(["string", "number", "boolean", "object", "array", "null", "date", "bigint"]);

/**
 * One message for the first problem, naming the field. Messages written for users (for example
 * "Task name is required.") are kept; a value of the wrong type reads "`field` must be a string.";
 * zod's other generic complaints get the field name in front.
 */
export function describeIssue(
  issue: IssueLike,
  received?: unknown,
): { message: string; field: string | undefined } {
  const field = issue.path && issue.path.length > 0 ? issue.path.map(String).join(".") : undefined;
  const subject = field ?? "Request body";
  const expected = typeof issue.expected === "string" ? issue.expected : undefined;
  // A missing field keeps the schema's own words ("Password is required.").
  if (issue.code === "invalid_type" && received !== undefined && expected && VALUE_TYPES.has(expected)) {
    return {
      message: `${subject} must be ${expected === "object" || expected === "array" ? "an" : "a"} ${expected}.`,
      field,
    };
  }
  const generic = issue.message.startsWith("Invalid") || issue.message.startsWith("Unrecognized");
  if (
    generic &&
    (issue.code === "invalid_value" || issue.code === "unrecognized_keys" || issue.code === "invalid_type")
  ) {
    return {
      message: issue.message.startsWith(subject) ? issue.message : `${subject}: ${issue.message}`,
      field,
    };
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
