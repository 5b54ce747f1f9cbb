// Seeding for the browser tests: accounts, projects, tasks, categories and links made through the
// API with a browser context's session (so the context is signed in as their owner), and shares
// written straight into the database.
import type { BrowserContext } from "playwright-core";
import type { ShareRole } from "../core/access/permissions";
import { projectShares } from "../server/db/schema";
import type { RunningApp } from "./fixtures";

export type Account = ReturnType<typeof newAccount>;

let accounts = 0;
export function newAccount() {
  accounts += 1;
  const tag = `${Date.now().toString(36)}${accounts}`;
  return {
    email: `e2e.${tag}@example.com`,
    username: `e2e_${tag}`,
    firstName: "Erin",
    lastName: "Tester",
    password: "a long enough password",
  };
}

/** Signs up through the API inside the browser context, so the context holds the session cookie. */
export async function signUpViaApi(context: BrowserContext, account = newAccount()) {
  const response = await context.request.post("/api/signup", { data: account });
  if (response.status() !== 201)
    throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  return account;
}

/** Creates a project through the API with the context's session; answers the project (id, slug, ...). */
export async function createProjectViaApi(context: BrowserContext, name: string, description = "") {
  const response = await context.request.post("/api/projects", { data: { name, description } });
  if (response.status() !== 201)
    throw new Error(`project creation failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { id: number; name: string; slug: string; userId: number };
}

/**
 * Shares a project straight in the database (the sharing routes come with their own issue); access
 * matches the invited email, with or without an account behind it yet.
 */
export async function shareProjectInDb(app: RunningApp, projectId: number, email: string, role: ShareRole) {
  await app.database.db.insert(projectShares).values({ projectId, email, role });
}

export type SeededTask = { id: number; name: string; projectId: number };

/** Creates a task through the API; `fields` are the body's other fields (description, dates, ...). */
export async function createTaskViaApi(
  context: BrowserContext,
  projectId: number,
  name: string,
  fields: Record<string, unknown> = {},
): Promise<SeededTask> {
  const response = await context.request.post(`/api/projects/${projectId}/tasks`, {
    data: { name, ...fields },
  });
  if (response.status() !== 201)
    throw new Error(`task creation failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as SeededTask;
}

/** Makes `prerequisite` a prerequisite of `dependent` through the API. */
export async function createDependencyViaApi(
  context: BrowserContext,
  prerequisite: { id: number },
  dependent: { id: number },
) {
  const response = await context.request.post("/api/dependencies", {
    data: { sourceTaskId: prerequisite.id, targetTaskId: dependent.id },
  });
  if (response.status() !== 201)
    throw new Error(`dependency creation failed: ${response.status()} ${await response.text()}`);
}

/** Creates a category of the project through the API; answers it (id, name, color). */
export async function createCategoryViaApi(
  context: BrowserContext,
  projectId: number,
  name = "Design",
  color = "#3357FF",
) {
  const response = await context.request.post(`/api/projects/${projectId}/categories`, {
    data: { name, color },
  });
  if (response.status() !== 201)
    throw new Error(`category creation failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { id: number; name: string; color: string };
}

/**
 * Signs a new account up in the context, creates a project named `projectName` and in it `tasks`
 * (each a name and the body's other fields) in order, each waiting for the one before.
 */
export async function seedTaskChain(
  context: BrowserContext,
  projectName: string,
  tasks: [name: string, fields?: Record<string, unknown>][],
) {
  await signUpViaApi(context);
  const project = await createProjectViaApi(context, projectName);
  const chain: SeededTask[] = [];
  for (const [name, fields] of tasks) chain.push(await createTaskViaApi(context, project.id, name, fields));
  for (let index = 1; index < chain.length; index++)
    await createDependencyViaApi(context, chain[index - 1], chain[index]);
  return { project, tasks: chain };
}
