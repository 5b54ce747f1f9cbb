// The api_tokens table: a user's tokens made, listed, revoked, and found by a secret's hash. Only
// the SHA-256 of a secret is stored (with its first characters, to tell tokens apart): a copy of
// the table holds nothing that signs in.
import { randomBytes } from "node:crypto";
import {
  API_TOKEN_PREFIX,
  API_TOKENS_PER_USER,
  type ApiTokenDto,
  type ApiTokenScope,
  type CreatedApiTokenDto,
} from "@core/schemas/api-tokens";
import { and, count, desc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { type ApiToken, apiTokens, type User, users } from "../db/schema";
import { conflict, notFound } from "../lib/errors";
import { hashApiTokenSecret } from "./bearer";

export const API_TOKEN_NOT_FOUND = "API token not found.";
export const API_TOKEN_LIMIT_MESSAGE = `You have ${API_TOKENS_PER_USER} API tokens, the most an account keeps; revoke one you no longer use first.`;

/** How many characters of the secret the list shows: the prefix and four of the random part. */
const SHOWN_CHARACTERS = 8;
/** 256 random bits, as sessions have. */
const SECRET_BYTES = 32;

export const newApiTokenSecret = () => API_TOKEN_PREFIX + randomBytes(SECRET_BYTES).toString("base64url");

export function toApiTokenDto(row: ApiToken): ApiTokenDto {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * Makes a token for the user and answers it with its secret, the only time the secret is seen.
 * Past API_TOKENS_PER_USER: 409, nothing made. The user's row is locked first, so two creates
 * count in turn ("no key update" does not hold up other rows referring to the user).
 */
export async function createApiToken(
  db: Database,
  user: Pick<User, "id">,
  input: { name: string; scope: ApiTokenScope; expiresAt: Date | null },
): Promise<CreatedApiTokenDto> {
  const secret = newApiTokenSecret();
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("no key update");
    const [{ held }] = await tx
      .select({ held: count() })
      .from(apiTokens)
      .where(eq(apiTokens.userId, user.id));
    if (held >= API_TOKENS_PER_USER)
      throw conflict(API_TOKEN_LIMIT_MESSAGE, "api_token_limit", { limit: API_TOKENS_PER_USER });
    const [inserted] = await tx
      .insert(apiTokens)
      .values({
        userId: user.id,
        name: input.name,
        scope: input.scope,
        tokenHash: hashApiTokenSecret(secret),
        prefix: secret.slice(0, SHOWN_CHARACTERS),
        expiresAt: input.expiresAt,
      })
      .returning();
    return inserted;
  });
  return { ...toApiTokenDto(row), secret };
}

/** The user's tokens, newest first. */
export async function listApiTokens(db: Database, user: Pick<User, "id">): Promise<ApiTokenDto[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.userId, user.id))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(toApiTokenDto);
}

/**
 * Revokes one of the user's tokens: the row goes, so its next call is refused on every instance
 * (nothing holds tokens between requests). Another user's token answers as an unknown one.
 */
export async function deleteApiToken(db: Database, user: Pick<User, "id">, id: number): Promise<void> {
  const deleted = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, user.id)))
    .returning({ id: apiTokens.id });
  if (deleted.length === 0) throw notFound(API_TOKEN_NOT_FOUND);
}

/** The token of a secret's hash with its user, expired or not; undefined when none has it. */
export async function findApiToken(
  db: Database,
  tokenHash: string,
): Promise<{ token: ApiToken; user: User } | undefined> {
  const [row] = await db
    .select({ token: apiTokens, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export async function writeLastUse(db: Database, tokenId: number, at: Date): Promise<void> {
  await db.update(apiTokens).set({ lastUsedAt: at }).where(eq(apiTokens.id, tokenId));
}
