// Test helpers in the manner of fastify/demo's test/helper.ts: a real app on a real database.
// Without DATABASE_URL each test file gets an in-memory PGlite; with it, a fresh PostgreSQL
// database created for the file and dropped afterwards.
//
// A test file usually needs only the `setup` helpers, called at its top (or at a describe's top):
//   const testApp = setupTestApp();                    // built before the tests, closed after them
//   const [owner, viewer] = setupClients(testApp, 2);  // two new users, signed in (loginAs)
// They register vitest hooks and answer at once, with objects that stand for what the hooks make:
// read those inside tests and hooks, not while the file is being collected.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { buildApp } from "../app";
import { createSession, SESSION_COOKIE } from "../auth/sessions";
import { createUser } from "../auth/users";
import { type Config, loadConfig } from "../config";
import { type DatabaseHandle, type DatabaseOptions, openDatabase } from "../db/client";
import type { Project, User } from "../db/schema";
import { createSharedProject } from "./factories";
import { FaultSwitch } from "./fault-switch";

export async function openTestDatabase(
  options: Pick<DatabaseOptions, "onQuery"> = {},
): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    // Migrated once per run by pglite-image.ts (the vitest global setup). The benchmarks start
    // apps through these helpers outside Vitest, where there is nothing to inject.
    const imagePath = process.env.VITEST ? inject("pgliteImagePath") : undefined;
    const pgliteImage = imagePath ? new Blob([readFileSync(imagePath)]) : undefined;
    return openDatabase({ ...options, pgliteImage });
  }
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
    // The webhook deliverer's poll would run statements in the middle of tests that count them;
    // webhook tests set their own (a write on the instance still wakes it at once).
    webhookPollMilliseconds: 3_600_000,
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

export type RunningTestApp = TestApp & { baseUrl: string };

/** buildTestApp, listening on a free port of 127.0.0.1 (event streams, real HTTP, the browser). */
export async function startTestApp(
  overrides: Partial<Config> = {},
  databaseOptions: Pick<DatabaseOptions, "onQuery"> = {},
): Promise<RunningTestApp> {
  const testApp = await buildTestApp(overrides, databaseOptions);
  await testApp.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = testApp.app.server.address() as AddressInfo;
  return { ...testApp, baseUrl: `http://127.0.0.1:${port}` };
}

/**
 * An object whose `keys` read those of `current()` when they are read: it stands for a value that a
 * beforeAll makes, so that it can be handed out before the hook has run.
 */
export function lateView<T extends object>(current: () => T, keys: readonly (keyof T)[]): T {
  const view = {} as T;
  for (const key of keys) Object.defineProperty(view, key, { enumerable: true, get: () => current()[key] });
  return view;
}

/** `value`, or a clear error where a `setup` helper's value is read before its hook made it. */
export function madeBy<T>(helper: string, value: T | undefined): T {
  if (value === undefined)
    throw new Error(`${helper}: read its value inside a test or hook, after its beforeAll has run`);
  return value;
}

export type SetupTestAppOptions = {
  /** Settings over buildTestApp's; a function is called in the beforeAll, for values made by then. */
  config?: Partial<Config> | (() => Partial<Config>);
  /** Called with every SQL statement the app runs. */
  onQuery?: DatabaseOptions["onQuery"];
  /** Also listen on a free port of 127.0.0.1: `baseUrl` is then its address. */
  listen?: boolean;
};

/**
 * The test file's app: built once in a beforeAll (with `listen`, served as startTestApp serves it)
 * and closed in an afterAll, both registered where this is called. The answer reads that app.
 */
export function setupTestApp(options: SetupTestAppOptions = {}): RunningTestApp {
  let current: TestApp | undefined;
  let baseUrl: string | undefined;
  beforeAll(async () => {
    const config = typeof options.config === "function" ? options.config() : (options.config ?? {});
    const databaseOptions = options.onQuery ? { onQuery: options.onQuery } : {};
    if (options.listen) ({ baseUrl, ...current } = await startTestApp(config, databaseOptions));
    else current = await buildTestApp(config, databaseOptions);
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  const view = lateView<TestApp>(
    () => madeBy("setupTestApp", current),
    ["app", "database", "faults", "close"],
  );
  return Object.defineProperty(view as RunningTestApp, "baseUrl", {
    enumerable: true,
    get: () => madeBy("setupTestApp({ listen: true })", baseUrl),
  });
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

/**
 * `count` clients of new users, signed in by loginAs once for the file in a beforeAll registered
 * where this is called (after setupTestApp's, so on its app). Each answer reads its client.
 */
export function setupClients(testApp: TestApp, count: number): Client[] {
  let clients: Client[] | undefined;
  beforeAll(async () => {
    clients = await Promise.all(Array.from({ length: count }, () => loginAs(testApp)));
  });
  return Array.from({ length: count }, (_, index) =>
    lateView<Client>(() => madeBy("setupClients", clients)[index], ["user", "cookie", "inject"]),
  );
}

export type Team = Record<"owner" | "admin" | "editor" | "viewer" | "outsider", Client> & {
  /** A new project of `owner` shared with admin, editor and viewer (in that order). */
  sharedProject: (name?: string) => Promise<Project>;
};

/**
 * setupClients for the callers of the access rules: the owner of every sharedProject, its admin,
 * editor and viewer, and an outsider to all of them.
 */
export function setupTeam(testApp: TestApp): Team {
  const [owner, admin, editor, viewer, outsider] = setupClients(testApp, 5);
  const members = () => ({ admin: admin.user, editor: editor.user, viewer: viewer.user });
  return {
    owner,
    admin,
    editor,
    viewer,
    outsider,
    sharedProject: (name = "Shared plan") => createSharedProject(testApp, owner.user, members(), { name }),
  };
}

/** Inject options for a JSON request: the body and its content type, or neither without a payload. */
export function jsonRequest(method: InjectOptions["method"], url: string, payload?: unknown): InjectOptions {
  return {
    method,
    url,
    ...(payload === undefined
      ? {}
      : { headers: { "content-type": "application/json" }, payload: JSON.stringify(payload) }),
  };
}

/** Sends a JSON request (jsonRequest) as the client. */
export function sendJson(
  client: Pick<Client, "inject">,
  method: InjectOptions["method"],
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return client.inject(jsonRequest(method, url, payload));
}

/** The `sid` cookie value of a response, if it set one. */
export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((candidate) => candidate.name === SESSION_COOKIE);
  return cookie?.value ? `${SESSION_COOKIE}=${cookie.value}` : undefined;
}
