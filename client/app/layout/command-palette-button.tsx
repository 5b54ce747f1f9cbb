import { Search } from "lucide-react";
import { Kbd } from "@/components/ui/command";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { useCommandPalette } from "./command-palette";
import { paletteAriaKeys, paletteKeys } from "./command-palette-keys";

/**
 * The header's way into the palette for the pointer: a search field's look with the key beside it
 * (Ctrl K, ⌘ K on Apple platforms); on a phone, the magnifier alone.
 */
export function CommandPaletteButton() {
  const { open, apple } = useCommandPalette();
  const keys = paletteKeys(apple);
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button
          type="button"
          onClick={open}
          aria-haspopup="dialog"
          aria-keyshortcuts={paletteAriaKeys(apple)}
          className="flex size-9 shrink-0 items-center justify-center gap-2 rounded-md text-sm text-muted-foreground outline-none transition-colors hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring sm:h-9 sm:w-56 sm:justify-start sm:border sm:border-input sm:bg-background sm:px-3 sm:shadow-xs lg:w-72 [&_svg]:size-4 [&_svg]:shrink-0"
        >
          <Search aria-hidden />
          <span className="sr-only sm:not-sr-only">Search…</span>
          <span aria-hidden className="ml-auto hidden items-center gap-1 sm:flex">
            {keys.map((key) => (
              <Kbd key={key}>{key}</Kbd>
            ))}
          </span>
        </button>
      </TooltipTrigger>
      <TooltipContent side="bottom">Search projects, tasks and commands ({keys.join(" ")})</TooltipContent>
    </Tooltip>
  );
}
