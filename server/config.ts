// Every setting comes from the environment; README lists each one with its default.
export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  publicUrl: string | undefined;
  trustProxy: boolean;
  logLevel: string;
  sessionTtlDays: number;
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerClient: number;
  loginFailureWindowMinutes: number;
  signupMaxPerClient: number;
  signupWindowMinutes: number;
  apiRateLimitPerMinute: number;
  eventKeepAliveSeconds: number;
  projectCacheMegabytes: number;
  /** Imports read and stored at once on this instance (each user has one at a time). */
  importsPerInstance: number;
  /** How long an import beyond those waits for its turn before 429 or 503. */
  importWaitSeconds: number;
  /** Each import worker's heap limit. */
  importWorkerMemoryMb: number;
  importReadTimeoutSeconds: number;
  importWorkerIdleSeconds: number;
  oidc: { issuerUrl: string; clientId: string; clientSecret: string } | undefined;
  smtpUrl: string | undefined;
  clientDir: string;
  /** Requests per minute each API token may make (its own budget, beside the per-address one). */
  apiTokenRateLimitPerMinute: number;
  /** Let webhooks target private and loopback addresses (a receiver on the same network). */
  webhooksAllowPrivate: boolean;
  /** The first retry of a failed delivery waits this long; each next one twice as long (at most an hour). */
  webhookRetryBaseSeconds: number;
  /** How often each instance looks for deliveries due (a write on this instance wakes it at once). */
  webhookPollMilliseconds: number;
  /** How often the deadline pass runs (deadline.near and deadline.missed; each is sent once). */
  deadlinePassMinutes: number;
};

type Env = Record<string, string | undefined>;

function integerSetting(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

function booleanSetting(env: Env, name: string): boolean {
  const raw = (env[name] ?? "").toLowerCase();
  return raw === "1" || raw === "true" || raw === "yes";
}

export function loadConfig(env: Env = process.env): Config {
  const oidcIssuer = env.OIDC_ISSUER_URL;
  const oidcClientId = env.OIDC_CLIENT_ID;
  if (oidcIssuer && !oidcClientId) throw new Error("OIDC_ISSUER_URL is set but OIDC_CLIENT_ID is missing");
  return {
    port: integerSetting(env, "PORT", 5000),
    host: env.HOST || "127.0.0.1",
    dataDir: env.DATA_DIR || "./data",
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, "") : undefined,
    trustProxy: booleanSetting(env, "TRUST_PROXY"),
    logLevel: env.LOG_LEVEL || "info",
    sessionTtlDays: integerSetting(env, "SESSION_TTL_DAYS", 30),
    loginMaxFailuresPerAccount: integerSetting(env, "LOGIN_MAX_FAILURES_PER_ACCOUNT", 10),
    loginMaxFailuresPerClient: integerSetting(env, "LOGIN_MAX_FAILURES_PER_CLIENT", 100),
    loginFailureWindowMinutes: integerSetting(env, "LOGIN_FAILURE_WINDOW_MINUTES", 15),
    signupMaxPerClient: integerSetting(env, "SIGNUP_MAX_PER_CLIENT", 20),
    signupWindowMinutes: integerSetting(env, "SIGNUP_WINDOW_MINUTES", 60),
    apiRateLimitPerMinute: integerSetting(env, "API_RATE_LIMIT_PER_MINUTE", 1200),
    eventKeepAliveSeconds: Math.max(1, integerSetting(env, "EVENT_KEEPALIVE_SECONDS", 25)),
    projectCacheMegabytes: integerSetting(env, "PROJECT_CACHE_MB", 64),
    importsPerInstance: Math.max(1, integerSetting(env, "IMPORTS_PER_INSTANCE", 2)),
    importWaitSeconds: integerSetting(env, "IMPORT_WAIT_SECONDS", 5),
    importWorkerMemoryMb: Math.max(32, integerSetting(env, "IMPORT_WORKER_MEMORY_MB", 320)),
    importReadTimeoutSeconds: Math.max(1, integerSetting(env, "IMPORT_READ_TIMEOUT_SECONDS", 60)),
    importWorkerIdleSeconds: integerSetting(env, "IMPORT_WORKER_IDLE_SECONDS", 60),
    oidc:
      oidcIssuer && oidcClientId
        ? { issuerUrl: oidcIssuer, clientId: oidcClientId, clientSecret: env.OIDC_CLIENT_SECRET ?? "" }
        : undefined,
    smtpUrl: env.SMTP_URL || undefined,
    clientDir: env.CLIENT_DIR || "./dist/client",
    apiTokenRateLimitPerMinute: integerSetting(env, "API_TOKEN_RATE_LIMIT_PER_MINUTE", 600),
    webhooksAllowPrivate: booleanSetting(env, "WEBHOOKS_ALLOW_PRIVATE"),
    webhookRetryBaseSeconds: integerSetting(env, "WEBHOOK_RETRY_BASE_SECONDS", 10),
    webhookPollMilliseconds: Math.max(50, integerSetting(env, "WEBHOOK_POLL_MS", 1000)),
    deadlinePassMinutes: Math.max(1, integerSetting(env, "DEADLINE_PASS_MINUTES", 60)),
  };
}
