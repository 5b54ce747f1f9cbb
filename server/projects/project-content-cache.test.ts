// The in-memory store of serialised project content: each half (tasks, dependencies) filed by its
// version, reloaded alone when its version moves, bounded in characters, one load for concurrent
// misses. The database side (triggers, row versions, routes) is tested in
// server/routes/projects/project-content.test.ts.
import { describe, expect, it } from "vitest";
import {
  type ContentLoaders,
  ProjectContentCache,
  projectAnswerBytes,
  type TasksCopy,
} from "./project-content";

const copyOf = (label: string): TasksCopy => ({ json: `["${label.padEnd(6, ".")}"]`, byTask: new Map() });

/** Loaders that answer `tasks` and `dependencies` and count their calls and what they were given. */
function loaders(tasks: string, dependencies = "[]") {
  const counts = { tasks: 0, dependencies: 0, previous: [] as (TasksCopy | undefined)[] };
  const load: ContentLoaders = {
    tasks: async (previous) => {
      counts.tasks++;
      counts.previous.push(previous);
      return copyOf(tasks);
    },
    dependencies: async () => {
      counts.dependencies++;
      return dependencies;
    },
  };
  return { load, counts };
}

describe("ProjectContentCache", () => {
  it("answers both halves from memory while their versions stand", async () => {
    const cache = new ProjectContentCache(1_000);
    const { load, counts } = loaders("a", '[{"id":1}]');
    expect(await cache.get(1, 3, 7, load)).toEqual({
      tasksJson: '["a....."]',
      dependenciesJson: '[{"id":1}]',
    });
    expect(await cache.get(1, 3, 7, load)).toEqual({
      tasksJson: '["a....."]',
      dependenciesJson: '[{"id":1}]',
    });
    expect(counts).toMatchObject({ tasks: 1, dependencies: 1 });
  });

  it("reloads only the half whose version moved, handing the tasks loader the copy it replaces", async () => {
    const cache = new ProjectContentCache(1_000);
    await cache.get(1, 3, 7, loaders("a", "[1]").load);
    const tasksMoved = loaders("b", "[2]");
    expect(await cache.get(1, 4, 7, tasksMoved.load)).toEqual({
      tasksJson: '["b....."]',
      dependenciesJson: "[1]",
    });
    expect(tasksMoved.counts).toMatchObject({ tasks: 1, dependencies: 0 });
    expect(tasksMoved.counts.previous[0]?.json).toBe('["a....."]');

    const graphMoved = loaders("c", "[3]");
    expect(await cache.get(1, 4, 8, graphMoved.load)).toEqual({
      tasksJson: '["b....."]',
      dependenciesJson: "[3]",
    });
    expect(graphMoved.counts).toMatchObject({ tasks: 0, dependencies: 1 });
    // Tasks count twice (the array and each task's JSON), dependencies once: 2 x 10 + 3.
    expect(cache.heldSize).toBe(23);
  });

  it("keeps projects apart", async () => {
    const cache = new ProjectContentCache(1_000);
    await cache.get(1, 0, 0, loaders("one").load);
    await cache.get(2, 0, 0, loaders("two").load);
    expect((await cache.get(1, 0, 0, loaders("x").load)).tasksJson).toBe('["one..."]');
    expect((await cache.get(2, 0, 0, loaders("x").load)).tasksJson).toBe('["two..."]');
  });

  it("drops the least recently read projects beyond its capacity", async () => {
    const cache = new ProjectContentCache(50); // room for two projects of 22 characters
    await cache.get(1, 0, 0, loaders("one").load);
    await cache.get(2, 0, 0, loaders("two").load);
    await cache.get(1, 0, 0, loaders("x").load); // 1 is now the most recent
    await cache.get(3, 0, 0, loaders("three").load);
    expect(cache.heldSize).toBe(44);
    const one = loaders("one");
    const two = loaders("two");
    await cache.get(1, 0, 0, one.load);
    await cache.get(2, 0, 0, two.load);
    expect(one.counts.tasks).toBe(0);
    expect(two.counts.tasks).toBe(1);
    expect(two.counts.previous).toEqual([undefined]); // nothing left to rebuild from
  });

  it("holds nothing at capacity 0, and never hands the tasks loader an old copy then", async () => {
    const cache = new ProjectContentCache(0);
    const { load, counts } = loaders("a");
    await cache.get(1, 0, 0, load);
    await cache.get(1, 1, 0, load);
    expect(counts).toMatchObject({ tasks: 2, dependencies: 2, previous: [undefined, undefined] });
    expect(cache.heldSize).toBe(0);
  });

  it("shares one load between concurrent misses of the same version", async () => {
    const cache = new ProjectContentCache(1_000);
    let release: (copy: TasksCopy) => void = () => {};
    let calls = 0;
    const slow: ContentLoaders = {
      tasks: () => {
        calls++;
        return new Promise<TasksCopy>((resolve) => {
          release = resolve;
        });
      },
      dependencies: async () => "[]",
    };
    const readers = [cache.get(1, 2, 2, slow), cache.get(1, 2, 2, slow), cache.get(1, 2, 2, slow)];
    await new Promise((resolve) => setTimeout(resolve, 0));
    release(copyOf("shared"));
    const answers = await Promise.all(readers);
    expect(answers.map((answer) => answer.tasksJson)).toEqual(Array(3).fill('["shared"]'));
    expect(calls).toBe(1);
  });

  it("does not file a failed load: the next read tries again", async () => {
    const cache = new ProjectContentCache(1_000);
    const failing: ContentLoaders = {
      tasks: async () => {
        throw new Error("connection lost");
      },
      dependencies: async () => "[]",
    };
    await expect(cache.get(1, 0, 0, failing)).rejects.toThrow("connection lost");
    const { load, counts } = loaders("a");
    expect((await cache.get(1, 0, 0, load)).tasksJson).toBe('["a....."]');
    expect(counts.tasks).toBe(1);
  });

  it("does not let a slow load of an older version replace a newer copy", async () => {
    const cache = new ProjectContentCache(1_000);
    let releaseOld: (copy: TasksCopy) => void = () => {};
    const old = cache.get(1, 1, 1, {
      tasks: () =>
        new Promise<TasksCopy>((resolve) => {
          releaseOld = resolve;
        }),
      dependencies: async () => "[]",
    });
    await cache.get(1, 2, 1, loaders("new").load);
    releaseOld(copyOf("old"));
    expect((await old).tasksJson).toBe('["old..."]');
    const again = loaders("x");
    expect((await cache.get(1, 2, 1, again.load)).tasksJson).toBe('["new..."]');
    expect(again.counts.tasks).toBe(0);
  });
});

describe("projectAnswerBytes", () => {
  it("is the JSON of the whole answer, in the DTO's key order", () => {
    const content = { tasksJson: '[{"id":1,"name":"A \\"quoted\\" task"}]', dependenciesJson: "[]" };
    const text = projectAnswerBytes({ id: 5, name: "Plan" }, content, { accessLevel: "owner" }).toString();
    expect(text).toBe(
      '{"project":{"id":5,"name":"Plan"},"tasks":[{"id":1,"name":"A \\"quoted\\" task"}],"dependencies":[],"accessLevel":"owner"}',
    );
    expect(JSON.parse(text)).toEqual({
      project: { id: 5, name: "Plan" },
      tasks: [{ id: 1, name: 'A "quoted" task' }],
      dependencies: [],
      accessLevel: "owner",
    });
    // The content's bytes are kept with it: a second answer of the same content reuses them.
    expect(JSON.parse(projectAnswerBytes(null, content, {}).toString())).toEqual({
      project: null,
      tasks: [{ id: 1, name: 'A "quoted" task' }],
      dependencies: [],
    });
  });
});
