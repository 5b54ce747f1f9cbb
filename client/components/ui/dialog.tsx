import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type * as React from "react";
import { useRef } from "react";
import { cn } from "@/lib/utils";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogPortal = DialogPrimitive.Portal;
export const DialogClose = DialogPrimitive.Close;

export function DialogOverlay({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      data-slot="dialog-overlay"
      className={cn(
        "fixed inset-0 z-50 bg-overlay data-[state=closed]:animate-out data-[state=open]:animate-in",
        className,
      )}
      {...props}
    />
  );
}

type AutoFocusHandlers = Pick<
  React.ComponentProps<typeof DialogPrimitive.Content>,
  "onOpenAutoFocus" | "onCloseAutoFocus"
>;

/**
 * Gives the focus back to the control that opened the dialog. Radix returns it only to a
 * DialogTrigger, and most dialogs here are opened from state by a plain button, so without this a
 * keyboard user lands on the page's body after Escape. When the opener is gone (a menu item), Radix's
 * own behaviour stays.
 */
export function useReturnFocusToOpener({ onOpenAutoFocus, onCloseAutoFocus }: AutoFocusHandlers) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented || !opener.current?.isConnected) return;
      event.preventDefault();
      opener.current.focus();
    },
  } satisfies AutoFocusHandlers;
}

/** The centred panel shared by Dialog and AlertDialog. */
export const dialogPanelClassName = cn(
  "fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4",
  // Taller than the screen (a long name, a phone held sideways), a dialog scrolls inside itself,
  // so its buttons stay in reach.
  "max-h-[calc(100dvh-2rem)] overflow-y-auto",
  "rounded-lg border bg-background p-6 shadow-lg outline-none",
  "data-[state=closed]:animate-out data-[state=open]:animate-in",
);

export function DialogContent({
  className,
  children,
  showCloseButton = true,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & { showCloseButton?: boolean }) {
  const focusHandlers = useReturnFocusToOpener({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(dialogPanelClassName, className)}
        {...focusHandlers}
        {...props}
      >
        {children}
        {showCloseButton && (
          <DialogPrimitive.Close
            aria-label="Close"
            className="absolute top-4 right-4 rounded-sm opacity-70 transition-opacity hover:opacity-100 focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none [&_svg]:size-4"
          >
            <X aria-hidden />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function DialogHeader({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="dialog-header"
      className={cn("flex flex-col gap-2 text-center sm:text-left", className)}
      {...props}
    />
  );
}

export function DialogFooter({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      data-slot="dialog-title"
      className={cn("text-lg font-semibold leading-none", className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      data-slot="dialog-description"
      className={cn("text-sm text-muted-foreground", className)}
      {...props}
    />
  );
}

type DialogShellProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: React.ReactNode;
  description: React.ReactNode;
  descriptionClassName?: string;
  /** The panel's classes (its width: "sm:max-w-md"). */
  className?: string;
  /** Given, the title, the body and the footer are one form (the browser's validation off). */
  onSubmit?: React.FormEventHandler<HTMLFormElement>;
  /** The buttons under the body. */
  footer: React.ReactNode;
  footerClassName?: string;
  children?: React.ReactNode;
};

/**
 * The frame most dialogs share: a title and description, the body, then a footer of buttons,
 * inside a form when `onSubmit` is given.
 */
export function DialogShell({
  open,
  onOpenChange,
  title,
  description,
  descriptionClassName,
  className,
  onSubmit,
  footer,
  footerClassName,
  children,
}: DialogShellProps) {
  const content = (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription className={descriptionClassName}>{description}</DialogDescription>
      </DialogHeader>
      {children}
      <DialogFooter className={footerClassName}>{footer}</DialogFooter>
    </>
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>
        {onSubmit ? (
          <form onSubmit={onSubmit} className="grid gap-4" noValidate>
            {content}
          </form>
        ) : (
          content
        )}
      </DialogContent>
    </Dialog>
  );
}
