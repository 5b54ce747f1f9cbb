// A task's progress in My Tasks: a small button saying how far along it is, whose menu sets it in
// quarters (docs/spec/tracking.md). 100 % completes the task, as ticking it does.
import type { TaskDto } from "@core/schemas/projects";
import { ChevronDown } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";

/** The steps the menu offers; the dialog takes any whole percent. */
export const PROGRESS_STEPS = [0, 25, 50, 75, 100] as const;

/**
 * The button's name: the percent it shows. The task it belongs to is its description (the row's
 * name): a name holding the task's too would be found wherever the task's own button is looked for.
 */
export const progressButtonLabel = (percent: number) => `Progress: ${percent} %`;

type MyTaskProgressProps = {
  task: TaskDto;
  /** The id of the element naming the task, which describes the button. */
  describedBy?: string;
  canEdit: boolean;
  /** Sets the task's percent complete (100 completes it). */
  onSetProgress: (task: TaskDto, percent: number) => void | Promise<void>;
};

/** "40 %", opening 0, 25, 50, 75 and 100 % to choose from; shown, not changed, without edit rights. */
export function MyTaskProgress({ task, describedBy, canEdit, onSetProgress }: MyTaskProgressProps) {
  const percent = task.completed ? 100 : task.percentComplete;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild disabled={!canEdit}>
        <Button
          variant="outline"
          size="sm"
          className="h-7 shrink-0 gap-1 px-2 text-xs tabular-nums"
          aria-label={progressButtonLabel(percent)}
          aria-describedby={describedBy}
          title="Set progress"
        >
          {percent} %
          <ChevronDown aria-hidden className="size-3" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="text-xs font-medium text-muted-foreground">
          % complete
        </DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={String(percent)}
          onValueChange={(value) => {
            if (Number(value) !== percent) void onSetProgress(task, Number(value));
          }}
        >
          {PROGRESS_STEPS.map((step) => (
            <DropdownMenuRadioItem key={step} value={String(step)}>
              {step} %
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
