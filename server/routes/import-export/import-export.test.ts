// Import and export through the API (docs/decisions/025-import-and-export.md): the real plan files of
// other tools in
// ../shared/plan-samples (read from there; their licences forbid copying them in), MS Project's own
// dates after import, our exports imported again, dry runs that create nothing, and bad input
// refused with the right status and nothing created.
import { readdirSync, readFileSync } from "node:fs";
import type { ImportAnswerDto } from "@core/schemas/import-export";
import type { ProjectDetailDto } from "@core/schemas/projects";
import { buildOutline } from "@core/tasks/outline";
import { parseMspdiPlan } from "@core/testing/plan-samples";
import { count, eq } from "drizzle-orm";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { projects } from "../../db/schema";
import { shareProject } from "../../test/factories";
import { sendImport } from "../../test/import-requests";
import { type Client, setupTeam, setupTestApp } from "../../test/test-app";

const SAMPLES = new URL("../../../../shared/plan-samples/", import.meta.url);
const sample = (path: string) => readFileSync(new URL(path, SAMPLES));
const samplesIn = (folder: string, extension: string) =>
  readdirSync(new URL(`${folder}/`, SAMPLES))
    .filter((file) => file.endsWith(extension))
    .map((file) => `${folder}/${file}`);

const testApp = setupTestApp();
const team = setupTeam(testApp);
const { owner, viewer, outsider } = team;

async function importFile(client: Client, body: Buffer | string, query: Record<string, string>) {
  const response = await sendImport(client, body, query);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as ImportAnswerDto & { project: { id: number; slug: string; name: string } };
}

const projectCount = async () =>
  (await testApp.database.db.select({ value: count() }).from(projects))[0].value;

const readDetail = async (client: Client, projectId: number) => {
  const response = await client.inject({ method: "GET", url: `/api/projects/${projectId}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ProjectDetailDto;
};

const exportOf = (client: Client, projectId: number, format: string) =>
  client.inject({ method: "GET", url: `/api/projects/${projectId}/export?format=${format}` });

describe("importing other tools' files", () => {
  it.each(samplesIn("mspdi", ".xml"))("imports %s", async (file) => {
    const answer = await importFile(owner, sample(file), { format: "mspdi" });
    const leaves = parseMspdiPlan(sample(file).toString("utf8")).tasks.length;
    const detail = await readDetail(owner, answer.project.id);
    expect(detail.tasks).toHaveLength(answer.imported.tasks);
    // Summaries are tasks too now: the file's leaves are the tasks nothing sits under.
    const outline = buildOutline(detail.tasks);
    expect(detail.tasks.filter((task) => !outline.isSummary(task.id))).toHaveLength(leaves);
    expect(detail.dependencies).toHaveLength(answer.imported.dependencies);
  });

  it.each(["mspdi/mpxj-task-links-project2003-mspdi.xml", "mspdi/mpxj-mspdirelations.xml"])(
    "gives every task of %s MS Project's own start and finish",
    async (file) => {
      const text = sample(file).toString("utf8");
      const plan = parseMspdiPlan(text);
      const answer = await importFile(owner, text, { format: "mspdi" });
      const detail = await readDetail(owner, answer.project.id);
      expect(detail.project.startDate).toBe(plan.startDate);
      // The tasks keep the file's order, so the n-th task is the file's n-th leaf.
      const tasks = [...detail.tasks].sort((a, b) => a.order - b.order || a.id - b.id);
      expect(
        tasks.map((task) => task.schedule && { start: task.schedule.start, finish: task.schedule.finish }),
      ).toEqual(plan.tasks.map((task) => ({ start: task.start, finish: task.finish })));
    },
  );

  it.each(samplesIn("gan", ".gan"))("imports %s with its dependencies, types and lags", async (file) => {
    const answer = await importFile(owner, sample(file), { format: "gan" });
    const detail = await readDetail(owner, answer.project.id);
    expect(detail.tasks.length).toBe(answer.imported.tasks);
    expect(detail.tasks.length).toBeGreaterThan(0);
    expect(detail.dependencies.length).toBe(answer.imported.dependencies);
  });

  it("keeps a GanttProject file's dependency types, its lead and its holiday", async () => {
    const withLinks = await importFile(owner, sample("gan/tsgp-task-with-dependencies.gan"), {
      format: "gan",
    });
    const detail = await readDetail(owner, withLinks.project.id);
    expect(detail.dependencies.map((dependency) => dependency.type).sort()).toEqual(["FF", "FS", "SF", "SS"]);
    expect(detail.dependencies.some((dependency) => dependency.lag === -1)).toBe(true);
    const house = await importFile(owner, sample("gan/ganttproject-HouseBuildingSample.gan"), {
      format: "gan",
    });
    expect((await readDetail(owner, house.project.id)).project.holidays).toContain("2006-02-14");
  });

  it("names a project after its file when the file names none (GanttProject's placeholder included)", async () => {
    const gan = await importFile(owner, sample("gan/tsgp-task-with-dependencies.gan"), {
      format: "gan",
      fileName: "C:\\plans\\office_move.gan",
    });
    expect(gan.project.name).toBe("office move");
    const csv = await importFile(owner, "Name\nPack\n", { format: "csv", fileName: "Moving day.csv" });
    expect(csv.project.name).toBe("Moving day");
    // The name asked for, and the file's own project name, come first.
    const asked = await importFile(owner, "Name\nPack\n", {
      format: "csv",
      fileName: "x.csv",
      name: "Asked",
    });
    expect(asked.project.name).toBe("Asked");
    const untitled = await importFile(owner, "Name\nPack\n", { format: "csv" });
    expect(untitled.project.name).toBe("Imported project");
  });

  it("keeps Plane's sub-issue under its parent, its completion time and its cancelled task as closed", async () => {
    const answer = await importFile(owner, sample("tasklists/linear-planecsv-sample.csv"), { format: "csv" });
    const detail = await readDetail(owner, answer.project.id);
    const byName = (name: string) => detail.tasks.find((task) => task.name === name);
    // TEST-7's Parent is TEST-2: it sits under it. Its blocked_by relation to TEST-2 would join it
    // to its own summary, so it is left out, and said so.
    expect(byName("Sub-task: Profile dashboard")?.parentId).toBe(byName("Fix dashboard loading issue")?.id);
    expect(detail.tasks.filter((task) => task.parentId !== null)).toHaveLength(1);
    expect(detail.dependencies).toEqual([]);
    expect(answer.imported.dependencies).toBe(0);
    expect(answer.warnings).toContainEqual(
      'Left out 1 links between a summary task and a task under it (a link cannot join a task to its own summary): "Fix dashboard loading issue" -> "Sub-task: Profile dashboard".',
    );
    expect(byName("Update API documentation")?.completedAt).toBe("2024-01-03T15:00:00.000Z");
    expect(byName("Cancelled feature request")).toMatchObject({ completed: true });
  });

  it.each([
    "tasklists/linear-planecsv-sample.csv",
    "tasklists/vikunja-ticktick-export.csv",
    "tasklists/vikunja-ticktick-multiline.csv",
  ])("imports %s (byte-order mark, lines before the header, multi-line fields)", async (file) => {
    const preview = await sendImport(owner, sample(file), { format: "csv", dryRun: "true" });
    expect(preview.statusCode, preview.body).toBe(200);
    const previewed = preview.json() as ImportAnswerDto;
    expect(previewed.csv?.mapping.name).toBeTruthy();
    expect(previewed.imported.tasks).toBeGreaterThan(0);
    const answer = await importFile(owner, sample(file), { format: "csv" });
    expect(answer.imported).toEqual(previewed.imported);
    expect((await readDetail(owner, answer.project.id)).tasks).toHaveLength(answer.imported.tasks);
  });

  it("renumbers a JSON file's list from 0 when its orders are out of range, keeping their sequence and names", async () => {
    const file = {
      format: "visual-project-planner",
      version: 1,
      project: { name: "Reordered" },
      tasks: [
        { id: 1, name: 'Third: "quoted", back\\slash, {braces}, 🚀', order: 2_000_000 },
        { id: 2, name: "First", order: -1 },
        { id: 3, name: "Second", order: 7 },
      ],
    };
    const answer = await importFile(owner, JSON.stringify(file), { format: "json" });
    const detail = await readDetail(owner, answer.project.id);
    const listed = [...detail.tasks].sort((a, b) => a.order - b.order);
    expect(listed.map((task) => [task.name, task.order])).toEqual([
      ["First", 0],
      ["Second", 1],
      ['Third: "quoted", back\\slash, {braces}, 🚀', 2],
    ]);
  });

  it("guesses the format when the upload does not name it", async () => {
    const answer = await importFile(owner, sample("mspdi/mpxj-mspdirelations.xml"), {});
    expect(answer.format).toBe("mspdi");
    expect(answer.imported.tasks).toBe(5);
  });
});

describe("dry runs", () => {
  it("answers the counts and warnings of an import and creates nothing", async () => {
    const before = await projectCount();
    const response = await sendImport(owner, sample("mspdi/projectlibre-new-product.xml"), {
      format: "mspdi",
      dryRun: "true",
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as ImportAnswerDto;
    expect(answer.project).toBeNull();
    expect(answer.imported.tasks).toBe(43);
    // Summaries stay summaries: no category is made of them.
    expect(answer.imported.categories).toBe(0);
    expect(answer.warnings.join(" ")).toMatch(/resource/i);
    expect(await projectCount()).toBe(before);
  });
});

describe("bad files are refused and create nothing", () => {
  const BOMB = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><Project xmlns="http://schemas.microsoft.com/project"><Name>&lol2;</Name></Project>`;
  const XXE = `<?xml version="1.0"?><!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><project name="&xxe;"><tasks/></project>`;
  const truncated = sample("mspdi/mpxj-task-links-project2003-mspdi.xml").subarray(0, 3_000);
  // An OLE compound file's signature, as .mpp files begin, then zeros.
  const MPP_HEADER = Buffer.concat([Buffer.from("d0cf11e0a1b11ae1", "hex"), Buffer.alloc(504)]);

  it.each([
    ["an entity bomb", BOMB, { format: "mspdi" }, 400, /DOCTYPE/],
    ["an external entity", XXE, { format: "gan" }, 400, /DOCTYPE/],
    ["a truncated MS Project file", truncated, { format: "mspdi" }, 400, /line \d+/],
    ["malformed JSON", '{"format": "visual-project-planner", "tasks": [', { format: "json" }, 400, /JSON/],
    ["JSON of another shape", '{"hello": 1}', { format: "json" }, 400, /format/],
    ["a CSV with no name column", "Foo,Bar\n1,2\n", { format: "csv" }, 400, /column/i],
    ["an unknown format", "x", { format: "docx" }, 400, /format must be one of/],
    ["a file whose format cannot be told", "<html><body/></html>", {}, 415, /format/],
    ["a binary file (MS Project's .mpp)", MPP_HEADER, {}, 400, /binary.*Save As > XML/],
    ["a CSV holding a NUL character", "Name\nA\u0000B\n", { format: "csv" }, 400, /binary/],
  ] as const)("%s", async (_label, body, query, status, message) => {
    const before = await projectCount();
    const response = await sendImport(owner, body, query as Record<string, string>);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().message).toMatch(message);
    expect(await projectCount()).toBe(before);
  });

  it("refuses a file over 20 MiB with 413 and a content type a form could send with 415", async () => {
    const before = await projectCount();
    const huge = Buffer.alloc(20 * 1024 * 1024 + 1, 0x61);
    const tooLarge = await sendImport(owner, huge, { format: "csv" });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe("The file is larger than 20 MiB.");
    const plain = await sendImport(owner, "Name\nA\n", { format: "csv" }, "text/plain");
    expect(plain.statusCode).toBe(415);
    expect(await projectCount()).toBe(before);
  });

  it("refuses a plan whose dependencies form a cycle, naming its tasks", async () => {
    const csv = "ID,Name,Predecessors\n1,Alpha,2\n2,Beta,1\n";
    const response = await sendImport(owner, csv, { format: "csv" });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/cycle.*"(Alpha|Beta)"/);
  });

  it("needs a session", async () => {
    const response = await sendImport(testApp.app, "Name\nA\n", { format: "csv" });
    expect(response.statusCode).toBe(401);
  });
});

describe("exports", () => {
  async function richProject() {
    const answer = await importFile(owner, sample("mspdi/mpxj-legacy-sample.xml"), { format: "mspdi" });
    return answer.project;
  }

  it("lets a viewer export and hides the project from a stranger", async () => {
    const project = await richProject();
    const [row] = await testApp.database.db.select().from(projects).where(eq(projects.id, project.id));
    await shareProject(testApp, row, team.viewer.user, "viewer");
    const response = await exportOf(viewer, project.id, "csv");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="${project.slug}.csv"`);
    expect(response.headers["content-type"]).toMatch(/^text\/csv/);
    expect((await exportOf(outsider, project.id, "csv")).statusCode).toBe(404);
    expect((await exportOf(owner, project.id, "pdf")).statusCode).toBe(400);
  });

  it("imports its own JSON again as the same project", async () => {
    const project = await richProject();
    const first = await exportOf(owner, project.id, "json");
    expect(first.statusCode).toBe(200);
    const again = await importFile(owner, first.body, { format: "json" });
    const second = await exportOf(owner, again.project.id, "json");
    const strip = (text: string) => {
      const { exportedAt: _at, ...rest } = JSON.parse(text);
      return rest;
    };
    // New ids, so compare by shape: ids renumbered in order.
    const renumber = (file: ReturnType<typeof strip>) => {
      const taskIds = new Map(file.tasks.map((task: { id: number }, index: number) => [task.id, index]));
      const categoryIds = new Map(
        file.categories.map((category: { id: number }, index: number) => [category.id, index]),
      );
      return {
        ...file,
        categories: file.categories.map((category: { id: number }) => ({
          ...category,
          id: categoryIds.get(category.id),
        })),
        tasks: file.tasks.map((task: { id: number; categoryId: number | null; parentId: number | null }) => ({
          ...task,
          id: taskIds.get(task.id),
          categoryId: task.categoryId === null ? null : categoryIds.get(task.categoryId),
          parentId: task.parentId === null ? null : taskIds.get(task.parentId),
        })),
        dependencies: file.dependencies.map((link: { sourceTaskId: number; targetTaskId: number }) => ({
          ...link,
          sourceTaskId: taskIds.get(link.sourceTaskId),
          targetTaskId: taskIds.get(link.targetTaskId),
        })),
      };
    };
    expect(renumber(strip(second.body))).toEqual(renumber(strip(first.body)));
  });
});

describe("iCalendar", () => {
  /** The VTODOs of an iCalendar text, read with a real parser (ical.js). */
  const todosOf = (text: string) =>
    new ICAL.Component(ICAL.parse(text)).getAllSubcomponents("vtodo").map((todo) => ({
      summary: String(todo.getFirstPropertyValue("summary")),
      due: todo.getFirstPropertyValue("due")?.toString() ?? null,
      status: String(todo.getFirstPropertyValue("status")),
    }));

  it("exports one VTODO per dated task of the project", async () => {
    const answer = await importFile(owner, sample("mspdi/mpxj-mspdirelations.xml"), { format: "mspdi" });
    const response = await exportOf(owner, answer.project.id, "ics");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/calendar/);
    const todos = todosOf(response.body);
    const detail = await readDetail(owner, answer.project.id);
    expect(todos).toHaveLength(detail.tasks.filter((task) => task.startDate || task.dueDate).length);
    expect(todos.map((todo) => todo.summary).sort()).toEqual(detail.tasks.map((task) => task.name).sort());
    const first = detail.tasks.find((task) => task.name === todos[0].summary);
    expect(todos[0].due).toBe(first?.schedule?.finish);
  });

  it("serves the user's My Tasks feed at a secret URL until it is renewed or turned off", async () => {
    const client = team.editor;
    const off = await client.inject({ method: "GET", url: "/api/calendar-feed" });
    expect(off.json()).toEqual({ enabled: false, url: null });
    const answer = await importFile(client, "Name,Due\nWrite the brief,2026-12-01\nUndated,\n", {
      format: "csv",
    });
    expect(answer.imported.tasks).toBe(2);

    const on = (await client.inject({ method: "POST", url: "/api/calendar-feed" })).json();
    expect(on.enabled).toBe(true);
    const path = new URL(on.url).pathname;
    expect(path).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    // No session: calendar apps fetch it on their own.
    const feed = await testApp.app.inject({ method: "GET", url: path });
    expect(feed.statusCode).toBe(200);
    const todos = todosOf(feed.body);
    expect(todos.map((todo) => todo.summary)).toContain(`Write the brief (${answer.name})`);
    expect(todos.every((todo) => !todo.summary.startsWith("Undated"))).toBe(true);

    const renewed = (await client.inject({ method: "POST", url: "/api/calendar-feed" })).json();
    expect(renewed.url).not.toBe(on.url);
    expect((await testApp.app.inject({ method: "GET", url: path })).statusCode).toBe(404);
    const renewedPath = new URL(renewed.url).pathname;
    expect((await testApp.app.inject({ method: "GET", url: renewedPath })).statusCode).toBe(200);
    expect((await client.inject({ method: "DELETE", url: "/api/calendar-feed" })).statusCode).toBe(204);
    expect((await testApp.app.inject({ method: "GET", url: renewedPath })).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: "GET", url: "/api/calendar/nope.ics" })).statusCode).toBe(404);
  });
});

describe("CSV and MS Project exports import again", () => {
  it("keeps names, descriptions, durations and predecessors through CSV, and neutralises formulas", async () => {
    const csv =
      'ID,Name,Description,Duration,Predecessors\n1,=SUM(A1),"-dash, then ""quotes""",3,\n2,Second,,2,1SS+1d\n';
    const first = await importFile(owner, csv, { format: "csv" });
    const exported = await exportOf(owner, first.project.id, "csv");
    expect(exported.statusCode).toBe(200);
    for (const line of exported.body.split(/\r?\n/).slice(1))
      for (const cell of line.split(",")) expect(cell).not.toMatch(/^"?[=+\-@]/);
    const again = await importFile(owner, exported.body, { format: "csv" });
    const detail = await readDetail(owner, again.project.id);
    const byName = new Map(detail.tasks.map((task) => [task.name, task]));
    expect(byName.get("=SUM(A1)")).toMatchObject({ description: '-dash, then "quotes"', duration: 3 });
    expect(byName.get("Second")?.duration).toBe(2);
    expect(detail.dependencies).toEqual([
      expect.objectContaining({
        sourceTaskId: byName.get("=SUM(A1)")?.id,
        targetTaskId: byName.get("Second")?.id,
        type: "SS",
        lag: 1,
      }),
    ]);
  });

  it("keeps names, durations, dates, completion and link types and lags through MS Project XML", async () => {
    const first = await importFile(owner, sample("mspdi/mpxj-legacy-sample.xml"), { format: "mspdi" });
    const exported = await exportOf(owner, first.project.id, "mspdi");
    expect(exported.statusCode).toBe(200);
    const again = await importFile(owner, exported.body, { format: "mspdi" });
    const [before, after] = await Promise.all([
      readDetail(owner, first.project.id),
      readDetail(owner, again.project.id),
    ]);
    const shape = (detail: ProjectDetailDto) => {
      const names = new Map(detail.tasks.map((task) => [task.id, task.name]));
      return {
        tasks: detail.tasks
          .map((task) => ({
            name: task.name,
            duration: task.duration,
            completed: task.completed,
            mode: task.schedulingMode,
            schedule: task.schedule && { start: task.schedule.start, finish: task.schedule.finish },
          }))
          .sort(
            (a, b) =>
              a.name.localeCompare(b.name) ||
              String(a.schedule?.start).localeCompare(String(b.schedule?.start)),
          ),
        links: detail.dependencies
          .map(
            (link) =>
              `${names.get(link.sourceTaskId)}>${names.get(link.targetTaskId)} ${link.type}${link.lag}`,
          )
          .sort(),
      };
    };
    expect(shape(after)).toEqual(shape(before));
  });
});
