import { format, isValid, parseISO } from "date-fns";

const DATE_FORMAT = "MMM d, yyyy";

/** "Mar 5, 2026" from an ISO string; an unreadable value gives null rather than "Invalid Date". */
export function formatDay(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = parseISO(iso);
  return isValid(date) ? format(date, DATE_FORMAT) : null;
}

/**
 * The date a project row shows: when the user last opened it, or else when it was created.
 *
 * @example projectDateLabel({ lastViewedAt: null, createdAt: "2026-03-05T12:00:00Z" }) // "Created Mar 5, 2026"
 */
export function projectDateLabel(project: { lastViewedAt: string | null; createdAt: string }): string {
  const viewed = formatDay(project.lastViewedAt);
  if (viewed) return `Last viewed ${viewed}`;
  const created = formatDay(project.createdAt);
  return created ? `Created ${created}` : "";
}

/** @example invitedDateLabel("2026-01-20T12:00:00Z") // "Invited Jan 20, 2026" */
export function invitedDateLabel(invitedAt: string): string {
  const invited = formatDay(invitedAt);
  return invited ? `Invited ${invited}` : "";
}

/** Splits the user's projects into the Active and Archived tabs, keeping their order. */
export function splitByArchived<T extends { archived: boolean }>(projects: readonly T[]) {
  return {
    active: projects.filter((project) => !project.archived),
    archived: projects.filter((project) => project.archived),
  };
}
