// API tokens on the wire (docs/spec/notifications-and-api.md): a program acts as the user who made
// the token with `Authorization: Bearer <secret>`, within its scope. The secret is answered once.
import { z } from "zod";
import { idParam } from "./common";

export const API_TOKEN_SCOPES = ["read", "write"] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const API_TOKEN_NAME_MAX = 100;
/** Each user keeps at most this many tokens. */
export const API_TOKENS_PER_USER = 50;
/** Every secret starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = "vpp_";

const NAME_MESSAGE = `name must be 1 to ${API_TOKEN_NAME_MAX} characters.`;

/** `POST /api/tokens`: `{ "name", "scope", "expiresAt"? }`; expiresAt is an ISO time in the future. */
export const createApiTokenSchema = z
  .object({
    name: z
      .string({ error: "name is required." })
      .trim()
      .min(1, NAME_MESSAGE)
      .max(API_TOKEN_NAME_MAX, NAME_MESSAGE),
    scope: z.enum(API_TOKEN_SCOPES, { error: 'scope must be "read" or "write".' }),
    expiresAt: z.iso
      .datetime({
        offset: true,
        error: "expiresAt must be an ISO date and time, such as 2027-01-31T00:00:00Z.",
      })
      .nullish(),
  })
  .strict();
export type CreateApiToken = z.input<typeof createApiTokenSchema>;

export const apiTokenParamsSchema = z.object({ id: idParam("id") });

/** A token as the list shows it: never its secret. */
export type ApiTokenDto = {
  id: number;
  name: string;
  scope: ApiTokenScope;
  /** The secret's first characters ("vpp_3kQ9"), to tell tokens apart. */
  prefix: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
};

/** The answer to a create: the token and, this once, its secret. */
export type CreatedApiTokenDto = ApiTokenDto & { secret: string };
