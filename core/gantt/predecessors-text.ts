// A task's predecessors as MS Project types them in its Predecessors column (docs/spec/gantt-columns.md):
// "3FS+2d;5SS;7FF-1d". Each part is a task's ID (its row number in the plan's full outline order,
// 1-based, as MS Project numbers its rows), then the link's type, then its lag in working days.
// FS is the default, and is left out when there is no lag. Lags are whole working days, as the
// scheduler takes them (core/schemas/scheduling.ts): percent and other units are refused.
import { cycleClosedBy } from "../graph/cycles";
import { DEPENDENCY_TYPES, type DependencyType } from "../scheduling/engine";
import { LAG_LIMIT } from "../schemas/scheduling";

/** One incoming link: the prerequisite (by its task id), the type and the lag in working days. */
export type PredecessorLink = { sourceTaskId: number; type: DependencyType; lag: number };

/** A dependency as the plan holds it. */
type PlanDependency = {
  id: number;
  sourceTaskId: number;
  targetTaskId: number;
  type?: DependencyType;
  lag?: number;
};

/** Each task's ID (its 1-based row in `order`), and the task of each ID. */
export type TaskNumbering = {
  numberOf: ReadonlyMap<number, number>;
  taskAt: (number: number) => number | undefined;
};

/**
 * The IDs of the plan's tasks: their rows in the full outline order, from 1.
 * @example taskNumbering([40, 12, 7]).numberOf.get(12) // 2
 */
export function taskNumbering(order: readonly number[]): TaskNumbering {
  const numberOf = new Map(order.map((taskId, index) => [taskId, index + 1]));
  return { numberOf, taskAt: (number) => order[number - 1] };
}

/**
 * One link as MS Project writes it, the prerequisite named by its ID.
 * @example linkText(3, { type: "FS", lag: 2 }) // "3FS+2d"
 * @example linkText(5, { type: "FS", lag: 0 }) // "5"
 */
export function linkText(number: number, link: { type?: DependencyType; lag?: number }): string {
  const type = link.type ?? "FS";
  const lag = link.lag ?? 0;
  if (lag === 0) return type === "FS" ? `${number}` : `${number}${type}`;
  return `${number}${type}${lag > 0 ? "+" : "-"}${Math.abs(lag)}d`;
}

/**
 * A task's incoming links as text, by their prerequisites' IDs, separated by ";".
 * @example predecessorsText([{ sourceTaskId: 9, type: "SS", lag: 0 }, { sourceTaskId: 4, type: "FS", lag: 2 }], numbering)
 * // "3FS+2d;5SS" (when task 4 is ID 3 and task 9 is ID 5)
 */
export function predecessorsText(
  links: readonly { sourceTaskId: number; type?: DependencyType; lag?: number }[],
  numberOf: ReadonlyMap<number, number>,
): string {
  return links
    .flatMap((link) => {
      const number = numberOf.get(link.sourceTaskId);
      return number === undefined ? [] : [{ number, text: linkText(number, link) }];
    })
    .sort((a, b) => a.number - b.number)
    .map((part) => part.text)
    .join(";");
}

/**
 * Every task's predecessors text, made once for the whole plan (tasks without links are absent).
 * @example predecessorsTextMap([{ id: 1, sourceTaskId: 4, targetTaskId: 9, type: "FS", lag: 0 }], numbering).get(9) // "1"
 */
export function predecessorsTextMap(
  dependencies: readonly PlanDependency[],
  numberOf: ReadonlyMap<number, number>,
): Map<number, string> {
  const incoming = new Map<number, PlanDependency[]>();
  for (const dependency of dependencies) {
    const list = incoming.get(dependency.targetTaskId);
    if (list) list.push(dependency);
    else incoming.set(dependency.targetTaskId, [dependency]);
  }
  const texts = new Map<number, string>();
  for (const [taskId, links] of incoming) texts.set(taskId, predecessorsText(links, numberOf));
  return texts;
}

export type PredecessorsParse = { ok: true; links: PredecessorLink[] } | { ok: false; message: string };

export const PREDECESSOR_MESSAGES = {
  notALink: (part: string) =>
    `“${part}” is not a link: write a task ID followed by FS, SS, FF or SF, e.g. 5SS+2d.`,
  percentLag: (part: string) =>
    `“${part}”: lags in percent are not supported; write the lag in working days, e.g. 5FS+2d.`,
  lagUnit: (part: string) => `“${part}”: a lag is a whole number of working days, e.g. 5FS+2d.`,
  lagRange: (part: string) => `“${part}”: a lag must be from -${LAG_LIMIT} to ${LAG_LIMIT} working days.`,
  unknownTask: (number: number) => `There is no task with ID ${number}.`,
  self: (number: number) => `Task ${number} cannot be its own predecessor.`,
  duplicate: (number: number) => `Task ${number} is listed twice; a task can be a predecessor only once.`,
} as const;

// "5", "5SS", "5FS+2d", "5 FF - 1 days", "5+2" (FS); case and spaces do not matter.
const LINK = /^(\d+)\s*(FS|SS|FF|SF)?\s*(?:([+-])\s*(\d+)\s*(d|days?)?)?$/i;
// A lag with another unit: "5FS+2w", "5SS+50%", "5FF+3ed".
const OTHER_UNIT = /^\d+\s*(?:FS|SS|FF|SF)?\s*[+-]\s*\d+(?:\.\d+)?\s*(%|[a-z]+)$/i;

/**
 * Reads predecessors text into links, or the first problem, naming the part at fault. Parts are
 * separated by ";" (or ","); empty text means no predecessors. `taskId` is the task whose
 * predecessors these are; `taskAt` finds the task of an ID.
 * @example parsePredecessors("1FS+2d;3", { taskId: 5, taskAt }) // { ok: true, links: [{ sourceTaskId: …, type: "FS", lag: 2 }, …] }
 * @example parsePredecessors("5XX", { taskId: 5, taskAt }).message // "“5XX” is not a link: …"
 */
export function parsePredecessors(
  text: string,
  { taskId, taskAt }: { taskId: number; taskAt: (number: number) => number | undefined },
): PredecessorsParse {
  const links: PredecessorLink[] = [];
  const seen = new Set<number>();
  for (const raw of text.split(/[;,]/)) {
    const part = raw.trim();
    if (part === "") continue;
    const match = LINK.exec(part);
    if (!match) {
      const unit = OTHER_UNIT.exec(part);
      if (unit) {
        const message = unit[1] === "%" ? PREDECESSOR_MESSAGES.percentLag : PREDECESSOR_MESSAGES.lagUnit;
        return { ok: false, message: message(part) };
      }
      return { ok: false, message: PREDECESSOR_MESSAGES.notALink(part) };
    }
    const [, digits, typeText, sign, lagDigits] = match;
    const number = Number(digits);
    const type = (typeText?.toUpperCase() ?? "FS") as DependencyType;
    const lag = lagDigits === undefined ? 0 : (sign === "-" ? -1 : 1) * Number(lagDigits);
    if (!DEPENDENCY_TYPES.includes(type)) return { ok: false, message: PREDECESSOR_MESSAGES.notALink(part) };
    if (Math.abs(lag) > LAG_LIMIT) return { ok: false, message: PREDECESSOR_MESSAGES.lagRange(part) };
    const sourceTaskId = taskAt(number);
    if (sourceTaskId === undefined) return { ok: false, message: PREDECESSOR_MESSAGES.unknownTask(number) };
    if (sourceTaskId === taskId) return { ok: false, message: PREDECESSOR_MESSAGES.self(number) };
    if (seen.has(sourceTaskId)) return { ok: false, message: PREDECESSOR_MESSAGES.duplicate(number) };
    seen.add(sourceTaskId);
    // -0 (a lag of "-0d") is no lag.
    links.push({ sourceTaskId, type, lag: lag === 0 ? 0 : lag });
  }
  return { ok: true, links };
}

/** What applying a task's new predecessors asks of the dependencies: removals first, then changes, then new links. */
export type PredecessorChanges = {
  remove: PlanDependency[];
  update: { dependency: PlanDependency; changes: { type?: DependencyType; lag?: number } }[];
  create: PredecessorLink[];
};

/**
 * The dependency writes that turn a task's incoming links into `links`: a prerequisite kept keeps
 * its dependency (changed if its type or lag differs), one left out is removed, a new one is made.
 * @example predecessorChanges(4, [{ id: 1, sourceTaskId: 2, targetTaskId: 4, type: "FS", lag: 0 }], [{ sourceTaskId: 2, type: "SS", lag: 0 }])
 * // { remove: [], update: [{ dependency: …, changes: { type: "SS" } }], create: [] }
 */
export function predecessorChanges(
  taskId: number,
  dependencies: readonly PlanDependency[],
  links: readonly PredecessorLink[],
): PredecessorChanges {
  const incoming = new Map(
    dependencies
      .filter((dependency) => dependency.targetTaskId === taskId)
      .map((dependency) => [dependency.sourceTaskId, dependency]),
  );
  const wanted = new Set(links.map((link) => link.sourceTaskId));
  const changes: PredecessorChanges = {
    remove: [...incoming.values()].filter((dependency) => !wanted.has(dependency.sourceTaskId)),
    update: [],
    create: [],
  };
  for (const link of links) {
    const dependency = incoming.get(link.sourceTaskId);
    if (!dependency) {
      changes.create.push(link);
      continue;
    }
    const update: { type?: DependencyType; lag?: number } = {};
    if ((dependency.type ?? "FS") !== link.type) update.type = link.type;
    if ((dependency.lag ?? 0) !== link.lag) update.lag = link.lag;
    if (update.type !== undefined || update.lag !== undefined)
      changes.update.push({ dependency, changes: update });
  }
  return changes;
}

/** Whether the changes change nothing. */
export const noPredecessorChange = (changes: PredecessorChanges) =>
  changes.remove.length === 0 && changes.update.length === 0 && changes.create.length === 0;

/**
 * The server's refusal of a new link that would close a cycle, said before anything is sent: the
 * task's other links are as `links` says, the rest of the plan as it is; null when none would.
 * @example predecessorCycle([1, 2], [{ id: 1, sourceTaskId: 2, targetTaskId: 1 }], 2, [{ sourceTaskId: 1, type: "FS", lag: 0 }], nameOf)
 * // 'This dependency would create a cycle: "A" → "B" → "A".'
 */
export function predecessorCycle(
  taskIds: Iterable<number>,
  dependencies: readonly PlanDependency[],
  taskId: number,
  links: readonly PredecessorLink[],
  nameOf: (taskId: number) => string | undefined,
): string | null {
  // Every new link ends at the task, so a cycle through one runs through the rest of the plan only.
  const others = dependencies.filter((dependency) => dependency.targetTaskId !== taskId);
  const ids = [...taskIds];
  for (const link of links) {
    const cycle = cycleClosedBy(ids, others, link.sourceTaskId, taskId);
    if (cycle) {
      const path = cycle.map((id) => `"${nameOf(id) ?? `Task ${id}`}"`).join(" → ");
      return `This dependency would create a cycle: ${path}.`;
    }
  }
  return null;
}
