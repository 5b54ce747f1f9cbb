import type * as React from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";

type IconButtonProps = Omit<ButtonProps, "aria-label" | "children"> & {
  /** The accessible name, also shown as the tooltip. */
  label: string;
  /** Shown in the tooltip instead of `label` when given (a keyboard hint, say). */
  tooltip?: React.ReactNode;
  tooltipSide?: "top" | "right" | "bottom" | "left";
  children: React.ReactNode;
};

/** A button showing only an icon, with an accessible name and a tooltip, as every icon button has. */
export function IconButton({
  label,
  tooltip,
  tooltipSide = "bottom",
  variant = "ghost",
  size = "icon",
  children,
  ...props
}: IconButtonProps) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button aria-label={label} variant={variant} size={size} {...props}>
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent side={tooltipSide}>{tooltip ?? label}</TooltipContent>
    </Tooltip>
  );
}
