import { z } from "zod";

const ID_MAX = 2_147_483_647; // PostgreSQL integer

/** An id in a path: text that must read as a positive integer (anything else is 400). */
export const idParam = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a positive integer` })
    .int(`${name} must be a positive integer`)
    .positive(`${name} must be a positive integer`)
    .max(ID_MAX, `${name} must be a positive integer`);

/** An id in a JSON body: a positive integer, never a string. */
export const idField = (name: string) =>
  z
    .number({ error: `${name} must be a positive integer` })
    .int(`${name} must be a positive integer`)
    .positive(`${name} must be a positive integer`)
    .max(ID_MAX, `${name} must be a positive integer`);

export const idParamsSchema = z.object({ id: idParam("id") });

/** `?includeArchived=true` (anything else means false). */
export const includeArchivedQuerySchema = z.object({
  includeArchived: z
    .string()
    .optional()
    .transform((value) => value === "true" || value === "1"),
});
