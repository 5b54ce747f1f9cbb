// Orders the browser test files as vitest would, but puts the message catalogue check last: it reads
// what every other file recorded.
import { BaseSequencer, type TestSpecification } from "vitest/node";

export class RunLastSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isLast = (file: TestSpecification) => file.moduleId.endsWith("text-catalogue.e2e.ts");
    return [...sorted.filter((file) => !isLast(file)), ...sorted.filter(isLast)];
  }
}
