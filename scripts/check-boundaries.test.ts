import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkBoundaries, importCycles, resolveImport, violationsIn } from "./check-boundaries";

describe("resolveImport", () => {
  it("resolves the aliases and relative paths to repo paths, and leaves packages alone", () => {
    expect(resolveImport("client/features/a/x.ts", "@core/graph/phases")).toBe("core/graph/phases");
    expect(resolveImport("client/features/a/x.ts", "@/features/b/y")).toBe("client/features/b/y");
    expect(resolveImport("client/features/a/sub/x.ts", "../../b/y")).toBe("client/features/b/y");
    expect(resolveImport("client/features/a/x.ts", "react")).toBeNull();
    expect(resolveImport("client/features/a/x.ts", "@tanstack/react-query")).toBeNull();
  });
});

describe("violationsIn", () => {
  it("refuses a feature importing another, by alias, relative path or dynamic import", () => {
    const source = [
      'import { A } from "@/features/projects/a";',
      'import type { B } from "../../projects/b";',
      'const C = import("@/features/landing/c");',
      'import { D } from "@/features/my-tasks/d";',
      'import { E } from "@/components/ui/button";',
    ].join("\n");
    const violations = violationsIn("client/features/my-tasks/components/row.tsx", source);
    expect(violations.map((violation) => [violation.line, violation.specifier])).toEqual([
      [1, "@/features/projects/a"],
      [2, "../../projects/b"],
      [3, "@/features/landing/c"],
    ]);
    expect(violations[0].rule).toMatch(/features do not import each other \(my-tasks imports projects\)/);
  });

  it("refuses core importing client or server, and client importing server", () => {
    expect(violationsIn("core/graph/x.ts", 'import { db } from "../../server/db/client";')).toHaveLength(1);
    expect(violationsIn("core/graph/x.ts", 'import { cn } from "@/lib/utils";')).toHaveLength(1);
    expect(violationsIn("core/graph/x.ts", 'import { z } from "zod";\nimport "./y";')).toEqual([]);
    expect(violationsIn("client/lib/x.ts", 'export { tasks } from "../../server/db/schema";')).toHaveLength(
      1,
    );
    expect(violationsIn("server/app.ts", 'import { phases } from "@core/graph/phases";')).toEqual([]);
  });

  it("keeps the project page's views from importing each other, not from their own files", () => {
    const gantt = "client/features/project/gantt/gantt-view.tsx";
    expect(violationsIn(gantt, 'import { L } from "../list/task-list-row";')[0].rule).toMatch(
      /views do not import each other \(gantt imports list\)/,
    );
    expect(violationsIn(gantt, 'import { G } from "./gantt-chart";')).toEqual([]);
    expect(violationsIn(gantt, 'import { C } from "@/features/project/components/x";')).toEqual([]);
    expect(
      violationsIn("client/features/project/project-page.tsx", 'import { G } from "./gantt/gantt-view";'),
    ).toEqual([]);
  });

  it("lets only app.ts import a route; a route's own files may import each other", () => {
    const route = 'import { x } from "../routes/tasks/task-rules";';
    expect(violationsIn("server/activity/undo.ts", route)[0].rule).toMatch(/only server\/app.ts imports/);
    expect(violationsIn("server/app.ts", 'import taskRoutes from "./routes/tasks/index";')).toEqual([]);
    expect(violationsIn("server/routes/tasks/tasks.test.ts", 'import { y } from "./index";')).toEqual([]);
    expect(
      violationsIn("server/routes/calendar-feed/index.ts", 'import { m } from "../my-tasks/index";'),
    ).toHaveLength(1);
  });

  it("keeps server/db below the domain folders, and client/lib below client/components", () => {
    expect(
      violationsIn("server/db/x.ts", 'import { s } from "../scheduling/scheduled-content";')[0].rule,
    ).toMatch(/server\/db imports only/);
    expect(violationsIn("server/db/x.ts", 'import { e } from "../lib/errors";\nimport "../config";')).toEqual(
      [],
    );
    expect(violationsIn("server/db/x.test.ts", 'import { t } from "../test/test-app";')).toEqual([]);
    expect(violationsIn("server/db/x.ts", 'import { t } from "../test/test-app";')).toHaveLength(1);
    expect(violationsIn("client/lib/x.ts", 'import { B } from "@/components/ui/button";')[0].rule).toMatch(
      /client\/lib does not import client\/components/,
    );
    expect(violationsIn("client/components/x.tsx", 'import { t } from "@/lib/use-toast";')).toEqual([]);
  });

  it("keeps components and lib below the features", () => {
    expect(violationsIn("client/lib/x.ts", 'import { P } from "@/features/project/p";')).toHaveLength(1);
    expect(violationsIn("client/app/router.tsx", 'import { P } from "@/features/project/p";')).toEqual([]);
  });

  it("keeps the entities between the features and the generic code", () => {
    const task = "client/entities/task/components/task-dialog.tsx";
    expect(violationsIn(task, 'import { P } from "@/features/project/p";')[0].rule).toMatch(
      /client\/entities, client\/components and client\/lib import neither features nor app/,
    );
    expect(violationsIn(task, 'import { L } from "../../../app/layout/x";')).toHaveLength(1);
    expect(
      violationsIn("client/lib/x.ts", 'import { u } from "@/entities/task/api/update-task";')[0].rule,
    ).toMatch(/do not import client\/entities/);
    expect(
      violationsIn("client/components/x.tsx", 'import { D } from "../entities/task/components/d";'),
    ).toHaveLength(1);
    // Upward from generic code is refused; downward from an entity, and from a feature, is fine.
    expect(violationsIn(task, 'import { B } from "@/components/ui/button";\nimport "@/lib/utils";')).toEqual(
      [],
    );
    expect(violationsIn(task, 'import { S } from "@/entities/schedule/components/s";')).toEqual([]);
    expect(
      violationsIn("client/features/project/x.tsx", 'import { T } from "@/entities/task/api/t";'),
    ).toEqual([]);
  });
});

describe("checkBoundaries", () => {
  const root = mkdtempSync(path.join(tmpdir(), "boundaries-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("finds a crossing in a tree of files and passes this repository", () => {
    for (const dir of ["core", "server", "client/features/a", "client/features/b"]) {
      mkdirSync(path.join(root, dir), { recursive: true });
    }
    writeFileSync(path.join(root, "client/features/a/x.tsx"), 'import { y } from "../b/y";\n');
    writeFileSync(path.join(root, "client/features/b/y.ts"), "export const y = 1;\n");
    expect(checkBoundaries(root).map((violation) => violation.file)).toEqual(["client/features/a/x.tsx"]);
    expect(checkBoundaries(path.resolve(import.meta.dirname, ".."))).toEqual([]);
  });
});

describe("importCycles", () => {
  it("names each circle of files once, round two files or through several, type imports included", () => {
    const sources = new Map([
      ["server/auth/a.ts", 'import { b } from "./b";'],
      ["server/auth/b.ts", 'import type { A } from "./a";'],
      ["client/lib/x.ts", 'import { y } from "@/lib/y";'],
      ["client/lib/y.ts", 'import { z } from "./z";'],
      ["client/lib/z.ts", 'import { x } from "./x";'],
      ["client/lib/alone.ts", 'import { x } from "./x";\nimport "react";'],
    ]);
    expect(importCycles(sources).map((violation) => violation.rule)).toEqual([
      expect.stringContaining("server/auth/a.ts <-> server/auth/b.ts"),
      expect.stringContaining("client/lib/x.ts <-> client/lib/y.ts <-> client/lib/z.ts"),
    ]);
    expect(
      importCycles(
        new Map([
          ["core/a.ts", 'import "./b";'],
          ["core/b.ts", "export {};"],
        ]),
      ),
    ).toEqual([]);
  });
});
