// The open project's charts as pictures: the Gantt chart at the zoom the user chose (else the scale
// that shows the plan in about a screen's width) and the graph, whole, with the picture header.
import { chosenZoom, scaleForZoom } from "@core/gantt/zoom";
import type {
  CategoryDto,
  DependencyDto,
  ProjectDto,
  ScheduledTaskDto,
  TaskDto,
} from "@core/schemas/projects";
import { readStoredString, STORAGE_KEYS } from "@/lib/storage-keys";
import type { ExportPalette } from "./export-palette";
import { ganttLayout, planSpan, scaleToFit } from "./gantt-layout";
import { ganttSvg, ganttSvgSize } from "./gantt-svg";
import { graphLayout } from "./graph-layout";
import { graphSvg, graphSvgSize } from "./graph-svg";
import type { PictureHeader } from "./picture-header";

export type ChartKind = "gantt" | "graph";

export type PlanData = {
  project: Pick<ProjectDto, "name" | "slug" | "statusDate">;
  tasks: readonly (TaskDto | ScheduledTaskDto)[];
  dependencies: readonly DependencyDto[];
  categories: readonly CategoryDto[];
};

export type Picture = { svg: string; width: number; height: number; fileName: string };

/** The Gantt picture's task column. */
export const PICTURE_NAME_WIDTH = 280;
/** About a screen's width: the Gantt picture opens at the scale that fits the plan in it. */
const SCREEN_WIDTH = 1600;

/** The status day: the project's status date, else today's (UTC, as the Gantt view draws it). */
export const statusDayOf = (project: Pick<ProjectDto, "statusDate">, now: Date) =>
  project.statusDate ?? now.toISOString().slice(0, 10);

export function pictureHeader(
  project: PlanData["project"],
  verb: PictureHeader["verb"],
  now: Date,
): PictureHeader {
  return {
    projectName: project.name,
    madeAt: now,
    verb,
    statusDay: statusDayOf(project, now),
    statusDateSet: Boolean(project.statusDate),
  };
}

/** The scale the Gantt view draws at: the user's zoom, else the one fitting the plan. */
function drawnScale(data: PlanData, now: Date) {
  const zoom = chosenZoom(readStoredString(STORAGE_KEYS.ganttZoomLevel));
  if (zoom !== null) return scaleForZoom(zoom).name;
  const span = planSpan(data.tasks, now);
  return span ? scaleToFit(span, SCREEN_WIDTH) : "weeks";
}

/** The whole Gantt chart as a picture. */
export function ganttPicture(data: PlanData, palette: ExportPalette, now: Date): Picture {
  const layout = ganttLayout({
    ...data,
    now,
    statusDay: statusDayOf(data.project, now),
    scale: drawnScale(data, now),
  });
  const frame = { rowFrom: 0, rowTo: layout.rows.length, x0: 0, x1: layout.width };
  const svg = ganttSvg(layout, {
    palette,
    header: pictureHeader(data.project, "Exported", now),
    nameWidth: PICTURE_NAME_WIDTH,
  });
  return {
    svg,
    ...ganttSvgSize(layout, PICTURE_NAME_WIDTH, frame, true),
    fileName: `${data.project.slug}-gantt`,
  };
}

/** The whole graph as a picture. */
export function graphPicture(data: PlanData, palette: ExportPalette, now: Date): Picture {
  const layout = graphLayout({ ...data, thisYear: now.getFullYear() });
  const header = pictureHeader(data.project, "Exported", now);
  return {
    svg: graphSvg(layout, { palette, header }),
    ...graphSvgSize(layout, { header }),
    fileName: `${data.project.slug}-graph`,
  };
}
