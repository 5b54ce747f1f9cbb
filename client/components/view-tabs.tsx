import { Link } from "wouter";
import { cn } from "@/lib/utils";

export type ViewTab = { value: string; label: string; href: string };

/** The switcher between a project's views: links, so each view has its own address. */
export function ViewTabs({
  tabs,
  active,
  label,
  onSelect,
}: {
  tabs: readonly ViewTab[];
  active: string;
  label: string;
  /** Called when the user picks a view (the project page saves it as the preferred view). */
  onSelect?: (value: string) => void;
}) {
  return (
    <nav aria-label={label} className="overflow-x-auto">
      <ul className="inline-flex h-9 items-center gap-1 rounded-lg bg-muted p-1 text-muted-foreground">
        {tabs.map((tab) => {
          const isActive = tab.value === active;
          return (
            <li key={tab.value}>
              <Link
                href={tab.href}
                onClick={onSelect ? () => onSelect(tab.value) : undefined}
                aria-current={isActive ? "page" : undefined}
                className={cn(
                  "inline-flex h-7 items-center rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors outline-none",
                  "hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring",
                  isActive && "bg-background text-foreground shadow-xs",
                )}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
