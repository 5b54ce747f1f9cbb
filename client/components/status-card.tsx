import type * as React from "react";
import { Card, CardContent } from "@/components/ui/card";
import { cn } from "@/lib/utils";

type StatusCardProps = {
  /** The icon beside the title, sized and coloured by the caller. */
  icon: React.ReactNode;
  /** The page's heading (an h1): what went wrong, or what is missing. */
  title: string;
  /** Where the card is centred: the classes of the area around it. */
  className?: string;
  titleClassName?: string;
  /** What to say and what to do next (a link home, Try again). */
  children?: React.ReactNode;
};

/** A page that shows only its state (not found, no access, failed to load) in a centred card. */
export function StatusCard({ icon, title, className, titleClassName, children }: StatusCardProps) {
  return (
    <div className={cn("flex items-center justify-center", className)}>
      <Card className="w-full max-w-md">
        <CardContent className="space-y-4 pt-6">
          <div className="flex items-center gap-2">
            {icon}
            <h1 className={cn("text-xl font-semibold", titleClassName)}>{title}</h1>
          </div>
          {children}
        </CardContent>
      </Card>
    </div>
  );
}
