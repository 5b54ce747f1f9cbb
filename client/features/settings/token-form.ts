// The Create token form: the server's schema for name and scope, and an optional day for the
// expiry, sent as the end of that day in UTC.
import { type ApiTokenScope, type CreateApiToken, createApiTokenSchema } from "@core/schemas/api-tokens";
import { z } from "zod";

export const SCOPE_LABELS: Record<ApiTokenScope, string> = {
  read: "Read only",
  write: "Read and write",
};

/** A YYYY-MM-DD day. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The last moment of a day in UTC, as the API's ISO time.
 * @example endOfDayUtc("2027-01-31") // "2027-01-31T23:59:59.999Z"
 */
export function endOfDayUtc(day: string): string {
  return `${day}T23:59:59.999Z`;
}

/**
 * Today in UTC (YYYY-MM-DD): the first day a token may expire on, since the end of any earlier day
 * has passed everywhere.
 * @example todayUtc(new Date("2026-05-04T23:30:00-07:00")) // "2026-05-05"
 */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export const tokenFormSchema = createApiTokenSchema
  .pick({ name: true, scope: true })
  .extend({
    expiresOn: z
      .string()
      .refine((day) => day === "" || (DAY.test(day) && !Number.isNaN(Date.parse(endOfDayUtc(day)))), {
        message: "Choose a day, or leave Expires empty.",
      })
      .refine((day) => day === "" || Date.parse(endOfDayUtc(day)) > Date.now(), {
        message: "The token must expire today or later.",
      }),
  })
  .transform(({ expiresOn, ...token }): CreateApiToken => {
    return expiresOn === "" ? token : { ...token, expiresAt: endOfDayUtc(expiresOn) };
  });

export type TokenFormValues = z.input<typeof tokenFormSchema>;

export const EMPTY_TOKEN_FORM: TokenFormValues = { name: "", scope: "read", expiresOn: "" };
