// The command palette's frame (docs/spec/keyboard-and-palette.md): Ctrl+K (Cmd+K on Apple
// platforms) opens it from any signed-in page and closes it again, as the header's Search button
// opens it. Closed, it is a key listener and nothing more; the search and the list exist only
// while it is open, and opening it reads nothing of the project on screen.
import type * as React from "react";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { isDialogOpen } from "@/features/project/components/undo-keys";
import { OPEN_PALETTE_EVENT } from "@/lib/commands/open-palette";
import { CommandPaletteDialog } from "./command-palette-dialog";
import { isPaletteKey, onApplePlatform } from "./command-palette-keys";

type CommandPaletteControls = {
  /** Opens the palette (the focus comes back where it was when it closes). */
  open: () => void;
  /** Whether the platform's command key is Cmd, for the key hints. */
  apple: boolean;
};

const CommandPaletteContext = createContext<CommandPaletteControls | null>(null);

/**
 * Holds the palette for the signed-in pages under it and listens for its key. The key does nothing
 * while another dialog is open: that dialog has the keyboard until it is closed.
 */
export function CommandPaletteProvider({ children }: { children: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  const openNow = useRef(open);
  openNow.current = open;
  const apple = useMemo(onApplePlatform, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || !isPaletteKey(event, apple)) return;
      if (openNow.current) {
        event.preventDefault();
        setOpen(false);
        return;
      }
      if (isDialogOpen(document)) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [apple]);

  const openPalette = useCallback(() => setOpen(true), []);
  // Code that cannot reach this context (the project page's "/" with no search box) asks by event.
  useEffect(() => {
    window.addEventListener(OPEN_PALETTE_EVENT, openPalette);
    return () => window.removeEventListener(OPEN_PALETTE_EVENT, openPalette);
  }, [openPalette]);
  const controls = useMemo(() => ({ open: openPalette, apple }), [openPalette, apple]);

  return (
    <CommandPaletteContext.Provider value={controls}>
      {children}
      <CommandPaletteDialog open={open} onOpenChange={setOpen} />
    </CommandPaletteContext.Provider>
  );
}

/** Opens the palette from a control of the signed-in layout. */
export function useCommandPalette(): CommandPaletteControls {
  const controls = useContext(CommandPaletteContext);
  if (!controls) throw new Error("useCommandPalette needs a CommandPaletteProvider");
  return controls;
}
