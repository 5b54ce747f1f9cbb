// Concurrent writers on one project: racing dependency creations never store a cycle, and two
// editors reordering at once leave one of the submitted orders, never a mix. Most telling on
// PostgreSQL (real parallel connections); on PGlite the same requests interleave in one process.

import { findCycle } from "@core/graph/cycles";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dependencies, tasks } from "../db/schema";
import { createProjectFor, createTaskIn, shareProject } from "../test/factories";
import { sendJson as send, setupClients, setupTestApp } from "../test/test-app";

const testApp = setupTestApp();
const [first, second] = setupClients(testApp, 2);

describe("racing writers", () => {
  it("never stores a cycle, however many dependency requests race", async () => {
    const project = await createProjectFor(testApp, first.user);
    await shareProject(testApp, project, second.user, "editor");
    const ring = await Promise.all(
      Array.from({ length: 6 }, (_, index) => createTaskIn(testApp, project, { name: `T${index}` })),
    );
    for (let round = 0; round < 5; round++) {
      // Every edge of a ring, plus chords both ways, all at once from two editors.
      const attempts = ring.flatMap((task, index) => {
        const next = ring[(index + 1) % ring.length];
        const across = ring[(index + 3) % ring.length];
        return [
          send(index % 2 ? first : second, "POST", "/api/dependencies", {
            sourceTaskId: task.id,
            targetTaskId: next.id,
          }),
          send(index % 2 ? second : first, "POST", "/api/dependencies", {
            sourceTaskId: across.id,
            targetTaskId: task.id,
          }),
        ];
      });
      const answers = await Promise.all(attempts);
      for (const answer of answers) expect([201, 409]).toContain(answer.statusCode);
      const stored = await testApp.database.db
        .select()
        .from(dependencies)
        .where(eq(dependencies.projectId, project.id));
      expect(
        findCycle(
          ring.map((task) => task.id),
          stored,
        ),
      ).toBeNull();
      // Every accepted request is stored, and nothing else.
      expect(stored.length).toBe(answers.filter((answer) => answer.statusCode === 201).length);
      await testApp.database.db.delete(dependencies).where(eq(dependencies.projectId, project.id));
    }
  });

  it("leaves one of two concurrent reorders whole, never a mix", async () => {
    const project = await createProjectFor(testApp, first.user);
    await shareProject(testApp, project, second.user, "editor");
    const list = await Promise.all(
      Array.from({ length: 12 }, (_, index) => createTaskIn(testApp, project, { order: index })),
    );
    const forward = list.map((task, index) => ({ taskId: task.id, order: index }));
    const backward = list.map((task, index) => ({ taskId: task.id, order: list.length - 1 - index }));
    const url = `/api/projects/${project.id}/tasks/reorder`;
    for (let round = 0; round < 10; round++) {
      const [a, b] = await Promise.all([
        send(first, "PUT", url, { taskOrders: forward }),
        send(second, "PUT", url, { taskOrders: [...backward].reverse() }),
      ]);
      expect(a.statusCode).toBe(200);
      expect(b.statusCode).toBe(200);
      const stored = await testApp.database.db
        .select({ id: tasks.id, order: tasks.order })
        .from(tasks)
        .where(eq(tasks.projectId, project.id))
        .orderBy(asc(tasks.id));
      const matches = (submitted: { taskId: number; order: number }[]) => {
        const wanted = new Map(submitted.map((entry) => [entry.taskId, entry.order]));
        return stored.every((row) => wanted.get(row.id) === row.order);
      };
      const orders = stored.map((row) => row.order);
      const isForward = matches(forward);
      const isBackward = matches(backward);
      expect(isForward || isBackward, `round ${round}: ${orders.join(",")}`).toBe(true);
    }
  });

  it("never deadlocks when every kind of task write races on the same tasks", async () => {
    // Each write locks its task rows, then the project's task version (a trigger): a reorder,
    // a drag of many cards, single edits, a move to another project, deletes and new tasks at once
    // must all succeed (docs/decisions/020-project-content-cache.md), and the project answer must show the outcome.
    const project = await createProjectFor(testApp, first.user);
    const elsewhere = await createProjectFor(testApp, first.user);
    await shareProject(testApp, project, second.user, "editor");
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        createTaskIn(testApp, project, { order: index, name: `T${index}` }),
      ),
    );
    for (let round = 0; round < 6; round++) {
      const live = await testApp.database.db
        .select({ id: tasks.id })
        .from(tasks)
        .where(eq(tasks.projectId, project.id))
        .orderBy(asc(tasks.id));
      const ids = live.map((row) => row.id);
      const [moving, deleting, ...kept] = ids.slice(-2).concat(ids.slice(0, -2));
      const writes = [
        send(first, "PUT", `/api/projects/${project.id}/tasks/reorder`, {
          taskOrders: kept.map((taskId, order) => ({ taskId, order: kept.length - order })),
        }),
        send(second, "PUT", `/api/projects/${project.id}/tasks/positions`, {
          positions: [...kept]
            .reverse()
            .map((taskId, index) => ({ taskId, positionX: index * 10, positionY: round })),
        }),
        ...kept.map((taskId, index) =>
          send(index % 2 ? first : second, "PUT", `/api/tasks/${taskId}`, { name: `R${round}-${index}` }),
        ),
        send(first, "PUT", `/api/tasks/${moving}`, { projectId: elsewhere.id }),
        first.inject({ method: "DELETE", url: `/api/tasks/${deleting}` }),
        send(second, "POST", `/api/projects/${project.id}/tasks`, { name: `New ${round}a` }),
        send(first, "POST", `/api/projects/${project.id}/tasks`, { name: `New ${round}b` }),
      ];
      const answers = await Promise.all(writes);
      for (const answer of answers) expect([200, 201, 204], answer.body).toContain(answer.statusCode);
      const opened = await first.inject({ method: "GET", url: `/api/projects/${project.id}` });
      const stored = await testApp.database.db
        .select({ id: tasks.id, name: tasks.name, order: tasks.order })
        .from(tasks)
        .where(eq(tasks.projectId, project.id))
        .orderBy(asc(tasks.order), asc(tasks.id));
      expect(opened.json().tasks.map((task: { id: number; name: string }) => [task.id, task.name])).toEqual(
        stored.map((row) => [row.id, row.name]),
      );
    }
  });
});
