// GET /api/search against the real app and database: who sees what, the ranking, the limit, the
// text taken literally, the refusals, a read token, and the statements a search costs.
import { SEARCH_QUERY_MAX, type SearchResult } from "@core/schemas/search";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { callWithToken, createTokenAs } from "../../api-tokens/api-token-test-helpers";
import { type Project, projectShares, tasks } from "../../db/schema";
import { CANDIDATES_MAX } from "../../search/search-names";
import { createProjectFor, createTaskIn, publishProject, shareProject } from "../../test/factories";
import { type Client, loginAs, setupTestApp } from "../../test/test-app";

let counting = false;
let statements: string[] = [];
const testApp = setupTestApp({ onQuery: (query) => counting && statements.push(query) });

const searchUrl = (q: string) => `/api/search?${new URLSearchParams({ q })}`;

async function search(client: Pick<Client, "inject">, q: string): Promise<SearchResult[]> {
  const response = await client.inject({ method: "GET", url: searchUrl(q) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().results;
}

const names = (results: SearchResult[]) => results.map((result) => `${result.kind} ${result.name}`);

describe("GET /api/search: who sees what", () => {
  let me: Client;
  let colleague: Client;
  let stranger: Client;
  let mine: Project;
  let shared: Project;
  let theirs: Project;
  let published: Project;
  beforeAll(async () => {
    [me, colleague, stranger] = await Promise.all([loginAs(testApp), loginAs(testApp), loginAs(testApp)]);
    mine = await createProjectFor(testApp, me.user, { name: "Zephyr mine" });
    shared = await createProjectFor(testApp, colleague.user, { name: "Zephyr shared" });
    await shareProject(testApp, shared, me.user, "viewer");
    theirs = await createProjectFor(testApp, colleague.user, { name: "Zephyr theirs" });
    published = await createProjectFor(testApp, stranger.user, { name: "Zephyr published" });
    await publishProject(testApp, published);
    await createTaskIn(testApp, mine, { name: "Zephyr task of mine", status: "in-progress" });
    await createTaskIn(testApp, shared, { name: "Zephyr task shared", completed: true, status: "completed" });
    await createTaskIn(testApp, theirs, { name: "Zephyr task of theirs" });
    await createTaskIn(testApp, published, { name: "Zephyr task published" });
  });

  it("finds my projects and tasks and those shared with me, never another user's", async () => {
    const results = await search(me, "zephyr");
    expect(names(results)).toEqual([
      "project Zephyr mine",
      "project Zephyr shared",
      "task Zephyr task shared",
      "task Zephyr task of mine",
    ]);
    expect(results[0]).toEqual({ kind: "project", id: mine.id, name: "Zephyr mine", slug: mine.slug });
    expect(results[2]).toEqual({
      kind: "task",
      id: expect.any(Number),
      name: "Zephyr task shared",
      status: "completed",
      projectId: shared.id,
      projectName: "Zephyr shared",
      projectSlug: shared.slug,
    });
    expect(results[3]).toMatchObject({ status: "in-progress", projectId: mine.id });
  });

  it("counts a share by email that waits for its account, as every other read does", async () => {
    const invited = await loginAs(testApp);
    await testApp.database.db
      .insert(projectShares)
      .values({ projectId: theirs.id, email: invited.user.email, role: "viewer" });
    expect(names(await search(invited, "zephyr"))).toEqual([
      "project Zephyr theirs",
      "task Zephyr task of theirs",
    ]);
  });

  it("finds nothing of a project once its share is removed, nor of a public link's project", async () => {
    const member = await loginAs(testApp);
    const [share] = await testApp.database.db
      .insert(projectShares)
      .values({ projectId: theirs.id, email: member.user.email, userId: member.user.id, role: "editor" })
      .returning();
    expect(names(await search(member, "zephyr"))).toHaveLength(2);
    const removed = await colleague.inject({ method: "DELETE", url: `/api/project-shares/${share.id}` });
    expect(removed.statusCode).toBe(204);
    expect(await search(member, "zephyr")).toEqual([]);
    expect(await search(me, "zephyr published")).toEqual([]);
  });

  it("answers a read-only API token as its user", async () => {
    const token = await createTokenAs(me, "read");
    const response = await callWithToken(testApp, token.secret, "GET", searchUrl("zephyr task of"));
    expect(response.statusCode, response.body).toBe(200);
    expect(names(response.json().results)).toEqual(["task Zephyr task of mine"]);
  });

  it("answers 401 to a caller who is not signed in", async () => {
    const response = await testApp.app.inject({ method: "GET", url: searchUrl("zephyr") });
    expect(response.statusCode).toBe(401);
  });
});

describe("GET /api/search: ranking", () => {
  let me: Client;
  let project: Project;
  beforeAll(async () => {
    me = await loginAs(testApp);
    project = await createProjectFor(testApp, me.user, { name: "Quill" });
    for (const name of [
      "Re-quill the roof", // a word after a hyphen
      "Inkquill", // inside a word
      "Quill", // equal (a task named as the project)
      "Quills and pens", // starts with it
      "The quill", // a word starts with it
      "Quill", // equal again: by id
      "Buy a quill", // a word, longer
      "Quilling", // starts, shorter than "Quills and pens"
    ])
      await createTaskIn(testApp, project, { name });
    await createProjectFor(testApp, me.user, { name: "Old quills" });
  });

  it("puts equal names first, then names starting with the text, then words, then the rest", async () => {
    expect(names(await search(me, "QUILL"))).toEqual([
      "project Quill",
      "task Quill",
      "task Quill",
      "task Quilling",
      "task Quills and pens",
      "project Old quills",
      "task The quill",
      "task Buy a quill",
      "task Re-quill the roof",
      "task Inkquill",
    ]);
  });

  it("ranks equal names of one kind by id", async () => {
    const equal = (await search(me, "quill")).filter(
      (result) => result.kind === "task" && result.name === "Quill",
    );
    expect(equal.map((result) => result.id)).toEqual(
      [...equal.map((result) => result.id)].sort((a, b) => a - b),
    );
  });

  it("matches 1 and 2 characters only where a name or a word starts", async () => {
    const mark = await loginAs(testApp);
    const own = await createProjectFor(testApp, mark.user, { name: "Qx plan" });
    await createTaskIn(testApp, own, { name: "Aqx inside" });
    await createTaskIn(testApp, own, { name: "Order (qx)" });
    await createTaskIn(testApp, own, { name: "qx" });
    expect(names(await search(mark, "qx"))).toEqual(["task qx", "project Qx plan", "task Order (qx)"]);
    // Projects before tasks on a tie, then shorter names.
    expect(names(await search(mark, "q"))).toEqual(["project Qx plan", "task qx", "task Order (qx)"]);
    // From 3 characters, inside words too.
    expect(names(await search(mark, "qx)"))).toEqual(["task Order (qx)"]);
    expect(names(await search(mark, "aqx"))).toEqual(["task Aqx inside"]);
    expect(names(await search(mark, "qx i"))).toEqual(["task Aqx inside"]);
  });
});

describe("GET /api/search: limits and literal text", () => {
  it("answers at most 20, the best of them", async () => {
    const me = await loginAs(testApp);
    const project = await createProjectFor(testApp, me.user, { name: "Bulk" });
    await testApp.database.db.insert(tasks).values(
      Array.from({ length: 30 }, (_, index) => ({
        projectId: project.id,
        name: `Crate ${String(index).padStart(2, "0")}${"!".repeat(index % 3)}`,
      })),
    );
    const results = await search(me, "crate");
    expect(results).toHaveLength(20);
    // Shorter names first (no "!"), then by id.
    expect(results.slice(0, 10).map((result) => result.name)).toEqual(
      ["00", "03", "06", "09", "12", "15", "18", "21", "24", "27"].map((number) => `Crate ${number}`),
    );
  });

  it("answers the best of the first candidates when more names match than it ranks", async () => {
    const me = await loginAs(testApp);
    const project = await createProjectFor(testApp, me.user, { name: "Many" });
    await testApp.database.db.insert(tasks).values(
      Array.from({ length: CANDIDATES_MAX + 50 }, (_, index) => ({
        projectId: project.id,
        name: `Sprocket ${index}`,
      })),
    );
    const results = await search(me, "sp");
    expect(results).toHaveLength(20);
    expect(results[0].name).toBe("Sprocket 0");
  });

  it("takes %, _ and \\ literally", async () => {
    const me = await loginAs(testApp);
    const project = await createProjectFor(testApp, me.user, { name: "Wildcards" });
    for (const name of [
      "Grow 100% yield",
      "Grow 1000 yield",
      "snake_case name",
      "snakeXcase name",
      "a\\b path",
      "ab path",
    ])
      await createTaskIn(testApp, project, { name });
    expect(names(await search(me, "100%"))).toEqual(["task Grow 100% yield"]);
    expect(names(await search(me, "00%"))).toEqual(["task Grow 100% yield"]);
    expect(names(await search(me, "e_c"))).toEqual(["task snake_case name"]);
    expect(names(await search(me, "a\\b"))).toEqual(["task a\\b path"]);
    expect(names(await search(me, "%"))).toEqual([]);
    expect(names(await search(me, "(.*"))).toEqual([]);
  });

  it("answers nothing for an empty text, spaces included", async () => {
    const me = await loginAs(testApp);
    await createProjectFor(testApp, me.user, { name: "Anything" });
    expect(await search(me, "")).toEqual([]);
    expect(await search(me, "   ")).toEqual([]);
  });

  it("refuses a text over the limit, a missing one, an unstorable character and unknown parameters", async () => {
    const me = await loginAs(testApp);
    const tooLong = await me.inject({ method: "GET", url: searchUrl("a".repeat(SEARCH_QUERY_MAX + 1)) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ message: `q must be ${SEARCH_QUERY_MAX} characters or less.` });
    expect(
      (await me.inject({ method: "GET", url: searchUrl("a".repeat(SEARCH_QUERY_MAX)) })).statusCode,
    ).toBe(200);

    const missing = await me.inject({ method: "GET", url: "/api/search" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: "q is required." });

    const nul = await me.inject({ method: "GET", url: "/api/search?q=a%00b" });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toMatch(/NUL/);

    const unknown = await me.inject({ method: "GET", url: "/api/search?q=a&limit=5" });
    expect(unknown.statusCode).toBe(400);
  });
});

describe("GET /api/search: any text", () => {
  // Texts built from the characters LIKE and regular expressions treat specially, among letters:
  // every one answers 200, and every result holds the text, taken literally.
  const SPECIAL = [..."%_\\^$.|?*+()[]{}-'\" /#&:;<=>@~", "a", "b", "A", "é", "ß", "😀"];
  it("answers every text with names that hold it, literally", async () => {
    const me = await loginAs(testApp);
    const project = await createProjectFor(testApp, me.user, { name: "a(b)*" });
    const taskNames = ["a%b_c", "[a]{b}", "x.*y", "a\\b|c", "^ab$", "(a) b", "a-b/c", "A+b?", "ß é 😀 ab"];
    for (const name of taskNames) await createTaskIn(testApp, project, { name });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...SPECIAL), { minLength: 1, maxLength: 6 }).map((parts) => parts.join("")),
        async (q) => {
          const response = await me.inject({ method: "GET", url: searchUrl(q) });
          expect(response.statusCode, `${JSON.stringify(q)}: ${response.body.slice(0, 200)}`).toBe(200);
          const text = q.trim().toLowerCase();
          for (const result of response.json().results as SearchResult[])
            expect(result.name.toLowerCase(), JSON.stringify(q)).toContain(text);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("GET /api/search: statements", () => {
  it("runs two statements whatever the text and however many projects and tasks match", async () => {
    const me = await loginAs(testApp);
    const other = await loginAs(testApp);
    for (let index = 0; index < 3; index++) {
      const own = await createProjectFor(testApp, me.user, { name: `Harbor ${index}` });
      const shared = await createProjectFor(testApp, other.user, { name: `Harbor shared ${index}` });
      await shareProject(testApp, shared, me.user, "editor");
      for (const project of [own, shared])
        await createTaskIn(testApp, project, { name: `Harbor wall ${index}` });
    }
    await search(me, "warm-up"); // the session, read once and then cached
    for (const text of ["harbor", "ha", "h", "arbo", "nothing like it"]) {
      statements = [];
      counting = true;
      await search(me, text).finally(() => {
        counting = false;
      });
      expect(statements, `${text}: ${statements.join("\n")}`).toHaveLength(2);
    }
    // No project, no second statement; an empty text, none at all.
    const newcomer = await loginAs(testApp);
    await search(newcomer, "warm-up");
    for (const [text, expected] of [
      ["harbor", 1],
      ["  ", 0],
    ] as const) {
      statements = [];
      counting = true;
      await search(newcomer, text).finally(() => {
        counting = false;
      });
      expect(statements, text).toHaveLength(expected);
    }
  });

  it("leaves the tasks unchanged", async () => {
    const me = await loginAs(testApp);
    const project = await createProjectFor(testApp, me.user, { name: "Untouched" });
    const task = await createTaskIn(testApp, project, { name: "Untouched task" });
    await search(me, "untouched");
    const [after] = await testApp.database.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(after).toEqual(task);
  });
});
