// The outline through import and export, by the API (docs/decisions/025-import-and-export.md, "The
// outline"): the sample plans of other tools keep their levels (../shared/plan-samples, read from
// there), MS Project's own summary dates after import, our MSPDI, JSON and CSV exports imported
// again as the same tree in the same sibling order, and the outline's limits and repairs.
import { readFileSync } from "node:fs";
import type { ImportAnswerDto } from "@core/schemas/import-export";
import type { ProjectDetailDto } from "@core/schemas/projects";
import { buildOutline } from "@core/tasks/outline";
import { parseMspdiPlan } from "@core/testing/plan-samples";
import { describe, expect, it } from "vitest";
import { child, children, parseXml, text } from "../../import-export/xml";
import { sendImport } from "../../test/import-requests";
import { setupTeam, setupTestApp } from "../../test/test-app";

const SAMPLES = new URL("../../../../shared/plan-samples/", import.meta.url);
const sample = (path: string) => readFileSync(new URL(path, SAMPLES));

const testApp = setupTestApp();
const { owner } = setupTeam(testApp);

async function importFile(body: Buffer | string, query: Record<string, string>) {
  const response = await sendImport(owner, body, query);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as ImportAnswerDto & { project: { id: number; slug: string; name: string } };
}

async function readDetail(projectId: number) {
  const response = await owner.inject({ method: "GET", url: `/api/projects/${projectId}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ProjectDetailDto;
}

async function exportOf(projectId: number, format: string) {
  const response = await owner.inject({
    method: "GET",
    url: `/api/projects/${projectId}/export?format=${format}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

/** A project's outline as "WBS name" lines in outline order: the tree and each sibling order. */
function treeOf(detail: ProjectDetailDto): string[] {
  const outline = buildOutline(detail.tasks);
  const byId = new Map(detail.tasks.map((task) => [task.id, task]));
  return outline.order.map((id) => `${outline.fieldsOf(id).wbs} ${byId.get(id)?.name.trim()}`);
}

/** Each task's category by name ("Task: Category"), for the tasks that have one. */
async function categoriesOf(detail: ProjectDetailDto) {
  const response = await owner.inject({
    method: "GET",
    url: `/api/projects/${detail.project.id}/categories`,
  });
  expect(response.statusCode, response.body).toBe(200);
  const names = new Map(
    (response.json() as { id: number; name: string }[]).map((each) => [each.id, each.name]),
  );
  return detail.tasks
    .filter((task) => task.categoryId !== null)
    .map((task) => `${task.name}: ${names.get(task.categoryId as number)}`)
    .sort();
}

/** Every task's parent by name ("Name < Parent"), and every link by name, kind and lag. */
function relationsOf(detail: ProjectDetailDto) {
  const names = new Map(detail.tasks.map((task) => [task.id, task.name]));
  return {
    parents: detail.tasks
      .map((task) => `${task.name} < ${task.parentId === null ? "-" : names.get(task.parentId)}`)
      .sort(),
    links: detail.dependencies
      .map(
        (link) => `${names.get(link.sourceTaskId)}>${names.get(link.targetTaskId)} ${link.type}${link.lag}`,
      )
      .sort(),
  };
}

describe("other tools' plans keep their outline", () => {
  it("keeps ProjectLibre's New Product in its three levels, the links to and from summaries on them", async () => {
    const answer = await importFile(sample("mspdi/projectlibre-new-product.xml"), { format: "mspdi" });
    expect(answer.imported).toEqual({ tasks: 43, dependencies: 37, categories: 0 });
    const detail = await readDetail(answer.project.id);
    const tree = treeOf(detail);
    expect(tree.slice(0, 4)).toEqual([
      "1 Product #23 Development",
      "1.1 Begin project",
      "1.2 Design Phase",
      "1.2.1 Prototype design",
    ]);
    expect(tree).toContain("1.7.7 End project");
    const outline = buildOutline(detail.tasks);
    expect(Math.max(...detail.tasks.map((task) => outline.fieldsOf(task.id).outlineLevel))).toBe(3);
    expect(relationsOf(detail).links).toEqual(
      expect.arrayContaining([
        "Finance Phase>Marketing and Sales Phase FS0",
        "Production Phase>Distribution Phase FS0",
        "Production Phase>Regional Promotions FS0",
      ]),
    );
  });

  it("keeps GanttProject's nesting: the house's phases over their tasks, and subtasks three levels deep", async () => {
    const house = await importFile(sample("gan/ganttproject-HouseBuildingSample.gan"), { format: "gan" });
    expect(house.imported).toEqual({ tasks: 20, dependencies: 17, categories: 0 });
    const tree = treeOf(await readDetail(house.project.id));
    // The sample nests two levels: four phases, and a milestone at the top level.
    expect(tree.filter((line) => /^\d+ /.test(line))).toEqual([
      "1 Architectural design",
      "2 Interior design",
      "3 Construction phase",
      "4 Decoration phase",
      "5 GanttProject 3.3",
    ]);
    expect(tree).toContain("1.1 Create draft of architecture");
    expect(tree).toContain("4.3 Bring your family here");
    const collapsed = await importFile(sample("gan/tsgp-task-with-collapsed-subtasks.gan"), {
      format: "gan",
    });
    expect(treeOf(await readDetail(collapsed.project.id))).toEqual([
      "1 task A",
      "1.1 task Aa",
      "1.2 task Ab",
      "1.2.1 task Ab1",
      "2 task B",
      "2.1 task Bb",
    ]);
  });

  it("nests a task list's sub-issues under the parent their Parent column names, in the file's order", async () => {
    const text = [
      "Identifier,Name,Parent,Relations",
      "L-3,Wire,L-2,",
      "L-1,Phase,,",
      'L-2,Build,L-1,"[{""type"": ""blocking"", ""issue"": ""L-5""}]"',
      "L-4,Paint,L-2,",
      "L-5,Review,L-1,",
      "L-6,Lost,L-9,",
      "L-7,Ping,L-8,",
      "L-8,Pong,L-7,",
    ].join("\n");
    const answer = await importFile(text, { format: "csv" });
    expect(answer.imported).toEqual({ tasks: 8, dependencies: 1, categories: 0 });
    const detail = await readDetail(answer.project.id);
    expect(treeOf(detail)).toEqual([
      "1 Phase",
      "1.1 Build",
      "1.1.1 Wire",
      "1.1.2 Paint",
      "1.2 Review",
      "2 Lost",
      "3 Ping",
      "3.1 Pong",
    ]);
    expect(relationsOf(detail).links).toEqual(["Build>Review FS0"]);
    expect(answer.warnings).toEqual([
      'Put 1 tasks at the top level, as no row holds the parent ID they name: "L-9".',
      'Put 1 tasks at the top level: their summary tasks sit under them in a loop: "Ping".',
    ]);
    // TickTick's parentId column too: its two subtasks under their task.
    const ticktick = await importFile(sample("tasklists/vikunja-ticktick-export.csv"), { format: "csv" });
    const tree = treeOf(await readDetail(ticktick.project.id));
    expect(tree.slice(1, 4)).toEqual([
      "2 Task with reminder and dates",
      "2.1 Subtask example",
      "2.2 Another subtask",
    ]);
  });
});

/** The summary rows of an MS Project file, in file order: their names and MS Project's days. */
function fileSummaries(xml: string) {
  const { startDate, workingDays } = parseMspdiPlan(xml);
  const project = parseXml(xml, ["Task"], "MS Project XML").Project;
  const dayStart = text(project, "DefaultStartTime") ?? "08:00:00";
  const rows = children(child(project, "Tasks"), "Task")
    .filter((row) => text(row, "IsNull") !== "1" && text(row, "UID") !== "0")
    .filter(
      (row) => !(Number(text(row, "OutlineLevel") ?? 1) <= 0 && (text(row, "OutlineNumber") ?? "0") === "0"),
    );
  const levelOf = (index: number) => Number(text(rows[index], "OutlineLevel") ?? 1);
  // A finish at the day's first working hour is the end of the working day before (as the oracle reads a leaf's).
  const finishDay = (dateTime: string) => {
    const date = dateTime.slice(0, 10);
    if (dateTime.slice(11) > dayStart || date <= startDate) return date;
    const day = new Date(`${date}T00:00:00Z`);
    do day.setUTCDate(day.getUTCDate() - 1);
    while (!workingDays.includes(day.getUTCDay() === 0 ? 7 : day.getUTCDay()));
    return day.toISOString().slice(0, 10);
  };
  return rows.map((row, index) => ({
    name: text(row, "Name") ?? "",
    summary: index + 1 < rows.length && levelOf(index + 1) > levelOf(index),
    start: (text(row, "Start") ?? "").slice(0, 10),
    finish: finishDay(text(row, "Finish") ?? ""),
  }));
}

/**
 * Summaries over a leaf the scheduler does not place on MS Project's days, by file: the legacy
 * samples' "Second Task" lasts 100 days (PT800H) in the file, yet MS Project spans it over 50 (its
 * work follows a resource's calendar, which the planner does not read), so "First Task" ends later.
 */
const SUMMARIES_OVER_OTHER_LEAVES: Record<string, string[]> = {
  "mspdi/mpxj-legacy-sample.xml": ["First Task"],
  "mspdi/mpxj-legacy-sample1.xml": ["First Task"],
};

describe("MS Project's own summary dates after import", () => {
  // Summaries' dates are the scheduler's roll-up of their subtrees (core/scheduling): this holds it
  // to MS Project's, to the day, for every sample with summaries. A summary whose leaves all land
  // on MS Project's days must land on its own.
  it.each([
    "mspdi/mpxj-legacy-sample.xml",
    "mspdi/mpxj-legacy-sample1.xml",
    "mspdi/mpxj-mspdinulltasks.xml",
    "mspdi/projectlibre-new-product.xml",
  ])("gives every summary of %s MS Project's own start and finish", async (file) => {
    const xml = sample(file).toString("utf8");
    const rows = fileSummaries(xml);
    const detail = await readDetail((await importFile(xml, { format: "mspdi" })).project.id);
    const outline = buildOutline(detail.tasks);
    const byId = new Map(detail.tasks.map((task) => [task.id, task]));
    // The import keeps the file's order: the n-th task in outline order is the file's n-th row.
    const tasks = outline.order.map((id) => byId.get(id) as ProjectDetailDto["tasks"][number]);
    expect(tasks.map((task) => task.name)).toEqual(rows.map((row) => row.name));
    const dates = (task: ProjectDetailDto["tasks"][number]) => [
      task.name,
      task.schedule?.start ?? null,
      task.schedule?.finish ?? null,
    ];
    // The leaves as the oracle reads them, in file order.
    const leaves = tasks.filter((task) => !outline.isSummary(task.id));
    const oracle = parseMspdiPlan(xml).tasks;
    const elsewhere = new Set(
      leaves.flatMap((task, index) => {
        const { name, start, finish } = oracle[index];
        return dates(task).join() === [name, start, finish].join() ? [] : [task.id];
      }),
    );
    const summaries = tasks.flatMap((task, index) =>
      outline.isSummary(task.id) ? [{ task, row: rows[index] }] : [],
    );
    expect(summaries.every(({ row }) => row.summary)).toBe(true);
    const [held, over] = [
      summaries.filter(({ task }) => !outline.descendantsOf(task.id).some((id) => elsewhere.has(id))),
      summaries.filter(({ task }) => outline.descendantsOf(task.id).some((id) => elsewhere.has(id))),
    ];
    expect(over.map(({ task }) => task.name)).toEqual(SUMMARIES_OVER_OTHER_LEAVES[file] ?? []);
    expect(held.length).toBeGreaterThan(0);
    expect(held.map(({ task }) => dates(task))).toEqual(
      held.map(({ row }) => [row.name, row.start, row.finish]),
    );
  });
});

/** A backup holding a tree, listed out of order: children before parents, orders not from 0. */
const TREE_BACKUP = {
  format: "visual-project-planner",
  version: 1,
  project: { name: "Outline" },
  calendar: { startDate: "2026-03-02", workingDays: [1, 2, 3, 4, 5], holidays: [] },
  categories: [{ id: 1, name: "Design", color: "#3B82F6" }],
  tasks: [
    { id: 14, name: "Audit", parentId: 13, order: 0, duration: 2 },
    { id: 12, name: "Build", parentId: 10, order: 5, duration: 3 },
    { id: 11, name: "Draft", parentId: 10, order: 2, duration: 2, categoryId: 1 },
    { id: 10, name: "Phase", parentId: null, order: 0, startNoEarlierThan: "2026-03-04" },
    { id: 13, name: "Checks", parentId: 10, order: 9 },
    { id: 15, name: "Sign-off", parentId: 13, order: 1, duration: 0 },
    { id: 20, name: "Launch", parentId: null, order: 1, duration: 1 },
  ],
  dependencies: [
    { sourceTaskId: 11, targetTaskId: 12, type: "FS", lag: 0 },
    { sourceTaskId: 10, targetTaskId: 20, type: "FS", lag: 1 },
    { sourceTaskId: 12, targetTaskId: 13, type: "SS", lag: 0 },
  ],
};
const TREE = ["1 Phase", "1.1 Draft", "1.2 Build", "1.3 Checks", "1.3.1 Audit", "1.3.2 Sign-off", "2 Launch"];

describe("round trips keep the tree and the sibling order", () => {
  it("reads a JSON backup's parentId in any order of the list", async () => {
    const answer = await importFile(JSON.stringify(TREE_BACKUP), { format: "json" });
    expect(answer.warnings).toEqual([]);
    const detail = await readDetail(answer.project.id);
    expect(treeOf(detail)).toEqual(TREE);
    const phase = detail.tasks.find((task) => task.name === "Phase");
    expect(phase?.startNoEarlierThan).toBe("2026-03-04");
    // Each summary is stored before the tasks under it: its id is the smaller.
    for (const task of detail.tasks) if (task.parentId !== null) expect(task.parentId).toBeLessThan(task.id);
  });

  it.each(["mspdi", "json", "csv"])("keeps every parentId and sibling order through %s", async (format) => {
    const first = await importFile(JSON.stringify(TREE_BACKUP), { format: "json" });
    const before = await readDetail(first.project.id);
    const again = await importFile(await exportOf(first.project.id, format), { format });
    // Our own export reads back with nothing to say.
    expect(again.warnings).toEqual([]);
    const after = await readDetail(again.project.id);
    expect(treeOf(after)).toEqual(TREE);
    expect(relationsOf(after)).toEqual(relationsOf(before));
    // MSPDI carries the category in its Text1 field, CSV in its Category column.
    expect(await categoriesOf(after)).toEqual(await categoriesOf(before));
    const twice = await importFile(await exportOf(again.project.id, format), { format });
    expect(treeOf(await readDetail(twice.project.id))).toEqual(TREE);
  });

  it("keeps a sample's outline through its own MSPDI and CSV exports", async () => {
    const first = await importFile(sample("mspdi/mpxj-legacy-sample1.xml"), { format: "mspdi" });
    const before = await readDetail(first.project.id);
    for (const format of ["mspdi", "csv", "json"]) {
      const again = await importFile(await exportOf(first.project.id, format), { format });
      const after = await readDetail(again.project.id);
      expect(treeOf(after), format).toEqual(treeOf(before));
      expect(relationsOf(after), format).toEqual(relationsOf(before));
    }
  });
});

describe("the outline's repairs and limits", () => {
  const backup = (tasks: object[], dependencies: object[] = []) =>
    JSON.stringify({ ...TREE_BACKUP, categories: [], tasks, dependencies });

  it("puts a task whose parent is missing, or loops back to it, at the top level, and says so", async () => {
    const answer = await importFile(
      backup([
        { id: 1, name: "Lost", parentId: 99, order: 0 },
        { id: 2, name: "Ping", parentId: 3, order: 1 },
        { id: 3, name: "Pong", parentId: 2, order: 0 },
        { id: 4, name: "Self", parentId: 4, order: 2 },
      ]),
      { format: "json" },
    );
    expect(answer.warnings).toEqual([
      'Put 1 tasks at the top level: the summary task they name is not in the file: "Lost".',
      'Put 2 tasks at the top level: their summary tasks sit under them in a loop: "Ping", "Self".',
    ]);
    expect(treeOf(await readDetail(answer.project.id))).toEqual(["1 Lost", "2 Ping", "2.1 Pong", "3 Self"]);
  });

  it("leaves out a link between a task and its own summary, naming it", async () => {
    const answer = await importFile(
      backup(
        [
          { id: 1, name: "Phase", parentId: null, order: 0 },
          { id: 2, name: "Part", parentId: 1, order: 0, duration: 1 },
          { id: 3, name: "Deep", parentId: 2, order: 0, duration: 1 },
          { id: 4, name: "Other", parentId: null, order: 1, duration: 1 },
        ],
        [
          { sourceTaskId: 1, targetTaskId: 3 },
          { sourceTaskId: 3, targetTaskId: 1 },
          { sourceTaskId: 1, targetTaskId: 4 },
        ],
      ),
      { format: "json" },
    );
    expect(answer.imported.dependencies).toBe(1);
    expect(answer.warnings).toEqual([
      'Left out 2 links between a summary task and a task under it (a link cannot join a task to its own summary): "Phase" -> "Deep", "Deep" -> "Phase".',
    ]);
  });

  it("refuses a cycle through a summary (a link into it holds its tasks, one out of it waits for them)", async () => {
    const response = await sendImport(
      owner,
      backup(
        [
          { id: 1, name: "Phase", parentId: null, order: 0 },
          { id: 2, name: "Part", parentId: 1, order: 0, duration: 1 },
          { id: 3, name: "Other", parentId: null, order: 1, duration: 1 },
        ],
        [
          { sourceTaskId: 1, targetTaskId: 3 },
          { sourceTaskId: 3, targetTaskId: 2 },
        ],
      ),
      { format: "json" },
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(
      'The file\'s dependencies form a cycle: "Part" → "Phase" → "Other" → "Part".',
    );
  });

  it("refuses 21 levels and 1,001 tasks under one summary with 413, naming the limit", async () => {
    const deep = Array.from({ length: 21 }, (_, index) => ({
      id: index + 1,
      name: `L${index + 1}`,
      parentId: index === 0 ? null : index,
    }));
    const tooDeep = await sendImport(owner, backup(deep), { format: "json" });
    expect(tooDeep.statusCode).toBe(413);
    expect(tooDeep.json().message).toBe(
      "The file nests tasks more than 20 outline levels deep; an import takes at most 20.",
    );
    const twenty = await sendImport(owner, backup(deep.slice(0, 20)), { format: "json", dryRun: "true" });
    expect(twenty.statusCode, twenty.body).toBe(200);

    const wide = [
      { id: 1, name: "Big", parentId: null },
      ...Array.from({ length: 1001 }, (_, index) => ({ id: index + 2, name: `T${index}`, parentId: 1 })),
    ];
    const tooWide = await sendImport(owner, backup(wide), { format: "json" });
    expect(tooWide.statusCode).toBe(413);
    expect(tooWide.json().message).toBe(
      'The summary task "Big" holds more than 1000 tasks; an import takes at most 1000 under one summary.',
    );
    const thousand = await sendImport(owner, backup(wide.slice(0, 1001)), { format: "json", dryRun: "true" });
    expect(thousand.statusCode, thousand.body).toBe(200);
  });
});
