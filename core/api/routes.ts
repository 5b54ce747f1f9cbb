// Every API route, written once. The server registers each one by its `path` (a Fastify pattern)
// and the client builds each URL with its `url`, so a route renamed here is renamed on both sides,
// and a client URL naming no route does not compile. `scripts/check-references.ts` refuses an
// "/api/..." literal in client source.

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** What every API path starts with: the server tells its API from the client's pages by it. */
export const API_PREFIX = "/api/";

/** The names of a pattern's `:params`: "/api/projects/:id/tasks" gives "id". */
export type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

export type RouteParams<Path extends string> = { [Name in ParamNames<Path>]: string | number };

/** A URL's query: undefined values are left out, the others written as text. */
export type RouteQuery = Record<string, string | number | boolean | undefined>;

export type ApiRoute<Path extends string> = {
  /** The Fastify pattern the server registers. */
  readonly path: Path;
  /** The methods the server answers on it (HEAD comes with GET). */
  readonly methods: readonly HttpMethod[];
  /** A concrete URL: each param encoded, then the query. @example apiRoutes.task.url({ id: 4 }) // "/api/tasks/4" */
  url(
    ...args: [ParamNames<Path>] extends [never]
      ? [params?: RouteParams<Path>, query?: RouteQuery]
      : [params: RouteParams<Path>, query?: RouteQuery]
  ): string;
};

/** The `:params` of a pattern, in order. @example paramNamesOf("/api/share/:token/events") // ["token"] */
export function paramNamesOf(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((match) => match[1]);
}

/** The fixed start of a pattern, up to its first `:param`. @example fixedPrefixOf("/api/share/:token") // "/api/share/" */
export function fixedPrefixOf(path: string): string {
  const param = path.indexOf(":");
  return param === -1 ? path : path.slice(0, param);
}

function route<const Path extends string>(path: Path, methods: readonly HttpMethod[]): ApiRoute<Path> {
  const url = (params: Record<string, string | number> = {}, query: RouteQuery = {}) => {
    const filled = path.replace(/:(\w+)/g, (_pattern, name: string) => {
      const value = params[name];
      if (value === undefined) throw new Error(`${path} needs :${name}`);
      return encodeURIComponent(String(value));
    });
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined) search.append(name, String(value));
    }
    const text = search.toString();
    return text === "" ? filled : `${filled}?${text}`;
  };
  return { path, methods, url: url as ApiRoute<Path>["url"] };
}

export const apiRoutes = {
  health: route("/api/health", ["GET"]),

  // Sign-in: the GETs are the server's own pages, the POSTs their forms.
  signup: route("/api/signup", ["GET", "POST"]),
  login: route("/api/login", ["GET", "POST"]),
  logout: route("/api/logout", ["GET", "POST"]),
  oidcCallback: route("/api/callback", ["GET"]),
  authUser: route("/api/auth/user", ["GET"]),
  /** What the signed-in user chose for themselves (the theme), kept across devices. */
  userPreferences: route("/api/me/preferences", ["PATCH"]),
  /** The command palette's search: projects and tasks by name, everywhere the user can see. */
  search: route("/api/search", ["GET"]),
  trialSignup: route("/api/trial-signup", ["POST"]),

  projects: route("/api/projects", ["GET", "POST"]),
  sharedProjects: route("/api/shared-projects", ["GET"]),
  projectBySlug: route("/api/projects/by-slug/:slug", ["GET"]),
  project: route("/api/projects/:id", ["GET", "PUT", "PATCH", "DELETE"]),
  projectPreferredView: route("/api/projects/:id/preferred-view", ["PUT"]),
  projectEvents: route("/api/projects/:id/events", ["GET"]),
  projectActivity: route("/api/projects/:id/activity", ["GET"]),
  /** The project as it stood at a past moment, rebuilt from its activity (docs/spec/tracking.md). */
  projectAsOf: route("/api/projects/:id/as-of", ["GET"]),
  activityUndo: route("/api/activity/:entryId/undo", ["POST"]),

  projectTasks: route("/api/projects/:id/tasks", ["POST"]),
  taskReorder: route("/api/projects/:id/tasks/reorder", ["PUT"]),
  taskPositions: route("/api/projects/:id/tasks/positions", ["PUT"]),
  /** Indent or outdent tasks in the outline (Tab and Shift+Tab). */
  projectOutline: route("/api/projects/:id/outline", ["POST"]),
  task: route("/api/tasks/:id", ["PUT", "DELETE"]),
  dependencies: route("/api/dependencies", ["POST"]),
  dependency: route("/api/dependencies/:id", ["PUT", "DELETE"]),
  projectCategories: route("/api/projects/:id/categories", ["GET", "POST"]),
  category: route("/api/categories/:id", ["PUT", "DELETE"]),
  /** Saved baselines of a project's schedule (docs/spec/tracking.md). */
  projectBaselines: route("/api/projects/:id/baselines", ["GET", "POST"]),
  baseline: route("/api/projects/:id/baselines/:baselineId", ["GET", "PATCH", "DELETE"]),

  myTasks: route("/api/my-tasks", ["GET"]),
  myTasksEvents: route("/api/my-tasks/events", ["GET"]),

  /** The signed-in user's notifications (docs/spec/notifications-and-api.md). */
  notifications: route("/api/notifications", ["GET"]),
  notificationsRead: route("/api/notifications/read", ["POST"]),
  notificationPreferences: route("/api/notifications/preferences", ["GET", "PUT"]),
  /** API tokens: programs act as the user with `Authorization: Bearer`. */
  apiTokens: route("/api/tokens", ["GET", "POST"]),
  apiToken: route("/api/tokens/:id", ["DELETE"]),
  /** A project's webhooks (admin and up) and each one's delivery log. */
  projectWebhooks: route("/api/projects/:id/webhooks", ["GET", "POST"]),
  projectWebhook: route("/api/projects/:id/webhooks/:webhookId", ["GET", "PATCH", "DELETE"]),
  webhookDeliveries: route("/api/projects/:id/webhooks/:webhookId/deliveries", ["GET"]),
  /** The API described as OpenAPI 3.1, from the schemas the routes validate with. */
  openApi: route("/api/openapi.json", ["GET"]),

  projectImport: route("/api/projects/import", ["POST"]),
  projectExport: route("/api/projects/:id/export", ["GET"]),
  calendarFeed: route("/api/calendar-feed", ["GET", "POST", "DELETE"]),
  /** The feed itself, `{token}.ics`, read by calendar apps without a session. */
  calendarFile: route("/api/calendar/:file", ["GET"]),

  projectShares: route("/api/projects/:id/shares", ["GET"]),
  projectInvite: route("/api/projects/:id/share", ["POST"]),
  share: route("/api/project-shares/:shareId", ["PUT", "DELETE"]),
  shareToken: route("/api/projects/:id/share-token", ["GET", "DELETE"]),
  shareTokenGenerate: route("/api/projects/:id/generate-share", ["POST"]),
  /** A project behind a public link, and its events: read without a session. */
  publicProject: route("/api/share/:token", ["GET"]),
  publicProjectEvents: route("/api/share/:token/events", ["GET"]),
} as const;

export type ApiRouteName = keyof typeof apiRoutes;
