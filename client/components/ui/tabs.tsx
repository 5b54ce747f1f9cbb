// Tabs in the WAI-ARIA pattern (no Radix tabs package here): one tab stop, arrow keys, Home and End
// move between tabs and select them; each panel is labelled by its tab.
import type * as React from "react";
import { useRef } from "react";
import { cn } from "@/lib/utils";

export type TabItem<V extends string> = { value: V; label: React.ReactNode };

type TabListProps<V extends string> = {
  tabs: readonly TabItem<V>[];
  value: V;
  onValueChange: (value: V) => void;
  /** Shared by the tab and panel ids so each panel can name its tab. */
  idPrefix: string;
  label: string;
  className?: string;
};

export const tabId = (idPrefix: string, value: string) => `${idPrefix}-tab-${value}`;
export const tabPanelId = (idPrefix: string, value: string) => `${idPrefix}-panel-${value}`;

export function TabList<V extends string>({
  tabs,
  value,
  onValueChange,
  idPrefix,
  label,
  className,
}: TabListProps<V>) {
  const listRef = useRef<HTMLDivElement>(null);

  function onKeyDown(event: React.KeyboardEvent) {
    const index = tabs.findIndex((tab) => tab.value === value);
    const last = tabs.length - 1;
    const next =
      event.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const target = tabs[next];
    if (!target) return;
    onValueChange(target.value);
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(idPrefix, target.value))}`)?.focus();
  }

  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={cn(
        "inline-flex h-9 max-w-full items-center gap-1 overflow-x-auto rounded-lg bg-muted p-1 text-muted-foreground",
        className,
      )}
    >
      {tabs.map((tab) => {
        const selected = tab.value === value;
        return (
          <button
            key={tab.value}
            type="button"
            role="tab"
            id={tabId(idPrefix, tab.value)}
            aria-selected={selected}
            aria-controls={tabPanelId(idPrefix, tab.value)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onValueChange(tab.value)}
            className={cn(
              "inline-flex h-7 items-center rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors outline-none",
              "hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring",
              selected && "bg-background text-foreground shadow-xs",
            )}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

export function TabPanel({
  idPrefix,
  value,
  className,
  ...props
}: React.ComponentProps<"div"> & { idPrefix: string; value: string }) {
  return (
    <div
      role="tabpanel"
      id={tabPanelId(idPrefix, value)}
      aria-labelledby={tabId(idPrefix, value)}
      className={cn("outline-none", className)}
      {...props}
    />
  );
}
