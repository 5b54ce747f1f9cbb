import type * as React from "react";
import { cn } from "@/lib/utils";

/**
 * A section of the landing page, reached by its anchor (`#id`): the eyebrow, title and lead every
 * section opens with, then its content.
 */
export function LandingSection({
  id,
  eyebrow,
  title,
  lead,
  className,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  lead: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={titleId} className={cn("scroll-mt-14", className)}>
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <div className="mx-auto mb-10 max-w-2xl text-center sm:mb-12">
          <p className="text-sm font-semibold text-primary">{eyebrow}</p>
          <h2 id={titleId} className="mt-2 text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
            {title}
          </h2>
          <p className="mt-3 text-pretty text-muted-foreground">{lead}</p>
        </div>
        {children}
      </div>
    </section>
  );
}

/** A card's icon on its accent tile. */
export function IconTile({ icon: Icon, className }: { icon: React.ElementType; className?: string }) {
  return (
    <div
      className={cn(
        "flex size-9 items-center justify-center rounded-lg bg-accent text-accent-foreground",
        className,
      )}
    >
      <Icon className="size-5" aria-hidden />
    </div>
  );
}
