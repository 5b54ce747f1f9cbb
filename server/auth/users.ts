import type { PublicUser } from "@core/schemas/auth";
import { eq, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { projectShares, type User, users } from "../db/schema";

export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    username: user.username,
    theme: user.theme,
  };
}

/** Finds an account by email or by username (case-insensitive). */
export async function findUserByIdentifier(db: Database, identifier: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(or(eq(users.email, identifier), eq(sql`lower(${users.username})`, identifier)))
    .limit(1);
  return user;
}

export type NewUser = {
  email: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  passwordHash: string | null;
  profileImageUrl?: string | null;
  oidcSubject?: string | null;
};

/**
 * Creates the account and attaches the invitations already waiting for its email, in one
 * transaction.
 */
export async function createUser(db: Database, values: NewUser): Promise<User> {
  return db.transaction(async (tx) => {
    const [user] = await tx.insert(users).values(values).returning();
    await tx.update(projectShares).set({ userId: user.id }).where(eq(projectShares.email, user.email));
    return user;
  });
}

/** Which unique constraint a failed insert hit, so the caller can name the taken field. */
export function uniqueViolationOf(error: unknown): string | undefined {
  // node-postgres and PGlite both expose the SQLSTATE and the constraint, possibly under `cause`.
  for (
    let current = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    current;
  ) {
    if (current.code === "23505") return current.constraint ?? "";
    current = current.cause as typeof current;
  }
  return undefined;
}
