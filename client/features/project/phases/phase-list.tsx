import { type Phase, phaseLabel } from "@core/graph/phases";
import type { TaskDto } from "@core/schemas/projects";
import {
  useVirtualizer,
  useWindowVirtualizer,
  type VirtualItem,
  type Virtualizer,
  type VirtualizerOptions,
} from "@tanstack/react-virtual";
import type * as React from "react";
import { type ReactNode, type RefObject, useMemo, useRef } from "react";
import { PROJECT_TASKS_ID } from "@/lib/skip-links";
import {
  ESTIMATED_HEADER,
  ESTIMATED_ROW,
  PHASE_GAP,
  type PhaseItems,
  type PhaseSpacing,
  phaseItems,
  phaseSpacing,
  spaceAround,
} from "./phase-items";
import { type ScrollParent, useCardColumns, useScrollMargin, useScrollParent } from "./use-list-placement";

type PhaseListProps = {
  phases: Phase<TaskDto>[];
  /** A task's card (PhaseCard). */
  card: (task: TaskDto) => ReactNode;
};

/** Items drawn beyond the view on either side: a few rows, so Tab always finds the next card drawn. */
const OVERSCAN = 4;

/**
 * The phases and their cards, drawn only where the page is scrolled to (docs/performance.md): one
 * virtualiser over the phases' headers and rows of cards, on whatever scrolls the page. Each drawn
 * phase is its list item, as tall as all its cards, holding its header and the rows in view, so
 * the phases stay a list of lists; every card says its place in its phase (aria-posinset) and
 * every phase its task count.
 */
export function PhaseList(props: PhaseListProps) {
  const anchor = useRef<HTMLDivElement>(null);
  const parent = useScrollParent(anchor);
  return (
    <div ref={anchor}>
      {parent?.kind === "element" ? (
        <PhaseListInElement {...props} parent={parent} />
      ) : parent?.kind === "window" ? (
        <PhaseListInWindow {...props} parent={parent} />
      ) : null}
    </div>
  );
}

type Layout = PhaseItems & { columns: number; spacing: PhaseSpacing };

function usePhaseLayout(phases: Phase<TaskDto>[]): Layout {
  const { columns, wide } = useCardColumns();
  return useMemo(
    () => ({
      ...phaseItems(
        phases.map((phase) => phase.tasks.length),
        columns,
      ),
      columns,
      spacing: phaseSpacing(wide),
    }),
    [phases, columns, wide],
  );
}

/**
 * The options both virtualisers share: sizes, keys, measures and the list's own padding. Made once
 * per change of the phases or columns: a new getItemKey makes the virtualiser place every item again.
 */
function useVirtualOptions<TScroll extends Element | Window>(
  phases: Phase<TaskDto>[],
  layout: Layout,
): Pick<
  VirtualizerOptions<TScroll, HTMLElement>,
  "count" | "estimateSize" | "getItemKey" | "measureElement" | "overscan" | "paddingStart" | "paddingEnd"
> {
  return useMemo(() => {
    const { items, columns, spacing } = layout;
    const around = (index: number) => {
      const item = items[index];
      return item ? spaceAround(item, item.phaseAt === phases.length - 1, spacing) : 0;
    };
    const estimateSize = (index: number) =>
      (items[index]?.kind === "header" ? ESTIMATED_HEADER : ESTIMATED_ROW) + around(index);
    return {
      count: items.length,
      estimateSize,
      getItemKey: (index: number) => {
        const item = items[index];
        const phase = phases[item.phaseAt].phase;
        return item.kind === "header" ? `phase-${phase}` : `phase-${phase}-${columns}-${item.first}`;
      },
      measureElement: (
        element: HTMLElement,
        entry: ResizeObserverEntry | undefined,
        instance: Virtualizer<TScroll, HTMLElement>,
      ) => {
        const index = instance.indexFromElement(element);
        // Drawn again (scrolled back to): its size is known, and a resize would be observed anyway.
        const known = entry ? undefined : instance.itemSizeCache.get(instance.options.getItemKey(index));
        if (known !== undefined) return known;
        const size = entry?.borderBoxSize?.[0]?.blockSize ?? element.getBoundingClientRect().height;
        // Nothing laid out (a hidden page, a test's DOM) measures 0: the estimate stands.
        return size > 0 ? size + around(index) : estimateSize(index);
      },
      overscan: OVERSCAN,
      paddingStart: spacing.list,
      paddingEnd: spacing.list,
    };
  }, [phases, layout]);
}

function PhaseListInElement(props: PhaseListProps & { parent: Extract<ScrollParent, { kind: "element" }> }) {
  const list = useRef<HTMLOListElement>(null);
  const layout = usePhaseLayout(props.phases);
  const scrollMargin = useScrollMargin(list, props.parent);
  const virtualizer = useVirtualizer<HTMLElement, HTMLElement>({
    getScrollElement: () => props.parent.element,
    ...useVirtualOptions<HTMLElement>(props.phases, layout),
    scrollMargin,
  });
  return <PhaseItemsDrawn {...props} list={list} layout={layout} virtualizer={virtualizer} />;
}

function PhaseListInWindow(props: PhaseListProps & { parent: ScrollParent }) {
  const list = useRef<HTMLOListElement>(null);
  const layout = usePhaseLayout(props.phases);
  const scrollMargin = useScrollMargin(list, props.parent);
  const virtualizer = useWindowVirtualizer<HTMLElement>({
    ...useVirtualOptions<Window>(props.phases, layout),
    scrollMargin,
  });
  return <PhaseItemsDrawn {...props} list={list} layout={layout} virtualizer={virtualizer} />;
}

type DrawnProps = PhaseListProps & {
  list: RefObject<HTMLOListElement | null>;
  layout: Layout;
  virtualizer: Virtualizer<HTMLElement, HTMLElement> | Virtualizer<Window, HTMLElement>;
};

/** The items in view, each phase's in its list item, placed where the virtualiser puts them. */
function PhaseItemsDrawn({ phases, card, list, layout, virtualizer }: DrawnProps) {
  const { items, headerAt, lastAt, columns, spacing } = layout;
  const margin = virtualizer.options.scrollMargin;
  const placed = virtualizer.measurementsCache;
  // The rows in view, by phase (in order: the items in view are).
  const shown = new Map<number, VirtualItem[]>();
  for (const virtual of virtualizer.getVirtualItems()) {
    const item = items[virtual.index];
    if (!item) continue;
    const rows = shown.get(item.phaseAt) ?? [];
    if (item.kind === "row") rows.push(virtual);
    shown.set(item.phaseAt, rows);
  }
  const measure = virtualizer.measureElement;
  return (
    <ol
      ref={list}
      id={PROJECT_TASKS_ID}
      tabIndex={-1}
      className="relative outline-none"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {[...shown].map(([phaseAt, rows]) => {
        const { phase, tasks } = phases[phaseAt];
        const header = placed[headerAt[phaseAt]];
        const last = placed[lastAt[phaseAt]];
        if (!header || !last) return null;
        const lastPhase = phaseAt === phases.length - 1;
        const cardsPadding: React.CSSProperties = {
          padding: spacing.cards,
          // The rows above those in view are left out: their place stays.
          paddingTop: spacing.cards + (rows.length > 0 ? rows[0].start - header.end : 0),
          gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
        };
        return (
          <li
            key={phase}
            aria-labelledby={`phase-${phase}`}
            aria-posinset={phaseAt + 1}
            aria-setsize={phases.length}
            className="absolute rounded-lg border bg-background"
            style={{
              top: header.start - margin,
              height: last.end - header.start - (lastPhase ? 0 : PHASE_GAP),
              left: spacing.list,
              right: spacing.list,
            }}
          >
            <div
              ref={measure}
              data-index={headerAt[phaseAt]}
              className="flex flex-wrap items-baseline gap-x-3 gap-y-1 border-b bg-muted/50 px-3 py-2 sm:px-4"
            >
              <h3 id={`phase-${phase}`} className="font-semibold">
                Phase {phase}
              </h3>
              <span className="text-sm text-muted-foreground">{phaseLabel(phase)}</span>
              <span data-phase-count className="ml-auto text-sm text-muted-foreground tabular-nums">
                {tasks.length} {tasks.length === 1 ? "task" : "tasks"}
              </span>
            </div>
            {rows.length > 0 && (
              <ul className="grid gap-2" style={cardsPadding}>
                {rows.flatMap((row) => {
                  const item = items[row.index];
                  if (item?.kind !== "row") return [];
                  return tasks.slice(item.first, item.first + columns).map((task, column) => (
                    <li
                      key={task.id}
                      // A row's first card measures the row: the grid stretches its cards alike.
                      ref={column === 0 ? measure : undefined}
                      data-index={column === 0 ? row.index : undefined}
                      aria-posinset={item.first + column + 1}
                      aria-setsize={tasks.length}
                    >
                      {card(task)}
                    </li>
                  ));
                })}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
