// Helpers of the accessibility walk: an axe-core scan that keeps the serious and critical findings,
// a wait for finite animations to end, and the seeding of one project that fills every screen.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { screenshot } from "./fixtures";
import { createDependencyViaApi, createProjectViaApi, createTaskViaApi } from "./seeding";

export const WIDTHS = [375, 768, 1440] as const;

/** One finding of the scan, already formatted for a failure message. */
export type Finding = string;

// axe-core's own script, put into a page once (it stays while the app changes route in the page).
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

type AxeViolation = {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
};

/**
 * Runs axe-core on the page as it is now and answers every violation of impact serious or critical,
 * one line per rule with the selectors of the nodes that fail it. axe runs in the page itself (the
 * app has no frames to merge), injected only when the page does not hold it yet, and sends back
 * only the violations: the passes' node lists were most of what crossed to the test.
 */
export async function seriousViolations(page: Page, screen: string): Promise<Finding[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
    };
    return (await axe.run(document, { resultTypes: ["violations"] })).violations;
  });
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => {
      const targets = violation.nodes.map((node) => node.target.join(" ")).join(" | ");
      return `${screen}: [${violation.impact}] ${violation.id} (${violation.help}) at ${targets}`;
    });
}

/**
 * Shows `path` in the page: the first time by loading it, then as the app's own links do (a
 * history entry the router follows), so the app is not started again for every screen.
 */
export async function visit(page: Page, path: string) {
  if (!page.url().startsWith("http")) {
    await page.goto(path);
    return;
  }
  await page.evaluate((next) => window.history.pushState(null, "", next), path);
}

/**
 * Waits until no finite animation runs (a dialog fading in, a menu sliding), so axe measures the
 * colours a person ends up seeing, not a half-transparent frame. Endless ones (a pulse) are ignored.
 */
export async function settle(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== "running" ||
          animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

export type SeededProject = {
  id: number;
  slug: string;
  name: string;
  taskNames: string[];
  shareToken: string;
};

/**
 * A project with a category, tasks in several states (one due soon, one waiting on another), a
 * dependency, an invited member and a public link: every screen has something in it.
 */
export async function seedRichProject(context: BrowserContext, memberEmail: string): Promise<SeededProject> {
  const project = await createProjectViaApi(context, "Harbour Refit", "Paint, rigging and a new engine.");
  const categoryResponse = await context.request.post(`/api/projects/${project.id}/categories`, {
    data: { name: "Hull", color: "#3357FF" },
  });
  if (categoryResponse.status() !== 201)
    throw new Error(
      `category creation failed: ${categoryResponse.status()} ${await categoryResponse.text()}`,
    );
  const category = (await categoryResponse.json()) as { id: number };
  const day = 24 * 60 * 60 * 1000;
  const sand = await createTaskViaApi(context, project.id, "Sand the hull", {
    description: "Down to bare wood on the port side.",
    categoryId: category.id,
    startDate: new Date(Date.now() - 2 * day).toISOString(),
    dueDate: new Date(Date.now() + 12 * 60 * 60 * 1000).toISOString(),
  });
  const paint = await createTaskViaApi(context, project.id, "Paint the hull", {
    description: "Two coats of antifouling.",
    categoryId: category.id,
    startDate: new Date(Date.now() + day).toISOString(),
    dueDate: new Date(Date.now() + 5 * day).toISOString(),
  });
  const rigging = await createTaskViaApi(context, project.id, "Replace the rigging", {
    status: "in-progress",
    description: "Order the stainless wire first.",
  });
  const survey = await createTaskViaApi(context, project.id, "Book the survey", { status: "completed" });
  await createDependencyViaApi(context, sand, paint);

  const invite = await context.request.post(`/api/projects/${project.id}/share`, {
    data: { email: memberEmail, role: "editor" },
  });
  if (invite.status() !== 201) throw new Error(`invite failed: ${invite.status()} ${await invite.text()}`);
  const link = await context.request.post(`/api/projects/${project.id}/generate-share`);
  if (!link.ok()) throw new Error(`public link failed: ${link.status()} ${await link.text()}`);
  const { shareUrl } = (await link.json()) as { shareUrl: string };
  const shareToken = shareUrl.split("/share/")[1];

  return {
    id: project.id,
    slug: project.slug,
    name: project.name,
    taskNames: [sand.name, paint.name, rigging.name, survey.name],
    shareToken,
  };
}

const heading = (page: Page, name: string) => page.getByRole("heading", { name, exact: true });

export type Screen = {
  name: string;
  path: () => string;
  /** What shows that the screen has its content (not its skeleton). */
  ready: (page: Page) => Locator;
  /** Opens a dialog or menu on the screen before it is scanned. */
  open?: (page: Page) => Promise<Locator>;
  /** Seen by a visitor who is not signed in (the landing page redirects signed-in people). */
  signedOut?: boolean;
};

/**
 * Every screen the accessibility walk scans (and the dark theme's walk too), for the project
 * `project()` answers once it is seeded.
 */
export function appScreens(project: () => SeededProject): Screen[] {
  return [
    { name: "my-tasks", path: () => "/my-tasks", ready: (page) => page.getByText("Sand the hull") },
    {
      name: "projects",
      path: () => "/projects",
      ready: (page) => page.getByRole("main").getByText(project().name),
    },
    {
      name: "graph",
      path: () => `/projects/${project().slug}/graph`,
      ready: (page) => page.locator(".react-flow__node").getByText("Paint the hull"),
    },
    {
      name: "list",
      path: () => `/projects/${project().slug}/list`,
      ready: (page) => heading(page, "Tasks (4)"),
    },
    {
      name: "phases",
      path: () => `/projects/${project().slug}/phases`,
      ready: (page) => page.getByText("Can start immediately"),
    },
    {
      name: "gantt",
      path: () => `/projects/${project().slug}/gantt`,
      ready: (page) => page.getByText("Tasks (4)"),
    },
    {
      name: "kanban",
      path: () => `/projects/${project().slug}/kanban`,
      ready: (page) => page.getByText("Replace the rigging"),
    },
    {
      name: "sharing",
      path: () => `/projects/${project().slug}/sharing`,
      ready: (page) => page.getByRole("region", { name: "Public Access" }).getByLabel("Public link"),
    },
    {
      name: "public-graph",
      path: () => `/share/${project().shareToken}`,
      ready: (page) => page.locator(".react-flow__node").getByText("Paint the hull"),
    },
    {
      name: "public-list",
      path: () => `/share/${project().shareToken}/list`,
      ready: (page) => heading(page, "Tasks (4)"),
    },
    { name: "not-found", path: () => "/no-such-page", ready: (page) => heading(page, "404 Page Not Found") },
    {
      name: "task-dialog",
      path: () => `/projects/${project().slug}/list`,
      ready: (page) => heading(page, "Tasks (4)"),
      open: async (page) => {
        await page.getByRole("button", { name: "New Task" }).click();
        return page.getByRole("dialog", { name: "Add New Task" });
      },
    },
    {
      name: "new-project-dialog",
      path: () => "/my-tasks",
      ready: (page) => page.getByText("Sand the hull"),
      open: async (page) => {
        await page.getByRole("main").getByRole("button", { name: "New Project" }).click();
        return page.getByRole("dialog", { name: "New Project" });
      },
    },
    {
      name: "import-dialog",
      path: () => "/projects",
      ready: (page) => page.getByRole("main").getByText(project().name),
      open: async (page) => {
        await page.getByRole("button", { name: "Import", exact: true }).click();
        return page.getByRole("dialog", { name: "Import a Plan" });
      },
    },
    {
      name: "schedule-settings-dialog",
      path: () => `/projects/${project().slug}/list`,
      ready: (page) => heading(page, "Tasks (4)"),
      open: async (page) => {
        await page.getByRole("button", { name: "Project menu" }).click();
        await page.getByRole("menuitem", { name: "Schedule Settings" }).click();
        return page.getByRole("dialog", { name: "Schedule Settings" });
      },
    },
    {
      name: "avatar-menu",
      path: () => "/my-tasks",
      ready: (page) => page.getByText("Sand the hull"),
      open: async (page) => {
        await page.getByRole("button", { name: "Account menu" }).click();
        return page.getByRole("menu");
      },
    },
    {
      name: "notifications-panel",
      path: () => "/my-tasks",
      ready: (page) => page.getByText("Sand the hull"),
      open: async (page) => {
        await page.getByRole("button", { name: /^Notifications/ }).click();
        return page.getByRole("menu");
      },
    },
    {
      name: "settings",
      path: () => "/settings",
      ready: (page) =>
        page.getByRole("region", { name: "API tokens" }).getByRole("button", { name: "Create Token" }),
    },
    {
      name: "add-webhook-dialog",
      path: () => `/projects/${project().slug}/sharing`,
      ready: (page) => page.getByRole("region", { name: "Webhooks" }),
      open: async (page) => {
        await page.getByRole("button", { name: "Add Webhook" }).click();
        return page.getByRole("dialog", { name: "Add Webhook" });
      },
    },
    {
      name: "landing",
      path: () => "/",
      ready: (page) => page.getByRole("button", { name: "Log In" }),
      signedOut: true,
    },
  ];
}

const shown = (locator: Locator) => () => locator.first().isVisible();

/**
 * Shows `screen` in `page` (opening its dialog or menu), screenshots it as
 * `a11y-<name>-<label>` and answers axe's serious and critical findings; what was opened for the
 * scan is closed again before the next screen.
 */
export async function scanScreen(page: Page, screen: Screen, label: string): Promise<Finding[]> {
  await visit(page, screen.path());
  await expect
    .poll(shown(screen.ready(page)), { timeout: 15_000, message: `${screen.name} at ${label}` })
    .toBe(true)
    .catch(async (error) => {
      await screenshot(page, `a11y-failed-${screen.name}-${label}`);
      throw error;
    });
  if (screen.open) {
    const opened = await screen.open(page);
    await expect.poll(shown(opened)).toBe(true);
  }
  await settle(page);
  await screenshot(page, `a11y-${screen.name}-${label}`);
  const findings = await seriousViolations(page, `${screen.name} at ${label}`);
  if (screen.open) {
    await page.keyboard.press("Escape");
    await expect.poll(() => page.locator('[role="dialog"], [role="menu"]').count()).toBe(0);
  }
  return findings;
}
