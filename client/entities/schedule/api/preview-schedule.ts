// A dry run of a scheduling write (`?dryRun=true`): the server checks it as the real write, changes
// nothing and answers what would move.
import type { SchedulePreview } from "@core/schemas/scheduling";
import { type HttpMethod, requestJson } from "@/lib/api-client";

export type ScheduleWrite = { method: HttpMethod; url: string; body?: unknown };

/** The preview of a write. @example await previewSchedule(updateTaskRequest({ taskId: 4, changes: { duration: 5 } })) */
export async function previewSchedule(write: ScheduleWrite): Promise<SchedulePreview> {
  const separator = write.url.includes("?") ? "&" : "?";
  const answer = await requestJson<{ preview: SchedulePreview }>(
    write.method,
    `${write.url}${separator}dryRun=true`,
    write.body,
  );
  return answer.preview;
}
