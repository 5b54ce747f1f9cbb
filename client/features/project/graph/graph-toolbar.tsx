import { TASK_FILTER_LABELS, TASK_FILTERS, type TaskFilter } from "@core/tasks/task-filters";
import { type LucideIcon, MousePointer2, Network, Route, Spline, SquarePlus, Trash2 } from "lucide-react";
import { memo, useId } from "react";
import { FullPageToggle } from "@/components/full-page-panel";
import { IconButton } from "@/components/icon-button";
import { Button, type ButtonProps } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { cn } from "@/lib/utils";
import type { GraphMode } from "./graph-canvas";
import { selectionCounter } from "./graph-texts";

const MODES: { mode: GraphMode; label: string; icon: LucideIcon }[] = [
  { mode: "select", label: "Select and move", icon: MousePointer2 },
  { mode: "node", label: "Add node", icon: SquarePlus },
  { mode: "connect", label: "Add connection", icon: Spline },
];

type GraphToolbarProps = {
  /** Hidden on a public link only; members without rights use them and are refused. */
  showTools: boolean;
  mode: GraphMode;
  onModeChange: (mode: GraphMode) => void;
  selectedTasks: number;
  selectedConnections: number;
  onDeleteSelected: () => void;
  onAutoLayout: () => void;
  layoutPending: boolean;
  filter: TaskFilter;
  onFilterChange: (filter: TaskFilter) => void;
  showCriticalPath: boolean;
  onToggleCriticalPath: () => void;
  fullPage: boolean;
  onToggleFullPage: () => void;
};

/**
 * The tools (modes, delete selected with its counter, auto-layout), hidden on a public link; a
 * member without edit rights who uses one gets a 'Permission denied' toast. Then what anyone may
 * change about the view: the critical path, the Show filter, Full Page.
 */
export const GraphToolbar = memo(function GraphToolbar(props: GraphToolbarProps) {
  const { showTools, mode, onModeChange, filter, onFilterChange, fullPage, onToggleFullPage } = props;
  const filterId = useId();
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b p-2 sm:p-3">
      {showTools && (
        <div role="toolbar" aria-label="Graph tools" className="flex flex-wrap items-center gap-x-2 gap-y-2">
          <div role="group" aria-label="Mode" className="inline-flex rounded-md border bg-muted/60 p-0.5">
            {MODES.map(({ mode: value, label, icon: Icon }) => (
              <IconButton
                key={value}
                label={label}
                size="icon-sm"
                aria-pressed={mode === value}
                className={cn(mode === value && "bg-background text-primary shadow-xs hover:bg-background")}
                onClick={() => onModeChange(value)}
              >
                <Icon aria-hidden />
              </IconButton>
            ))}
          </div>
          <IconButton
            label="Delete selected"
            variant="outline"
            size="icon-sm"
            onClick={props.onDeleteSelected}
          >
            <Trash2 aria-hidden />
          </IconButton>
          <LabelledButton
            label="Auto-layout"
            tooltip="Place the tasks left to right by dependency level"
            icon={Network}
            disabled={props.layoutPending}
            onClick={props.onAutoLayout}
          />
          <span aria-live="polite" className="text-sm whitespace-nowrap text-muted-foreground tabular-nums">
            {selectionCounter(props.selectedTasks, props.selectedConnections)}
          </span>
        </div>
      )}
      <div className="ml-auto flex items-center gap-2">
        <LabelledButton
          label="Critical path"
          tooltip="Highlight the longest chain of dependent work"
          icon={Route}
          aria-pressed={props.showCriticalPath}
          className={cn(
            props.showCriticalPath &&
              "border-critical bg-warning-tint text-warning-tint-foreground hover:bg-warning-tint/70",
          )}
          onClick={props.onToggleCriticalPath}
        />
        <div className="flex items-center gap-2 text-sm">
          <label htmlFor={filterId} className="text-muted-foreground">
            Show
          </label>
          <NativeSelect
            id={filterId}
            value={filter}
            onChange={(event) => onFilterChange(event.target.value as TaskFilter)}
            className="w-36"
          >
            {TASK_FILTERS.map((value) => (
              <option key={value} value={value}>
                {TASK_FILTER_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <FullPageToggle fullPage={fullPage} onToggle={onToggleFullPage} />
      </div>
    </div>
  );
});

type LabelledButtonProps = Omit<ButtonProps, "children"> & {
  label: string;
  tooltip: string;
  icon: LucideIcon;
};

/** A button with an icon and its label; below 1280 px the label hides and the tooltip remains. */
function LabelledButton({ label, tooltip, icon: Icon, className, ...props }: LabelledButtonProps) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="outline" size="sm" className={cn("max-xl:w-8 max-xl:px-0", className)} {...props}>
          <Icon aria-hidden />
          <span className="max-xl:sr-only">{label}</span>
        </Button>
      </TooltipTrigger>
      <TooltipContent side="bottom">{tooltip}</TooltipContent>
    </Tooltip>
  );
}
