// The in-memory store of serialised project content: filed by version pair, dropped when stale,
// bounded in characters, one load for concurrent misses. The database side (triggers, routes) is
// tested in server/routes/projects/project-content.test.ts.
import { describe, expect, it } from "vitest";
import { type ProjectContent, ProjectContentCache, projectAnswerJson } from "./project-content";

const contentOf = (label: string, length = 10): ProjectContent => ({
  tasksJson: `["${label.padEnd(length - 4, ".")}"]`,
  dependenciesJson: "[]",
});

/** A load that counts its calls and answers `content`. */
function counted(content: ProjectContent) {
  const load = async () => {
    load.calls++;
    return content;
  };
  load.calls = 0;
  return load;
}

describe("ProjectContentCache", () => {
  it("answers a copy filed under the same versions without loading again", async () => {
    const cache = new ProjectContentCache(1_000);
    const load = counted(contentOf("a"));
    expect(await cache.get(1, 3, 7, load)).toEqual(contentOf("a"));
    expect(await cache.get(1, 3, 7, load)).toEqual(contentOf("a"));
    expect(load.calls).toBe(1);
  });

  it("loads again when either version moved, and keeps only the newer copy", async () => {
    const cache = new ProjectContentCache(1_000);
    await cache.get(1, 3, 7, counted(contentOf("a")));
    expect(await cache.get(1, 4, 7, counted(contentOf("b")))).toEqual(contentOf("b"));
    expect(await cache.get(1, 4, 8, counted(contentOf("c")))).toEqual(contentOf("c"));
    expect(cache.heldSize).toBe(12); // one copy: ["c......"] and []
    const again = counted(contentOf("d"));
    expect(await cache.get(1, 4, 8, again)).toEqual(contentOf("c"));
    expect(again.calls).toBe(0);
  });

  it("keeps projects apart", async () => {
    const cache = new ProjectContentCache(1_000);
    await cache.get(1, 0, 0, counted(contentOf("one")));
    await cache.get(2, 0, 0, counted(contentOf("two")));
    expect(await cache.get(1, 0, 0, counted(contentOf("x")))).toEqual(contentOf("one"));
    expect(await cache.get(2, 0, 0, counted(contentOf("x")))).toEqual(contentOf("two"));
  });

  it("drops the least recently read projects beyond its capacity", async () => {
    const cache = new ProjectContentCache(30); // room for two copies of 12 characters
    await cache.get(1, 0, 0, counted(contentOf("one")));
    await cache.get(2, 0, 0, counted(contentOf("two")));
    await cache.get(1, 0, 0, counted(contentOf("x"))); // 1 is now the most recent
    await cache.get(3, 0, 0, counted(contentOf("three")));
    expect(cache.heldSize).toBe(24);
    const reloadOne = counted(contentOf("one"));
    const reloadTwo = counted(contentOf("two"));
    await cache.get(1, 0, 0, reloadOne);
    await cache.get(2, 0, 0, reloadTwo);
    expect(reloadOne.calls).toBe(0);
    expect(reloadTwo.calls).toBe(1);
  });

  it("never holds a copy larger than its capacity, and holds nothing at capacity 0", async () => {
    const small = new ProjectContentCache(5);
    const large = counted(contentOf("large"));
    await small.get(1, 0, 0, large);
    await small.get(1, 0, 0, large);
    expect(large.calls).toBe(2);
    expect(small.heldSize).toBe(0);

    const none = new ProjectContentCache(0);
    const load = counted(contentOf("a"));
    await none.get(1, 0, 0, load);
    await none.get(1, 0, 0, load);
    expect(load.calls).toBe(2);
    expect(none.heldSize).toBe(0);
  });

  it("shares one load between concurrent misses of the same versions", async () => {
    const cache = new ProjectContentCache(1_000);
    let release: (content: ProjectContent) => void = () => {};
    let calls = 0;
    const slow = () => {
      calls++;
      return new Promise<ProjectContent>((resolve) => {
        release = resolve;
      });
    };
    const readers = [cache.get(1, 2, 2, slow), cache.get(1, 2, 2, slow), cache.get(1, 2, 2, slow)];
    release(contentOf("shared"));
    expect(await Promise.all(readers)).toEqual([
      contentOf("shared"),
      contentOf("shared"),
      contentOf("shared"),
    ]);
    expect(calls).toBe(1);
  });

  it("does not file a failed load: the next read tries again", async () => {
    const cache = new ProjectContentCache(1_000);
    await expect(
      cache.get(1, 0, 0, async () => {
        throw new Error("connection lost");
      }),
    ).rejects.toThrow("connection lost");
    const load = counted(contentOf("a"));
    expect(await cache.get(1, 0, 0, load)).toEqual(contentOf("a"));
    expect(load.calls).toBe(1);
  });

  it("does not let a slow load of older versions replace a newer copy", async () => {
    const cache = new ProjectContentCache(1_000);
    let releaseOld: (content: ProjectContent) => void = () => {};
    const old = cache.get(
      1,
      1,
      1,
      () =>
        new Promise<ProjectContent>((resolve) => {
          releaseOld = resolve;
        }),
    );
    await cache.get(1, 2, 1, counted(contentOf("new")));
    releaseOld(contentOf("old"));
    expect(await old).toEqual(contentOf("old"));
    const again = counted(contentOf("x"));
    expect(await cache.get(1, 2, 1, again)).toEqual(contentOf("new"));
    expect(again.calls).toBe(0);
  });
});

describe("projectAnswerJson", () => {
  it("is the JSON of the whole answer, in the DTO's key order", () => {
    const content = { tasksJson: '[{"id":1,"name":"A \\"quoted\\" task"}]', dependenciesJson: "[]" };
    const text = projectAnswerJson({ id: 5, name: "Plan" }, content, { accessLevel: "owner" });
    expect(text).toBe(
      '{"project":{"id":5,"name":"Plan"},"tasks":[{"id":1,"name":"A \\"quoted\\" task"}],"dependencies":[],"accessLevel":"owner"}',
    );
    expect(JSON.parse(text)).toEqual({
      project: { id: 5, name: "Plan" },
      tasks: [{ id: 1, name: 'A "quoted" task' }],
      dependencies: [],
      accessLevel: "owner",
    });
    expect(JSON.parse(projectAnswerJson(null, content, {}))).toEqual({
      project: null,
      tasks: [{ id: 1, name: 'A "quoted" task' }],
      dependencies: [],
    });
  });
});
