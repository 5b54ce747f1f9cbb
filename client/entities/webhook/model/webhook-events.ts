// The event types a webhook may be sent, in groups a person can choose from, and how a webhook's
// choice reads in one phrase.
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@core/schemas/webhooks";

export type WebhookEventGroup = { label: string; events: WebhookEventType[] };

const GROUP_OF: { label: string; matches: (event: WebhookEventType) => boolean }[] = [
  { label: "Task changes", matches: (event) => event.startsWith("task.") || event.startsWith("tasks.") },
  { label: "Dependency changes", matches: (event) => event.startsWith("dependency.") },
  { label: "Category changes", matches: (event) => event.startsWith("category.") },
];

/**
 * Every event type in its group, in the table's order: tasks, dependencies, categories, then the
 * project's own (members, the public link, baselines and anything new).
 *
 * @example webhookEventGroups()[0] // { label: "Task changes", events: ["task.created", ...] }
 */
export function webhookEventGroups(): WebhookEventGroup[] {
  const groups = [...GROUP_OF, { label: "Project changes", matches: () => true }].map((group) => ({
    ...group,
    events: [] as WebhookEventType[],
  }));
  for (const event of WEBHOOK_EVENT_TYPES) {
    groups.find((group) => group.matches(event))?.events.push(event);
  }
  return groups.filter((group) => group.events.length > 0).map(({ label, events }) => ({ label, events }));
}

/**
 * A webhook's events in one phrase: "All events", the one event, or how many.
 *
 * @example eventsSummary(["task.created", "task.updated", "task.deleted"]) // "3 events"
 */
export function eventsSummary(events: readonly string[]): string {
  const chosen = new Set(events);
  if (WEBHOOK_EVENT_TYPES.every((event) => chosen.has(event))) return "All events";
  if (chosen.size === 1) return [...chosen][0];
  return `${chosen.size} events`;
}
