import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkBoundaries, resolveImport, violationsIn } from "./check-boundaries";

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

  it("keeps components and lib below the features", () => {
    expect(violationsIn("client/lib/x.ts", 'import { P } from "@/features/project/p";')).toHaveLength(1);
    expect(violationsIn("client/app/router.tsx", 'import { P } from "@/features/project/p";')).toEqual([]);
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
