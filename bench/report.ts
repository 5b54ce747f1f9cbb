// A benchmark's report: its rows printed as a table and written to test-results/, with the machine
// that ran it; any problem fails the process.
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import path from "node:path";
import { quick } from "./settings";
import { type LatencySummary, round } from "./timing";

/** A row of a benchmark's report: one measurement's figures by column. */
export type Row = Record<string, string | number | boolean | null>;

/**
 * The columns a write benchmark's row starts with: the engine, the plan's size in tasks, the write,
 * and its p50 and p99 in ms.
 */
export const writeColumns = (engine: string, tasks: number, write: string, latency: LatencySummary): Row => ({
  engine,
  tasks,
  write,
  "p50 ms": round(latency.p50),
  "p99 ms": round(latency.tail),
});

/** Prints the rows, writes test-results/{name}.json, and fails the process on any problem. */
export function finishReport(
  name: string,
  rows: Row[],
  problems: string[],
  details: Record<string, unknown>,
) {
  console.log();
  printTable(rows);
  writeReport(name, { machine: machine(), quick, ...details, rows, problems });
  if (problems.length > 0) {
    console.error(`${name.toUpperCase()} FAILED:\n${problems.slice(0, 10).join("\n")}`);
    process.exitCode = 1;
  }
}

export function machine() {
  return {
    cores: cpus().length,
    cpu: cpus()[0]?.model ?? "unknown",
    node: process.version,
    date: new Date().toISOString().slice(0, 10),
  };
}

export function writeReport(name: string, report: unknown) {
  mkdirSync("test-results", { recursive: true });
  const file = path.join("test-results", `${name}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`wrote ${file}`);
}

/** A plain text table of rows of equal keys. */
export function printTable(rows: Row[]) {
  if (rows.length === 0) return;
  const keys = Object.keys(rows[0]);
  const cells = rows.map((row) => keys.map((key) => String(row[key] ?? "")));
  const widths = keys.map((key, column) => Math.max(key.length, ...cells.map((cell) => cell[column].length)));
  const line = (values: string[]) => values.map((value, column) => value.padEnd(widths[column])).join("  ");
  console.log(line(keys));
  console.log(line(widths.map((width) => "-".repeat(width))));
  for (const cell of cells) console.log(line(cell));
}
