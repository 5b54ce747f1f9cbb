// Test helpers in the manner of fastify/demo's test/helper.ts: a real app on a real database.
// Without DATABASE_URL each test file gets an in-memory PGlite; with it, a fresh PostgreSQL
// database created for the file and dropped afterwards.
import { randomBytes } from "node:crypto";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { buildApp } from "../app";
import { createSession, SESSION_COOKIE } from "../auth/sessions";
import { createUser } from "../auth/users";
import { type Config, loadConfig } from "../config";
import { type DatabaseHandle, type DatabaseOptions, openDatabase } from "../db/client";
import type { User } from "../db/schema";
import { FaultSwitch } from "./fault-switch";

export async function openTestDatabase(
  options: Pick<DatabaseOptions, "onQuery"> = {},
): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openDatabase(options);
  const name = `planner_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ ...options, databaseUrl: url.href });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Makes chosen requests fail or wait; see fault-switch.ts. */
  faults: FaultSwitch;
  close: () => Promise<void>;
};

/** Limits are raised so that many test users can sign up from 127.0.0.1; limit tests lower them. */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  databaseOptions: Pick<DatabaseOptions, "onQuery"> = {},
): Promise<TestApp> {
  const database = await openTestDatabase(databaseOptions);
  const config: Config = {
    ...loadConfig({}),
    signupMaxPerClient: 10_000,
    loginMaxFailuresPerClient: 10_000,
    clientDir: "./does-not-exist",
    ...overrides,
  };
  const app = await buildApp({ config, db: database.db });
  const faults = new FaultSwitch();
  faults.install(app);
  await app.ready();
  return {
    app,
    database,
    faults,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

let sequence = 0;
/** A unique user, inserted directly (no password hashing) unless a passwordHash is given. */
export async function createTestUser(
  testApp: TestApp,
  overrides: Partial<Parameters<typeof createUser>[1]> = {},
) {
  sequence += 1;
  const tag = `${process.pid}${sequence}${randomBytes(2).toString("hex")}`;
  return createUser(testApp.database.db, {
    email: `user${tag}@example.com`,
    username: `user${tag}`,
    firstName: "Test",
    lastName: `User ${sequence}`,
    passwordHash: null,
    ...overrides,
  });
}

export type Client = {
  user: User;
  cookie: string;
  inject: (options: InjectOptions) => Promise<LightMyRequestResponse>;
};

/** An injector that sends the user's session cookie with every request. */
export async function loginAs(testApp: TestApp, user?: User): Promise<Client> {
  const actual = user ?? (await createTestUser(testApp));
  const { token } = await createSession(testApp.database.db, actual.id, 1);
  const cookie = `${SESSION_COOKIE}=${token}`;
  return {
    user: actual,
    cookie,
    inject: (options) =>
      testApp.app.inject({ ...options, headers: { ...(options.headers ?? {}), cookie } } as InjectOptions),
  };
}

/** The `sid` cookie value of a response, if it set one. */
export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((candidate) => candidate.name === SESSION_COOKIE);
  return cookie?.value ? `${SESSION_COOKIE}=${cookie.value}` : undefined;
}
