// The document's groups: each route's tag, by the resource it serves. A route missing here is
// grouped by the first segment of its path, so a new route needs no entry to be described.
import { API_PREFIX, type ApiRouteName, apiRoutes } from "@core/api/routes";

const ROUTES_BY_TAG: Record<string, readonly ApiRouteName[]> = {
  "Sign-in": ["signup", "login", "logout", "oidcCallback", "authUser", "trialSignup"],
  Projects: ["projects", "sharedProjects", "projectBySlug", "project", "projectPreferredView"],
  Tasks: ["projectTasks", "taskReorder", "taskPositions", "projectOutline", "task"],
  Dependencies: ["dependencies", "dependency"],
  Categories: ["projectCategories", "category"],
  Baselines: ["projectBaselines", "baseline"],
  History: ["projectActivity", "projectAsOf", "activityUndo"],
  "My Tasks": ["myTasks"],
  Search: ["search"],
  "Live events": ["projectEvents", "myTasksEvents", "publicProjectEvents"],
  Notifications: ["notifications", "notificationsRead", "notificationPreferences"],
  "API tokens": ["apiTokens", "apiToken"],
  Webhooks: ["projectWebhooks", "projectWebhook", "webhookDeliveries"],
  "Import and export": ["projectImport", "projectExport"],
  Calendar: ["calendarFeed", "calendarFile"],
  Sharing: ["projectShares", "projectInvite", "share", "shareToken", "shareTokenGenerate", "publicProject"],
  Service: ["health", "openApi"],
};

const TAG_BY_PATH = new Map<string, string>(
  Object.entries(ROUTES_BY_TAG).flatMap(([tag, names]) =>
    names.map((name) => [apiRoutes[name].path, tag] as const),
  ),
);

/** The tags named in the document's `tags` list, in reading order. */
export const OPERATION_TAGS = Object.keys(ROUTES_BY_TAG);

/** The group of a route, by its Fastify pattern. @example tagOf("/api/tasks/:id") // "Tasks" */
export function tagOf(url: string): string {
  return TAG_BY_PATH.get(url) ?? url.slice(API_PREFIX.length).split("/")[0];
}
