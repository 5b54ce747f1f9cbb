import type { ImportAnswerDto } from "@core/schemas/import-export";
import type { ProjectDetailDto } from "@core/schemas/projects";
import { unstorableTextIn } from "@core/schemas/storable-text";
import { count, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { projects, tasks } from "../../db/schema";
import { createProjectFor, createTaskIn } from "../../test/factories";
import { expectSafeAnswer } from "../../test/safe-answer";
import { expectStoredGraphWhole } from "../../test/stored-graph";
import { setupClients, setupTestApp } from "../../test/test-app";

// Hundreds of requests a minute from one address: the API's rate limit is not what is tested here.
const testApp = setupTestApp({ config: { apiRateLimitPerMinute: 0 } });
const [importer, writer] = setupClients(testApp, 2);
const db = () => testApp.database.db;

// ---------------------------------------------------------------------------------------------
// Checks every answer passes

/**
 * A refusal of an import names what is wrong: never the catch-all of a reader that failed in a way
 * nobody foresaw (read-upload.ts) or whose worker stopped.
 */
function expectNamedRefusal(response: LightMyRequestResponse, what: string) {
  if (response.statusCode < 400) return;
  const { message } = response.json() as { message: string };
  expect(message, what).not.toMatch(/^The file cannot be read: /);
  expect(message, what).not.toMatch(/\[object Object\]/);
}

const ownedProjects = async (userId: number) =>
  (await db().select({ value: count() }).from(projects).where(eq(projects.userId, userId)))[0].value;

// ---------------------------------------------------------------------------------------------
// A plan as a well-formed file holds it, then a few of its values made hostile

const UNSTORABLE = ["\u0000", "a\u0000b", "\ud800", "a\udfff", "\udfff\ud800", "x\udbff"];
/** Any UTF-16 code unit: control characters and lone surrogates among them. */
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

const plainDay = fc
  .date({ min: new Date("2020-01-01"), max: new Date("2030-01-01"), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const plainTask = fc.record({
  /** Null: the task's place in the file (1, 2, 3...), which links name. */
  id: fc.constant<string | null>(null),
  name: fc.string({ minLength: 1, maxLength: 12 }),
  notes: fc.string({ maxLength: 12 }),
  start: fc.oneof(plainDay, fc.constant("")),
  finish: fc.oneof(plainDay, fc.constant("")),
  duration: fc.oneof(fc.integer({ min: 0, max: 15 }).map(String), fc.constant("")),
  complete: fc.constantFrom("0", "50", "100"),
  milestone: fc.boolean(),
  /** Outline level: a deeper task nests in the one before it. */
  level: fc.integer({ min: 1, max: 3 }),
});
/** Links name tasks by their place: past the end (missing), a task itself, and cycles happen. */
const plainLink = fc.record({
  from: fc.integer({ min: 1, max: 9 }).map(String),
  to: fc.integer({ min: 1, max: 9 }).map(String),
  type: fc.constantFrom("FS", "SS", "FF", "SF"),
  lag: fc.integer({ min: -3, max: 5 }).map(String),
});
const plainPlan = fc.record({
  name: fc.string({ maxLength: 12 }),
  start: plainDay,
  holidays: fc.array(plainDay, { maxLength: 3 }),
  tasks: fc.array(plainTask, { maxLength: 8 }),
  links: fc.array(plainLink, { maxLength: 10 }),
  /** Summary tasks wrapped around all the others: deep nesting (past 20 is refused). */
  depth: fc.constant(0),
  /** MS Project's calendar: its day's length, weekdays and (recurring) exceptions. */
  minutesPerDay: fc.constant("480"),
  weekDays: fc.constant<{ dayType: string; working: boolean }[]>([]),
  exceptions: fc.constant<Exception[]>([]),
  /** Deeply nested JSON in place of the first task's description (JSON files only). */
  nested: fc.constant(""),
});
type Exception = Record<"from" | "to" | "type" | "period" | "occurrences" | "monthDay" | "month", string>;
type Plan = typeof plainPlan extends fc.Arbitrary<infer Value> ? Value : never;

/** Hostile text: NUL and lone surrogates, control characters, formulas, quotes, very long names. */
const hostileText = fc.oneof(
  fc.constantFrom(
    ...UNSTORABLE,
    "\ud83d\ude00",
    "\ufffe",
    "\u2028",
    "\u0007",
    "=SUM(A1)",
    "'; drop table tasks; --",
    '"quoted", comma; semicolon',
    "line\r\nbreak",
    "&#0;",
    "",
    " ",
  ),
  fc.string({ unit: anyCodeUnit, maxLength: 8 }),
  fc.string({ unit: "grapheme", maxLength: 12 }),
  fc.integer({ min: 400, max: 30_000 }).map((length) => "n".repeat(length)),
);
/** A number as a text file writes it, of the kinds that break readers. */
const hostileNumber = fc.oneof(
  fc.constantFrom(
    "1e308",
    "-1e308",
    "1e999",
    "NaN",
    "Infinity",
    "-0",
    "-1",
    "10000",
    "10001",
    "2147483648",
    "9007199254740993",
    "0.5",
    "0x10",
    " 3 ",
    "",
  ),
  fc.integer().map(String),
  fc.double().map(String),
);
/** A number as JSON writes it (1e999 parses to Infinity). */
const hostileJsonNumber = fc.oneof(
  fc.constantFrom(
    "1e308",
    "-1e308",
    "1e999",
    "-1e999",
    "-0",
    "-1",
    "10000",
    "10001",
    "9007199254740993",
    "0.5",
  ),
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => JSON.stringify(value)),
);
const HOSTILE_DAYS = [
  "0000-01-01",
  "10000-01-01",
  "-000001-01-01",
  "+010000-01-01",
  "-1",
  "1",
  "2026-02-30",
  "2026-13-45",
  "9999-12-31",
  "9999-12-30",
  "0001-01-01",
  "0001-01-01T00:00:00+14:00",
  "9999-12-31T23:59:59-12:00",
  "275760-09-13",
  "garbage",
  "1e308",
  "",
];
/** Dates of year 0, 10000 and -1, days that do not exist, garbage, and any instant at all. */
const hostileDay = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_DAYS) },
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
);
/** An id repeating another task's, or hostile text. */
const hostileId = fc.oneof(fc.integer({ min: 1, max: 4 }).map(String), hostileText);
/** XML character references of what XML cannot hold (NUL, lone surrogates) and their kin. */
const characterReference = fc.constantFrom(
  "&#0;",
  "&#xD800;",
  "&#55296;",
  "a&#xDFFF;",
  "&#x1F600;",
  "&#xFFFE;",
  "&#x110000;",
  "&bogus;",
);
/** Deeply nested JSON, for a field that takes text: the reader and the schema must not overflow. */
const nestedJson = fc.oneof(
  fc.integer({ min: 1_000, max: 100_000 }).map((depth) => `${"[".repeat(depth)}${"]".repeat(depth)}`),
  fc.integer({ min: 1_000, max: 50_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`),
);

/** One value of the plan made hostile: a task's, a link's or the plan's own. */
const change = fc.oneof(
  fc.record({
    on: fc.constant("task" as const),
    index: fc.nat(),
    change: fc.oneof(
      fc.record({ field: fc.constantFrom("name", "notes"), value: hostileText }),
      fc.record({ field: fc.constant("rawName"), value: characterReference }),
      fc.record({ field: fc.constantFrom("start", "finish"), value: hostileDay }),
      fc.record({ field: fc.constantFrom("duration", "complete"), value: hostileNumber }),
      fc.record({ field: fc.constant("jsonDuration"), value: hostileJsonNumber }),
      fc.record({ field: fc.constant("id"), value: hostileId }),
      fc.record({ field: fc.constant("level"), value: fc.integer({ min: -1, max: 30 }) }),
    ),
  }),
  fc.record({
    on: fc.constant("link" as const),
    index: fc.nat(),
    change: fc.oneof(
      fc.record({ field: fc.constantFrom("from", "to"), value: hostileId }),
      fc.record({ field: fc.constant("type"), value: fc.constantFrom("XX", "0", "5", "", "fs", "\u0000") }),
      fc.record({ field: fc.constant("lag"), value: hostileNumber }),
      fc.record({ field: fc.constant("jsonLag"), value: hostileJsonNumber }),
    ),
  }),
  fc.record({
    on: fc.constant("plan" as const),
    index: fc.constant(0),
    change: fc.oneof(
      fc.record({ field: fc.constant("name"), value: hostileText }),
      fc.record({ field: fc.constant("start"), value: hostileDay }),
      fc.record({
        field: fc.constant("holidays"),
        value: fc.array(hostileDay, { minLength: 1, maxLength: 3 }),
      }),
      fc.record({ field: fc.constant("depth"), value: fc.integer({ min: 15, max: 40 }) }),
      fc.record({ field: fc.constant("minutesPerDay"), value: hostileNumber }),
      fc.record({
        field: fc.constant("weekDays"),
        value: fc.array(fc.record({ dayType: hostileNumber, working: fc.boolean() }), {
          minLength: 1,
          maxLength: 3,
        }),
      }),
      fc.record({
        field: fc.constant("exceptions"),
        value: fc.array(
          fc.record({
            from: fc.oneof(plainDay, hostileDay),
            to: fc.oneof(plainDay, hostileDay),
            type: fc.oneof(fc.integer({ min: 1, max: 7 }).map(String), hostileNumber),
            period: hostileNumber,
            occurrences: hostileNumber,
            monthDay: hostileNumber,
            month: hostileNumber,
          }),
          { minLength: 1, maxLength: 2 },
        ),
      }),
      fc.record({ field: fc.constant("nested"), value: nestedJson }),
    ),
  }),
);

/** A task of a file as the writers below read it: the plain one, with what changes set on it. */
type FileTask = Plan["tasks"][number] & { id: string; rawName?: string; jsonDuration?: string };
type FileLink = Plan["links"][number] & { jsonLag?: string };
type FilePlan = Omit<Plan, "tasks" | "links"> & { tasks: FileTask[]; links: FileLink[] };

/** A plain plan with up to four of its values made hostile (none, often). */
const hostilePlan: fc.Arbitrary<FilePlan> = fc
  .tuple(plainPlan, fc.array(change, { maxLength: 4 }))
  .map(([plan, changes]) => {
    const file: FilePlan = {
      ...plan,
      tasks: plan.tasks.map((task, index) => ({ ...task, id: String(index + 1) })),
      links: plan.links.map((link) => ({ ...link })),
    };
    for (const {
      on,
      index,
      change: { field, value },
    } of changes) {
      const list: object[] = on === "task" ? file.tasks : on === "link" ? file.links : [file];
      if (list.length > 0) (list[index % list.length] as Record<string, unknown>)[field] = value;
    }
    return file;
  });

// ---------------------------------------------------------------------------------------------
// Files of each format, from a hostile plan

/** GanttProject's <depend type> codes of each type. */
const GAN_CODES: Record<string, string> = { SS: "1", FS: "2", FF: "3", SF: "4" };
/** A number as JSON: a plain one's literal, else the hostile literal set on it. */
const jsonNumberOf = (plain: string, hostile: string | undefined) =>
  hostile ?? (plain === "" ? "null" : /^-?\d+$/.test(plain) ? plain : JSON.stringify(plain));
/** An id as JSON: a number when it is one, else the string (which the schema refuses). */
const jsonId = (id: string) => (/^\d+$/.test(id) ? id : JSON.stringify(id));

function jsonFile(plan: FilePlan): string {
  const text = (value: string) => JSON.stringify(value);
  const orNull = (value: string) => (value === "" ? "null" : text(value));
  const taskList = plan.tasks.map((task, index) => {
    const description = index === 0 && plan.nested ? plan.nested : text(task.notes);
    return `{"id":${jsonId(task.id)},"name":${text(task.name)},"description":${description},"startDate":${orNull(
      task.start,
    )},"dueDate":${orNull(task.finish)},"duration":${jsonNumberOf(task.duration, task.jsonDuration)},"startNoEarlierThan":${orNull(
      task.start,
    )},"completed":${task.complete === "100"},"order":${index}}`;
  });
  const links = plan.links.map(
    (link) =>
      `{"sourceTaskId":${jsonId(link.from)},"targetTaskId":${jsonId(link.to)},"type":${text(
        link.type,
      )},"lag":${jsonNumberOf(link.lag, link.jsonLag)}}`,
  );
  return `{"format":"visual-project-planner","version":1,"project":{"name":${text(plan.name)}},"calendar":{"startDate":${text(
    plan.start,
  )},"holidays":[${plan.holidays.map(text).join(",")}]},"tasks":[${taskList.join(",")}],"dependencies":[${links.join(",")}]}`;
}

/** A CSV cell: quoted when it must be, else raw (a hostile value may still break the quoting). */
const csvCell = (value: string, delimiter: string) =>
  value.includes(delimiter) || /["\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;

function csvFile(plan: FilePlan, delimiter: string): string {
  const header = ["ID", "Name", "Start", "Finish", "Duration", "Predecessors", "Completed", "Category"];
  const rows = plan.tasks.map((task) => {
    const predecessors = plan.links
      .filter((link) => link.to === task.id)
      .map((link) => `${link.from}${link.type}${link.lag.startsWith("-") ? "" : "+"}${link.lag}d`)
      .join(";");
    const done = task.complete === "100" ? "yes" : "";
    return [task.id, task.name, task.start, task.finish, task.duration, predecessors, done, task.notes]
      .map((cell) => csvCell(cell, delimiter))
      .join(delimiter);
  });
  return `${[header.join(delimiter), ...rows].join("\n")}\n`;
}

const escapeXml = (value: string) =>
  value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
/** A task's name as XML text: escaped, or the raw character reference set on it. */
const xmlName = (task: FileTask) => task.rawName ?? escapeXml(task.name);
/** An XML date-time of a day as the file has it. */
const at = (day: string, time: string) => (day === "" ? "" : `${escapeXml(day)}T${time}`);

function mspdiFile(plan: FilePlan): string {
  const rows: string[] = [];
  for (let level = 1; level <= plan.depth; level++)
    rows.push(
      `<Task><UID>${1000 + level}</UID><Name>P${level}</Name><OutlineLevel>${level}</OutlineLevel></Task>`,
    );
  for (const task of plan.tasks) {
    const links = plan.links
      .filter((link) => link.to === task.id)
      .map(
        (link) =>
          `<PredecessorLink><PredecessorUID>${escapeXml(link.from)}</PredecessorUID><Type>${
            { FF: 0, FS: 1, SF: 2, SS: 3 }[link.type] ?? escapeXml(link.type)
          }</Type><LinkLag>${/^-?\d+$/.test(link.lag) ? Number(link.lag) * 4800 : escapeXml(link.lag)}</LinkLag></PredecessorLink>`,
      )
      .join("");
    const duration = task.duration === "" ? "" : `<Duration>PT${escapeXml(task.duration)}H0M0S</Duration>`;
    rows.push(
      `<Task><UID>${escapeXml(task.id)}</UID><Name>${xmlName(task)}</Name><OutlineLevel>${
        plan.depth + task.level
      }</OutlineLevel><Start>${at(task.start, "08:00:00")}</Start><Finish>${at(task.finish, "17:00:00")}</Finish>${duration}<PercentComplete>${escapeXml(
        task.complete,
      )}</PercentComplete><Milestone>${task.milestone ? 1 : 0}</Milestone><ConstraintType>4</ConstraintType><ConstraintDate>${at(
        task.start,
        "08:00:00",
      )}</ConstraintDate><Notes>${escapeXml(task.notes)}</Notes>${links}</Task>`,
    );
  }
  const weekDays = plan.weekDays
    .map(
      (day) =>
        `<WeekDay><DayType>${escapeXml(day.dayType)}</DayType><DayWorking>${day.working ? 1 : 0}</DayWorking></WeekDay>`,
    )
    .join("");
  const exceptions = plan.exceptions
    .map(
      (exception) =>
        `<Exception><TimePeriod><FromDate>${at(exception.from, "00:00:00")}</FromDate><ToDate>${at(
          exception.to,
          "23:59:00",
        )}</ToDate></TimePeriod><Type>${escapeXml(exception.type)}</Type><Period>${escapeXml(
          exception.period,
        )}</Period><Occurrences>${escapeXml(exception.occurrences)}</Occurrences><MonthDay>${escapeXml(
          exception.monthDay,
        )}</MonthDay><Month>${escapeXml(exception.month)}</Month><DayWorking>0</DayWorking></Exception>`,
    )
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?>
<Project xmlns="http://schemas.microsoft.com/project"><Name>${escapeXml(plan.name)}</Name><StartDate>${at(
    plan.start,
    "08:00:00",
  )}</StartDate><MinutesPerDay>${escapeXml(plan.minutesPerDay)}</MinutesPerDay><CalendarUID>1</CalendarUID>
<Calendars><Calendar><UID>1</UID><Name>Standard</Name><IsBaseCalendar>1</IsBaseCalendar><WeekDays>${weekDays}</WeekDays><Exceptions>${exceptions}</Exceptions></Calendar></Calendars><Tasks>
${rows.join("\n")}
</Tasks></Project>`;
}

function ganFile(plan: FilePlan): string {
  const attribute = (value: string) => `"${escapeXml(value)}"`;
  // Each task nests in the one before it when its level is deeper (so levels 1, 2, 3 nest twice).
  let body = "";
  const open: number[] = [];
  for (const task of plan.tasks) {
    while (open.length > 0 && (open.at(-1) as number) >= task.level) {
      body += "</task>";
      open.pop();
    }
    const depends = plan.links
      .filter((link) => link.from === task.id)
      .map(
        (link) =>
          `<depend id=${attribute(link.to)} type=${attribute(GAN_CODES[link.type] ?? link.type)} difference=${attribute(
            link.lag,
          )} hardness="Strong"/>`,
      )
      .join("");
    const name = task.rawName ?? escapeXml(task.name);
    body += `<task id=${attribute(task.id)} name="${name}" start=${attribute(task.start)} duration=${attribute(
      task.duration,
    )} complete=${attribute(task.complete)} meeting="${task.milestone}" thirdDate=${attribute(
      task.finish,
    )} thirdDate-constraint="1"><notes>${escapeXml(task.notes)}</notes>${depends}`;
    open.push(task.level);
  }
  body += "</task>".repeat(open.length);
  const wrapped = `${Array.from({ length: plan.depth }, (_, level) => `<task id="p${level}" name="P${level}">`).join("")}${body}${"</task>".repeat(plan.depth)}`;
  const holidays = plan.holidays
    .map((day) => {
      const [year, month, date] = day.split("-");
      return `<date year=${attribute(year ?? "")} month=${attribute(month ?? "")} date=${attribute(date ?? "")} type="HOLIDAY"/>`;
    })
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?>
<project name=${attribute(plan.name)}><calendars><day-types><default-week sun="1" mon="0" tue="0" wed="0" thu="0" fri="0" sat="1"/></day-types>${holidays}</calendars><tasks>${wrapped}</tasks></project>`;
}

/** How the file's text is turned into bytes: encodings, line ends, a cut. */
const encoding = fc.record({
  kind: fc.oneof(
    { weight: 5, arbitrary: fc.constant("utf8" as const) },
    fc.constantFrom(
      "bom" as const,
      "crlf" as const,
      "utf16le" as const,
      "utf16be" as const,
      "latin1" as const,
    ),
  ),
  /** Where the file is cut short, as a fraction of it; 1: whole. */
  cut: fc.oneof({ weight: 6, arbitrary: fc.constant(1) }, fc.double({ min: 0, max: 1, noNaN: true })),
});

function bytesOf(text: string, how: { kind: string; cut: number }): Buffer {
  let bytes: Buffer;
  switch (how.kind) {
    case "bom":
      bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, "utf8")]);
      break;
    case "crlf":
      bytes = Buffer.from(text.replace(/\r?\n/g, "\r\n"), "utf8");
      break;
    case "utf16le":
      // Code units as they are: a lone surrogate stays one.
      bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
      break;
    case "utf16be":
      bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]).swap16();
      break;
    case "latin1":
      bytes = Buffer.from(text, "latin1");
      break;
    default:
      bytes = Buffer.from(text, "utf8");
  }
  const length = Math.floor(bytes.length * how.cut);
  // An upload holds at least one byte (an empty body is its own refusal, tested elsewhere).
  return bytes.subarray(0, Math.max(1, length));
}

const IMPORT_CONTENT_TYPES = [
  "application/xml",
  "text/xml",
  "text/csv",
  "application/json",
  "application/octet-stream",
];

/** The import's query: format (or none, sniffed), dry run or not, sometimes a hostile name. */
const importQuery = (format: string | null) =>
  fc.record({
    dryRun: fc.boolean(),
    // A name half the time, now and then one holding a NUL or a lone surrogate.
    name: fc.option(
      fc.oneof(
        { weight: 6, arbitrary: fc.string({ maxLength: 12 }) },
        hostileText,
        fc.constantFrom(...UNSTORABLE),
      ),
      { nil: undefined, freq: 2 },
    ),
    contentType: fc.constantFrom(...IMPORT_CONTENT_TYPES),
    format: fc.constant(format),
  });

type ImportQuery = { dryRun: boolean; name?: string; contentType: string; format: string | null };

/**
 * Percent-encodes text as a careless client would: a lone surrogate as the three bytes UTF-8
 * would give it if it could (CESU-8), which encodeURIComponent refuses to write.
 */
function percentEncoded(text: string): string {
  let encoded = "";
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    const pair = code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00;
    if (pair) {
      encoded += encodeURIComponent(text.slice(index, index + 2));
      index++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      encoded += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join("");
    } else encoded += encodeURIComponent(text[index]);
  }
  return encoded;
}

/** Whether text is whole UTF-16 (no lone surrogate), as encodeURIComponent requires. */
function isWellFormed(text: string): boolean {
  try {
    encodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Sends the file to the import as the importer and checks the answer: safe, a refusal naming the
 * problem and creating nothing, a dry run creating nothing, an import creating one project that
 * opens with the tasks and dependencies its answer counted.
 */
async function sendHostileImport(body: Buffer, query: ImportQuery, what: string) {
  const search = [
    ...(query.format ? [`format=${query.format}`] : []),
    ...(query.dryRun ? ["dryRun=true"] : []),
    ...(query.name === undefined ? [] : [`name=${percentEncoded(query.name)}`]),
  ].join("&");
  const before = await ownedProjects(importer.user.id);
  const response = await importer.inject({
    method: "POST",
    url: `/api/projects/import?${search}`,
    headers: { "content-type": query.contentType },
    payload: body,
  });
  const label = `${what} ${search.slice(0, 120)} ${body.subarray(0, 300).toString("utf8")}`;
  expectSafeAnswer(response, label);
  expectNamedRefusal(response, label);
  // A NUL in the name is refused before the file is read, naming the field. (With a lone
  // surrogate beside it, the name's escapes are not UTF-8 and the server keeps them undecoded.)
  if (query.name?.includes("\u0000") && isWellFormed(query.name)) {
    expect(response.statusCode, label).toBe(400);
    expect(response.json().message, label).toBe("name must not contain the NUL character (U+0000).");
  }
  const after = await ownedProjects(importer.user.id);
  if (response.statusCode !== 201) {
    expect(after, `${label}: nothing is created by a refusal or a dry run`).toBe(before);
    return response;
  }
  expect(query.dryRun, label).toBe(false);
  expect(after, label).toBe(before + 1);
  const answer = response.json() as ImportAnswerDto;
  expect(answer.project, label).not.toBeNull();
  const detail = await importer.inject({ method: "GET", url: `/api/projects/${answer.project?.id}` });
  expect(detail.statusCode, `${label}: the imported project opens`).toBe(200);
  const { tasks: taskList, dependencies: links } = detail.json() as ProjectDetailDto;
  expect(taskList.length, label).toBe(answer.imported.tasks);
  expect(links.length, label).toBe(answer.imported.dependencies);
  return response;
}

/** Runs per format: about 150 imports in all, read in the import workers. */
const RUNS = 30;

describe("hostile files to the import", () => {
  it("JSON backups, an escaped NUL or lone surrogate named by its path", async () => {
    await fc.assert(
      fc.asyncProperty(hostilePlan, encoding, importQuery("json"), async (plan, how, query) => {
        const file = jsonFile(plan);
        const response = await sendHostileImport(
          bytesOf(file, how),
          query,
          `json ${how.kind} cut ${how.cut}`,
        );
        // Whole, read as written and with no name to refuse first: the first unstorable string
        // of the file is named by its path.
        let parsed: unknown;
        try {
          parsed = JSON.parse(file);
        } catch {
          return;
        }
        const unstorable = unstorableTextIn(parsed);
        const readAsWritten = ["utf8", "bom", "crlf"].includes(how.kind) && how.cut === 1;
        if (unstorable && readAsWritten && query.name === undefined)
          expect(response.json().message).toBe(
            `The JSON file holds text that cannot be stored: ${unstorable.path} must not contain ${unstorable.problem}.`,
          );
      }),
      { numRuns: RUNS },
    );
  });

  it("CSV task lists", async () => {
    await fc.assert(
      fc.asyncProperty(
        hostilePlan,
        fc.constantFrom(",", ";", "\t"),
        encoding,
        importQuery("csv"),
        async (plan, delimiter, how, query) => {
          await sendHostileImport(
            bytesOf(csvFile(plan, delimiter), how),
            query,
            `csv ${how.kind} cut ${how.cut}`,
          );
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("MS Project XML files", async () => {
    await fc.assert(
      fc.asyncProperty(hostilePlan, encoding, importQuery("mspdi"), async (plan, how, query) => {
        await sendHostileImport(bytesOf(mspdiFile(plan), how), query, `mspdi ${how.kind} cut ${how.cut}`);
      }),
      { numRuns: RUNS },
    );
  });

  it("GanttProject files", async () => {
    await fc.assert(
      fc.asyncProperty(hostilePlan, encoding, importQuery("gan"), async (plan, how, query) => {
        await sendHostileImport(bytesOf(ganFile(plan), how), query, `gan ${how.kind} cut ${how.cut}`);
      }),
      { numRuns: RUNS },
    );
  });

  it("files of any of those formats with none named, so that it is sniffed", async () => {
    const writers = {
      json: jsonFile,
      csv: (plan: FilePlan) => csvFile(plan, ","),
      mspdi: mspdiFile,
      gan: ganFile,
    };
    await fc.assert(
      fc.asyncProperty(
        hostilePlan,
        fc.constantFrom("json", "csv", "mspdi", "gan") as fc.Arbitrary<keyof typeof writers>,
        encoding,
        importQuery(null),
        async (plan, format, how, query) => {
          await sendHostileImport(
            bytesOf(writers[format](plan), how),
            query,
            `sniffed ${how.kind} cut ${how.cut}`,
          );
        },
      ),
      { numRuns: RUNS },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// The write routes

let ids: { project: number; other: number; tasks: number[]; foreign: number } = {
  project: 0,
  other: 0,
  tasks: [],
  foreign: 0,
};

describe("hostile values to the write routes", () => {
  beforeAll(async () => {
    const project = await createProjectFor(testApp, writer.user, { startDate: "2026-01-05" });
    const other = await createProjectFor(testApp, writer.user);
    const made = [
      await createTaskIn(testApp, project, { name: "Scheduled", duration: 3 }),
      await createTaskIn(testApp, project, { name: "Manual", schedulingMode: "manual" }),
      await createTaskIn(testApp, project, { name: "Plain" }),
    ];
    const foreign = await createTaskIn(testApp, other, { name: "Elsewhere", duration: 1 });
    ids = { project: project.id, other: other.id, tasks: made.map((task) => task.id), foreign: foreign.id };
  });

  /** Days: ordinary ones, the last and first a plan holds, the hostile ones, instants, none. */
  const dayValue = fc.oneof(
    { weight: 4, arbitrary: plainDay },
    { weight: 3, arbitrary: fc.constantFrom("9999-12-31", "9999-12-30", "9999-01-01", "0001-01-01") },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_DAYS) },
    fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
    fc.constant(null),
  );
  const numberValue = fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 0, max: 20 }) },
    fc.constantFrom(
      1e308,
      -1e308,
      10_000,
      10_001,
      9_999,
      -1,
      1_000,
      -1_000,
      1_001,
      0.5,
      2 ** 31,
      Number.MAX_SAFE_INTEGER,
    ),
    fc.double(),
    fc.constant(null),
  );
  const lagValue = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: -1_000, max: 1_000 }) }, numberValue);
  const textValue = fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength: 1, maxLength: 8 }) },
    fc.constantFrom(...UNSTORABLE, "\ud83d\ude00", "Forever", ""),
    fc.string({ unit: anyCodeUnit, maxLength: 6 }),
  );
  /** Keys the routes read, and now and then a key that is itself unstorable. */
  const withHostileKey = <T extends object>(body: fc.Arbitrary<T>) =>
    fc
      .tuple(body, fc.oneof({ weight: 8, arbitrary: fc.constant(undefined) }, fc.constantFrom(...UNSTORABLE)))
      .map(([value, key]) => (key === undefined ? value : { ...value, [key]: 1 }));
  const taskBody = withHostileKey(
    fc.record(
      {
        name: textValue,
        description: textValue,
        startDate: dayValue,
        dueDate: dayValue,
        snoozeUntil: dayValue,
        completedAt: dayValue,
        duration: numberValue,
        startNoEarlierThan: dayValue,
        schedulingMode: fc.oneof(
          { weight: 6, arbitrary: fc.constantFrom("auto", "manual") },
          fc.constantFrom("\u0000", "\ud800"),
        ),
        positionX: numberValue,
      },
      { requiredKeys: [] },
    ),
  );
  /** A schedule past 9999-12-31, as the limit's own example has it, and its neighbours. */
  const lateTask = fc.record({
    name: fc.constantFrom("Forever", "Late"),
    duration: fc.constantFrom(1, 2, 10_000),
    startNoEarlierThan: fc.constantFrom("9999-12-31", "9999-12-30", "9999-01-01"),
    schedulingMode: fc.constantFrom("auto", "manual"),
  });
  /** 1..4 stand for the project's three tasks and the other project's (see realTask). */
  const taskRef = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(1, 2, 3, 4) }, numberValue);
  const dependencyBody = withHostileKey(
    fc.record(
      {
        sourceTaskId: taskRef,
        targetTaskId: taskRef,
        type: fc.oneof(
          { weight: 6, arbitrary: fc.constantFrom("FS", "SS", "FF", "SF") },
          fc.constantFrom("\u0000", "\udfff"),
        ),
        lag: lagValue,
      },
      { requiredKeys: ["sourceTaskId", "targetTaskId"] },
    ),
  );
  const projectBody = withHostileKey(
    fc.record(
      {
        name: textValue,
        startDate: dayValue,
        holidays: fc.array(dayValue, { maxLength: 4 }),
        workingDays: fc.oneof(
          { weight: 4, arbitrary: fc.subarray([1, 2, 3, 4, 5, 6, 7], { minLength: 1 }) },
          fc.array(fc.oneof(fc.integer({ min: -1, max: 8 }), numberValue), { maxLength: 8 }),
        ),
      },
      { requiredKeys: [] },
    ),
  );
  /** Path ids: real ones, and ones holding NUL, a lone surrogate or bad escapes. */
  const pathId = (real: () => number[]) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.nat().map((index) => String(real()[index % real().length])) },
      fc.constantFrom("%00", "1%00", "%00%00", "%ED%A0%80", "%uD800", "%", "1e308", "-0", "%EF%BF%BD"),
    );
  const queryString = fc.oneof(
    { weight: 3, arbitrary: fc.constant("") },
    fc.constantFrom(
      "?dryRun=true",
      "?dryRun=%00",
      "?dryRun=%ED%A0%80",
      "?x%00=1",
      "?dryRun=1&dryRun=%00",
      "?%ED%B0%80=1",
      "?dryRun=%",
    ),
  );

  type Write = { method: "POST" | "PUT"; url: string; body: unknown; clean: boolean };
  const cleanId = (id: string) => /^\d+$/.test(id);
  const write: fc.Arbitrary<Write> = fc.oneof(
    fc
      .tuple(
        pathId(() => [ids.project, ids.other]),
        queryString,
        fc.oneof(taskBody, lateTask),
      )
      .map(([id, query, body]) => ({
        method: "POST" as const,
        url: `/api/projects/${id}/tasks${query}`,
        body,
        clean: cleanId(id) && query === "",
      })),
    fc
      .tuple(
        pathId(() => [...ids.tasks, ids.foreign]),
        queryString,
        fc.oneof(taskBody, lateTask),
      )
      .map(([id, query, body]) => ({
        method: "PUT" as const,
        url: `/api/tasks/${id}${query}`,
        body,
        clean: cleanId(id) && query === "",
      })),
    fc.tuple(queryString, dependencyBody).map(([query, body]) => ({
      method: "POST" as const,
      url: `/api/dependencies${query}`,
      body,
      clean: query === "",
    })),
    fc
      .tuple(
        pathId(() => [ids.project, ids.other]),
        queryString,
        projectBody,
      )
      .map(([id, query, body]) => ({
        method: "PUT" as const,
        url: `/api/projects/${id}${query}`,
        body,
        clean: cleanId(id) && query === "",
      })),
  );

  /** 1..4 name the project's three tasks and the other project's; anything else is sent as it is. */
  const realTask = (value: unknown) =>
    typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 4
      ? [...ids.tasks, ids.foreign][value - 1]
      : value;

  it("answers every write below 500, naming unstorable text where it is", async () => {
    await fc.assert(
      fc.asyncProperty(write, async ({ method, url, body, clean }) => {
        const payload =
          body && typeof body === "object" && "sourceTaskId" in body
            ? {
                ...body,
                sourceTaskId: realTask((body as Record<string, unknown>).sourceTaskId),
                targetTaskId: realTask((body as Record<string, unknown>).targetTaskId),
              }
            : body;
        const response = await writer.inject({
          method,
          url,
          headers: { "content-type": "application/json" },
          payload: JSON.stringify(payload),
        });
        const what = `${method} ${url} ${JSON.stringify(payload)}`;
        expectSafeAnswer(response, what);
        if (clean && unstorableTextIn(payload)) {
          expect(response.statusCode, what).toBe(400);
          expect(response.json().message, what).toMatch(
            /must not contain (the NUL character \(U\+0000\)|a lone surrogate \(U\+D[89A-F][0-9A-F]{2}\), half of a character)\.$/,
          );
        }
        if (response.statusCode === 400 && response.json().code === "schedule_out_of_range")
          expect(response.json().message, what).toMatch(
            /^(The task ".+"|A task) would be scheduled past 9999-12-31, the last day a plan can hold: shorten it or start it earlier\.$/,
          );
      }),
      { numRuns: 250 },
    );
  });

  it("still refuses a task scheduled past 9999-12-31 after those writes, storing nothing", async () => {
    const before = await db().select().from(tasks).where(eq(tasks.projectId, ids.project));
    const created = await writer.inject({
      method: "POST",
      url: `/api/projects/${ids.project}/tasks`,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ name: "Forever", duration: 10_000, startNoEarlierThan: "9999-12-31" }),
    });
    expect(created.statusCode, created.body).toBe(400);
    expect(created.json().code).toBe("schedule_out_of_range");
    const after = await db().select().from(tasks).where(eq(tasks.projectId, ids.project));
    expect(after.length).toBe(before.length);
  });
});

// ---------------------------------------------------------------------------------------------
// Afterwards

describe("after the hostile input", () => {
  it("the server answers, and every project of both users opens and exports in every format", async () => {
    for (const client of [importer, writer]) {
      const me = await client.inject({ method: "GET", url: "/api/auth/user" });
      expect(me.statusCode).toBe(200);
      const rows = await db()
        .select({ id: projects.id })
        .from(projects)
        .where(eq(projects.userId, client.user.id));
      for (const { id } of rows) {
        const detail = await client.inject({ method: "GET", url: `/api/projects/${id}` });
        expect(detail.statusCode, `project ${id}: ${detail.body.slice(0, 300)}`).toBe(200);
        for (const format of ["json", "csv", "mspdi", "ics"]) {
          const exported = await client.inject({
            method: "GET",
            url: `/api/projects/${id}/export?format=${format}`,
          });
          expect(exported.statusCode, `project ${id} ${format}: ${exported.body.slice(0, 300)}`).toBe(200);
        }
      }
    }
  });

  it("leaves the data consistent: no dependency across projects, no cycle, no orphan", async () => {
    await expectStoredGraphWhole(db());
  });

  it("stores no date outside years 1 to 9999 and no text no field can hold", async () => {
    const first = sql`timestamptz '0001-01-01 00:00:00+00'`;
    const past = sql`timestamptz '10000-01-01 00:00:00+00'`;
    const outside = (column: ReturnType<typeof sql.raw>) =>
      sql`(${column} < ${first} or ${column} >= ${past})`;
    const result = await db().execute(sql`
      select
        (select count(*)::int from tasks where ${outside(sql.raw("start_date"))} or ${outside(sql.raw("due_date"))}
           or ${outside(sql.raw("snooze_until"))} or ${outside(sql.raw("completed_at"))}) as task_dates,
        (select count(*)::int from tasks where start_no_earlier_than is not null
           and (start_no_earlier_than !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' or start_no_earlier_than < '0001-01-01')) as constraints,
        (select count(*)::int from projects where start_date < '0001-01-01'
           or exists (select 1 from unnest(holidays) as day
                      where day !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' or day < '0001-01-01')) as calendars`);
    expect((result as unknown as { rows: unknown[] }).rows[0]).toEqual({
      task_dates: 0,
      constraints: 0,
      calendars: 0,
    });
    const texts = await db().select({ name: tasks.name, description: tasks.description }).from(tasks);
    const names = await db()
      .select({ name: projects.name, description: projects.description })
      .from(projects);
    expect(unstorableTextIn([...texts, ...names])).toBeNull();
  });
});
