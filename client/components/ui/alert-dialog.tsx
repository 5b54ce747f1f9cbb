// A confirmation dialog built on Radix Dialog (no separate alert-dialog package): role "alertdialog",
// no close button, and a click outside does not dismiss it; only Cancel, an action or Escape do.
import * as DialogPrimitive from "@radix-ui/react-dialog";
import type * as React from "react";
import { buttonVariants } from "@/components/ui/button";
import {
  DialogOverlay,
  DialogPortal,
  dialogPanelClassName,
  useReturnFocusToOpener,
} from "@/components/ui/dialog";
import { cn } from "@/lib/utils";

export const AlertDialog = DialogPrimitive.Root;
export const AlertDialogTrigger = DialogPrimitive.Trigger;

export function AlertDialogContent({
  className,
  onPointerDownOutside,
  onInteractOutside,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content>) {
  const focusHandlers = useReturnFocusToOpener({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="alert-dialog-content"
        role="alertdialog"
        className={cn(dialogPanelClassName, className)}
        onPointerDownOutside={(event) => {
          onPointerDownOutside?.(event);
          event.preventDefault();
        }}
        onInteractOutside={(event) => {
          onInteractOutside?.(event);
          event.preventDefault();
        }}
        {...focusHandlers}
        {...props}
      />
    </DialogPortal>
  );
}

export function AlertDialogHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-2 text-center sm:text-left", className)} {...props} />;
}

export function AlertDialogFooter({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />
  );
}

export function AlertDialogTitle({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("text-lg font-semibold", className)} {...props} />;
}

export function AlertDialogDescription({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn("text-sm text-muted-foreground", className)} {...props} />
  );
}

/**
 * The confirming button. It does not close the dialog by itself, so a running action can keep it
 * open ("Deleting..."); close it from the action's success handler via `open`/`onOpenChange`.
 */
export function AlertDialogAction({ className, ...props }: React.ComponentProps<"button">) {
  return <button type="button" className={cn(buttonVariants(), className)} {...props} />;
}

export function AlertDialogCancel({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Close>) {
  return (
    <DialogPrimitive.Close
      className={cn(buttonVariants({ variant: "outline" }), "mt-2 sm:mt-0", className)}
      {...props}
    />
  );
}
