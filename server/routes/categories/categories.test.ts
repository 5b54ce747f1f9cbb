import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { categories, type Project, tasks } from "../../db/schema";
import { createCategoryIn, createProjectFor, createSharedProject, createTaskIn } from "../../test/factories";
import { sendJson as send, setupClients, setupTestApp } from "../../test/test-app";

const testApp = setupTestApp();
const [owner, editor, viewer, outsider] = setupClients(testApp, 4);
let project: Project;
beforeAll(async () => {
  project = await createSharedProject(testApp, owner.user, { editor: editor.user, viewer: viewer.user });
});

const storedCategories = () =>
  testApp.database.db.select().from(categories).where(eq(categories.projectId, project.id));

describe("POST /api/projects/{id}/categories", () => {
  it("creates a category for an editor, colour in upper case", async () => {
    const response = await send(editor, "POST", `/api/projects/${project.id}/categories`, {
      name: " Research ",
      color: "#ff8c33",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(Number), name: "Research", color: "#FF8C33" });
    const [stored] = await testApp.database.db
      .select()
      .from(categories)
      .where(eq(categories.id, response.json().id));
    expect(stored).toMatchObject({ projectId: project.id, name: "Research", color: "#FF8C33" });
  });

  it.each([
    [{ color: "#FF5733" }, "Category name is required"],
    [{ name: "  ", color: "#FF5733" }, "Category name is required"],
    [{ name: "x".repeat(51), color: "#FF5733" }, "Category name must be 50 characters or less"],
    [{ name: "Design" }, "Please enter a valid hex color code"],
    [{ name: "Design", color: "red" }, "Please enter a valid hex color code"],
    [{ name: "Design", color: "#12345G" }, "Please enter a valid hex color code"],
  ])("refuses %j with 400: %s", async (payload, message) => {
    const before = await storedCategories();
    const response = await send(owner, "POST", `/api/projects/${project.id}/categories`, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await storedCategories()).toHaveLength(before.length);
  });

  it("refuses a second category of the same name, whatever its case, with 409", async () => {
    await send(owner, "POST", `/api/projects/${project.id}/categories`, {
      name: "Backend",
      color: "#3357FF",
    });
    const again = await send(owner, "POST", `/api/projects/${project.id}/categories`, {
      name: "BACKEND",
      color: "#FF33F1",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'A category named "BACKEND" already exists in this project.',
      code: "category_name_taken",
    });
  });

  it("refuses viewers with 403 and outsiders with 404", async () => {
    const payload = { name: "Nope", color: "#FF5733" };
    const byViewer = await send(viewer, "POST", `/api/projects/${project.id}/categories`, payload);
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json().message).toBe("You don't have permission to edit this project.");
    const byOutsider = await send(outsider, "POST", `/api/projects/${project.id}/categories`, payload);
    expect(byOutsider.statusCode).toBe(404);
    expect((await storedCategories()).map((category) => category.name)).not.toContain("Nope");
  });
});

describe("GET /api/projects/{id}/categories", () => {
  it("lists the project's categories by name for every member, and 404 for outsiders", async () => {
    const other = await createProjectFor(testApp, owner.user);
    await createCategoryIn(testApp, other, "Elsewhere");
    await createCategoryIn(testApp, project, "alpha", "#33FF57");

    const response = await viewer.inject({ method: "GET", url: `/api/projects/${project.id}/categories` });
    expect(response.statusCode).toBe(200);
    const names = response.json().map((category: { name: string }) => category.name);
    expect(names).not.toContain("Elsewhere");
    expect(names).toEqual(
      [...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    expect(response.json().find((category: { name: string }) => category.name === "alpha")).toEqual({
      id: expect.any(Number),
      name: "alpha",
      color: "#33FF57",
    });
    const hidden = await outsider.inject({ method: "GET", url: `/api/projects/${project.id}/categories` });
    expect(hidden.statusCode).toBe(404);
  });
});

describe("PUT /api/categories/{id}", () => {
  it("updates name and colour for editors", async () => {
    const category = await createCategoryIn(testApp, project, "Old name", "#FF5733");
    const response = await send(editor, "PUT", `/api/categories/${category.id}`, {
      name: "New name",
      color: "#8c33ff",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: category.id, name: "New name", color: "#8C33FF" });
  });

  it("refuses viewers with 403, outsiders and unknown ids with the same 404", async () => {
    const category = await createCategoryIn(testApp, project, "Guarded", "#FF5733");
    const payload = { name: "Changed", color: "#FF5733" };
    expect((await send(viewer, "PUT", `/api/categories/${category.id}`, payload)).statusCode).toBe(403);
    const hidden = await send(outsider, "PUT", `/api/categories/${category.id}`, payload);
    const unknown = await send(owner, "PUT", "/api/categories/2147483000", payload);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(unknown.json());
    const [stored] = await testApp.database.db
      .select()
      .from(categories)
      .where(eq(categories.id, category.id));
    expect(stored.name).toBe("Guarded");
  });

  it("validates like creation", async () => {
    const category = await createCategoryIn(testApp, project, "Valid", "#FF5733");
    const response = await send(owner, "PUT", `/api/categories/${category.id}`, {
      name: "Valid",
      color: "#FFF",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Please enter a valid hex color code");
  });
});

describe("DELETE /api/categories/{id}", () => {
  it("deletes the category and leaves its tasks uncategorised", async () => {
    const category = await createCategoryIn(testApp, project, "Short-lived", "#FF5733");
    const task = await createTaskIn(testApp, project, { categoryId: category.id });

    expect(
      (await viewer.inject({ method: "DELETE", url: `/api/categories/${category.id}` })).statusCode,
    ).toBe(403);
    expect(
      (await outsider.inject({ method: "DELETE", url: `/api/categories/${category.id}` })).statusCode,
    ).toBe(404);

    const response = await editor.inject({ method: "DELETE", url: `/api/categories/${category.id}` });
    expect(response.statusCode).toBe(204);
    expect(await testApp.database.db.select().from(categories).where(eq(categories.id, category.id))).toEqual(
      [],
    );
    const [stored] = await testApp.database.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(stored.categoryId).toBeNull();
    expect(
      (await editor.inject({ method: "DELETE", url: `/api/categories/${category.id}` })).statusCode,
    ).toBe(404);
  });
});
