// Live updates benchmark (docs/performance.md): viewers of one big scheduled plan keep it open while
// someone
// edits it twice a second. Each viewer reads the project once, then follows its event stream and
// applies every event to its copy (core/events/apply-event.ts, as the page does). Measured per size:
// the bytes each viewer receives per edit, the server's CPU time per edit (from /proc), and at the
// end every viewer's copy against a fresh read of the project.
//   npx tsx bench/live.bench.ts [--quick] [--postgres]
// Full: 20 viewers, 30 s at 2 edits/s, 1,000 and 5,000 tasks; judged: under 2 KB per edit per
// viewer, CPU per edit at 5,000 at most 1.5 x that at 1,000, every copy equal to a fresh read.
// --quick (CI): 5 viewers, 5 s, 200 and 400 tasks; judged only on bytes and copies (no timing).
// Results: test-results/live.bench.json.
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { applyProjectEvent } from "../core/events/apply-event";
import type { ProjectEvent, StreamMessage } from "../core/schemas/events";
import type { ProjectDetailDto } from "../core/schemas/projects";
import { machine, printTable, type Row, writeReport } from "./report";
import { seedScheduledProject } from "./seed";
import { createBenchDatabase, enginesToRun, sessionCookie, startServer } from "./server-harness";
import { quick } from "./settings";
import { round } from "./timing";

const SIZES = quick ? [200, 400] : [1_000, 5_000];
const VIEWERS = quick ? 5 : 20;
const SECONDS = quick ? 5 : 30;
const EDITS_PER_SECOND = 2;
const BYTES_PER_EDIT_BUDGET = 2048;
const CPU_GROWTH_BUDGET = 1.5;

/** The process's CPU time so far, in ms (user + system, from /proc: Linux). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  // After "pid (comm) ": state is field 3, utime 14 and stime 15 (1-based), in clock ticks (100/s).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The answer without the reader's own last visit, which every read records. */
const comparable = (detail: ProjectDetailDto) => ({
  ...detail,
  project: { ...detail.project, lastViewedAt: null },
});

type Viewer = {
  copy: ProjectDetailDto;
  eventBytes: number;
  events: number;
  gaps: number;
  close: () => void;
};

/** A viewer: reads the project, then applies its events in version order as they come. */
async function openViewer(base: string, projectId: number, cookie: string): Promise<Viewer> {
  const read = await fetch(`${base}/api/projects/${projectId}`, { headers: { cookie } });
  const viewer: Viewer = {
    copy: (await read.json()) as ProjectDetailDto,
    eventBytes: 0,
    events: 0,
    gaps: 0,
    close: () => {},
  };
  const controller = new AbortController();
  viewer.close = () => controller.abort();
  const response = await fetch(`${base}/api/projects/${projectId}/events`, {
    headers: { cookie },
    signal: controller.signal,
  });
  const waiting = new Map<number, ProjectEvent>();
  const receive = (event: ProjectEvent) => {
    if (event.version === undefined) {
      viewer.gaps += 1;
      return;
    }
    waiting.set(event.version, event);
    for (let next = waiting.get(viewer.copy.project.version + 1); next; ) {
      waiting.delete(next.version as number);
      viewer.copy = applyProjectEvent(viewer.copy, next);
      next = waiting.get(viewer.copy.project.version + 1);
    }
  };
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let end = buffer.indexOf("\n\n"); end !== -1; end = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split("\n")
            .find((line) => line.startsWith("data: "))
            ?.slice(6);
          if (!data) continue;
          const message = JSON.parse(data) as StreamMessage;
          if (message.type === "presence" || message.type === "version" || message.type === "resync")
            continue;
          // What the event cost on the wire: its whole block, id line included.
          viewer.eventBytes += Buffer.byteLength(block) + 2;
          viewer.events += 1;
          receive(message);
        }
      }
    } catch {
      // closed
    }
  })();
  return viewer;
}

async function main() {
  const rows: Row[] = [];
  const problems: string[] = [];
  for (const engine of enginesToRun()) {
    const cpuPerEdit = new Map<number, number>();
    for (const size of SIZES) {
      const database = await createBenchDatabase(engine, "live");
      const handle = await database.open();
      const seeded = await seedScheduledProject(handle.db, { tasks: size, members: 0, seed: size });
      // Each task's planned days: a completion here records them as its actual dates (done as
      // planned). Completed without them, a task finishes today and the tasks after it move
      // (docs/spec/tracking.md), which sends every task moved: a change of the plan, not the cost
      // of following an edit that this benchmark measures.
      const planned = new Map(
        (
          (await handle.db.execute(sql`
            select id, to_char(start_date at time zone 'UTC', 'YYYY-MM-DD') as start,
              to_char(due_date at time zone 'UTC', 'YYYY-MM-DD') as finish
            from tasks where project_id = ${seeded.project.id}`)) as unknown as {
            rows: { id: number; start: string; finish: string }[];
          }
        ).rows.map((row) => [row.id, row]),
      );
      const cookies = await Promise.all(
        Array.from({ length: VIEWERS + 1 }, () => sessionCookie(handle, seeded.owner.id)),
      );
      await handle.close();
      const server = await startServer(database.serverEnv);
      const base = server.base;
      const projectId = seeded.project.id;
      try {
        const viewers = await Promise.all(
          cookies.slice(1).map((cookie) => openViewer(base, projectId, cookie)),
        );
        await new Promise((resolve) => setTimeout(resolve, 500));
        const editor = cookies[0];
        const edit = async (call: number) => {
          const taskId = seeded.taskIds[(call * 7919) % seeded.taskIds.length];
          const kind = call % 3;
          const [url, body] =
            kind === 0
              ? [`/api/tasks/${taskId}`, { name: `Edited ${call}` }]
              : kind === 1
                ? [
                    `/api/tasks/${taskId}`,
                    call % 2 === 0
                      ? {
                          completed: true,
                          completedAt: new Date().toISOString(),
                          actualStart: planned.get(taskId)?.start,
                          actualFinish: planned.get(taskId)?.finish,
                        }
                      : { completed: false, completedAt: null },
                  ]
                : [
                    `/api/projects/${projectId}/tasks/positions`,
                    { positions: [{ taskId, positionX: call * 10, positionY: call * 5 }] },
                  ];
          const response = await fetch(`${base}${url}`, {
            method: "PUT",
            headers: { cookie: editor, "content-type": "application/json" },
            body: JSON.stringify(body),
          });
          if (response.status !== 200)
            problems.push(`${engine.kind} ${size}: edit ${call} answered ${response.status}`);
          await response.arrayBuffer();
        };
        const edits = SECONDS * EDITS_PER_SECOND;
        const cpuBefore = cpuMs(server.pid);
        const started = Date.now();
        for (let call = 0; call < edits; call++) {
          await edit(call);
          const due = started + ((call + 1) * 1000) / EDITS_PER_SECOND;
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
        }
        const cpu = (cpuMs(server.pid) - cpuBefore) / edits;
        cpuPerEdit.set(size, cpu);

        const fresh = (await (
          await fetch(`${base}/api/projects/${projectId}`, { headers: { cookie: editor } })
        ).json()) as ProjectDetailDto;
        for (let waited = 0; waited < 10_000; waited += 100) {
          if (viewers.every((viewer) => viewer.copy.project.version >= fresh.project.version)) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        const expected = JSON.stringify(comparable(fresh));
        const unequal = viewers.filter(
          (viewer) => JSON.stringify(comparable(viewer.copy)) !== expected,
        ).length;
        const bytesPerEdit = Math.max(...viewers.map((viewer) => viewer.eventBytes / edits));
        const gaps = viewers.reduce((sum, viewer) => sum + viewer.gaps, 0);
        for (const viewer of viewers) viewer.close();
        if (unequal > 0)
          problems.push(`${engine.kind} ${size}: ${unequal} of ${VIEWERS} copies differ from a fresh read`);
        if (gaps > 0) problems.push(`${engine.kind} ${size}: ${gaps} events came without a version`);
        if (bytesPerEdit >= BYTES_PER_EDIT_BUDGET)
          problems.push(`${engine.kind} ${size}: ${round(bytesPerEdit, 0)} bytes per edit per viewer`);
        rows.push({
          engine: engine.kind,
          tasks: size,
          viewers: VIEWERS,
          edits,
          "bytes/edit/viewer": round(bytesPerEdit, 0),
          "server CPU ms/edit": round(cpu, 2),
          "copies equal to a fresh read": `${VIEWERS - unequal}/${VIEWERS}`,
          "answer kB": round(expected.length / 1024, 0),
        });
      } finally {
        await server.stop();
        await database.drop();
      }
    }
    const [small, large] = SIZES.map((size) => cpuPerEdit.get(size) ?? Number.NaN);
    const growth = large / Math.max(small, 0.01);
    rows.push({
      engine: engine.kind,
      tasks: `${SIZES[1]} vs ${SIZES[0]}`,
      "server CPU ms/edit": round(growth, 2),
    });
    if (!quick && growth > CPU_GROWTH_BUDGET)
      problems.push(
        `${engine.kind}: CPU per edit grows ${round(growth, 2)}x from ${SIZES[0]} to ${SIZES[1]} tasks`,
      );
  }
  printTable(rows);
  writeReport("live", { machine: machine(), quick, viewers: VIEWERS, seconds: SECONDS, rows, problems });
  if (problems.length > 0) {
    console.error(`FAILED:\n${problems.join("\n")}`);
    process.exit(1);
  }
  console.log(
    quick
      ? `every viewer got under ${BYTES_PER_EDIT_BUDGET} bytes per edit and ended equal to a fresh read`
      : `met: under ${BYTES_PER_EDIT_BUDGET} bytes per edit, CPU per edit grows at most ${CPU_GROWTH_BUDGET}x, copies equal`,
  );
}

await main();
