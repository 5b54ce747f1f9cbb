// A command menu in shadcn/ui's manner, over cmdk: an input that moves through a list of options
// with the arrow keys (the focus stays in the input; the option is its active descendant), groups
// with headings, and key hints. CommandDialog puts it in the app's Dialog, so it traps the focus,
// closes on Escape and gives the focus back to where it was.
import { Command as CommandPrimitive } from "cmdk";
import { Search } from "lucide-react";
import type * as React from "react";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { cn } from "@/lib/utils";

export function Command({ className, ...props }: React.ComponentProps<typeof CommandPrimitive>) {
  return (
    <CommandPrimitive
      data-slot="command"
      // Ctrl+J/K/N/P move the selection by default; Ctrl+K is the palette's own key here.
      vimBindings={false}
      className={cn(
        "flex h-full w-full flex-col overflow-hidden rounded-md bg-popover text-popover-foreground",
        className,
      )}
      {...props}
    />
  );
}

type CommandDialogProps = React.ComponentProps<typeof Dialog> & {
  /** The dialog's name, read by screen readers (not shown). */
  title: string;
  /** What the dialog is for, read after its name (not shown). */
  description: string;
  className?: string;
  /** Called once the dialog has closed and the focus is back where it was. */
  onCloseAutoFocus?: (event: Event) => void;
  children: React.ReactNode;
};

/**
 * A command menu in a dialog near the top of the screen. `children` are a Command (its input and
 * list): the Command's own props (filtering, the selected value) stay with the caller.
 */
export function CommandDialog({
  title,
  description,
  className,
  onCloseAutoFocus,
  children,
  ...props
}: CommandDialogProps) {
  return (
    <Dialog {...props}>
      <DialogContent
        showCloseButton={false}
        onCloseAutoFocus={onCloseAutoFocus}
        className={cn(
          // Near the top, so the input stays put as the list grows and shrinks under it.
          "top-[max(1rem,12vh)] max-h-[calc(100dvh-max(2rem,14vh))] translate-y-0 gap-0 overflow-hidden p-0 sm:max-w-xl",
          className,
        )}
      >
        <DialogTitle className="sr-only">{title}</DialogTitle>
        <DialogDescription className="sr-only">{description}</DialogDescription>
        {children}
      </DialogContent>
    </Dialog>
  );
}

export function CommandInput({ className, ...props }: React.ComponentProps<typeof CommandPrimitive.Input>) {
  return (
    <div data-slot="command-input-wrapper" className="flex h-12 shrink-0 items-center gap-2 border-b px-3">
      <Search aria-hidden className="size-4 shrink-0 text-muted-foreground" />
      <CommandPrimitive.Input
        data-slot="command-input"
        className={cn(
          "flex h-12 w-full rounded-md bg-transparent py-3 text-sm outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50",
          className,
        )}
        {...props}
      />
    </div>
  );
}

export function CommandList({ className, ...props }: React.ComponentProps<typeof CommandPrimitive.List>) {
  return (
    <CommandPrimitive.List
      data-slot="command-list"
      className={cn("max-h-[min(24rem,60dvh)] scroll-py-1 overflow-x-hidden overflow-y-auto", className)}
      {...props}
    />
  );
}

export function CommandGroup({ className, ...props }: React.ComponentProps<typeof CommandPrimitive.Group>) {
  return (
    <CommandPrimitive.Group
      data-slot="command-group"
      className={cn(
        "overflow-hidden p-1 text-foreground",
        "[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground",
        className,
      )}
      {...props}
    />
  );
}

export function CommandSeparator({
  className,
  ...props
}: React.ComponentProps<typeof CommandPrimitive.Separator>) {
  return (
    <CommandPrimitive.Separator
      data-slot="command-separator"
      className={cn("-mx-1 h-px bg-border", className)}
      {...props}
    />
  );
}

export function CommandItem({ className, ...props }: React.ComponentProps<typeof CommandPrimitive.Item>) {
  return (
    <CommandPrimitive.Item
      data-slot="command-item"
      className={cn(
        "relative flex min-h-9 cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none select-none",
        "data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground",
        "data-[disabled=true]:pointer-events-none data-[disabled=true]:text-muted-foreground",
        "[&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0 [&_svg:not([class*='text-'])]:text-muted-foreground",
        className,
      )}
      {...props}
    />
  );
}

/**
 * The keys that run an item, one <kbd> per key pressed in turn ("G", then "L"); hidden from screen
 * readers, which are told them once by the item's `aria-keyshortcuts`.
 */
export function CommandShortcut({ keys, className }: { keys: readonly string[]; className?: string }) {
  return (
    <span aria-hidden className={cn("ml-auto flex shrink-0 items-center gap-1", className)}>
      {keys.map((key, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same key may be pressed twice in turn.
        <Kbd key={index}>{key}</Kbd>
      ))}
    </span>
  );
}

/** One key as the keyboard shows it. */
export function Kbd({ className, ...props }: React.ComponentProps<"kbd">) {
  return (
    <kbd
      className={cn(
        "inline-flex h-5 min-w-5 items-center justify-center rounded border bg-muted px-1 font-sans text-[11px] font-medium text-muted-foreground",
        className,
      )}
      {...props}
    />
  );
}
