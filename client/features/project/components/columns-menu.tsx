import { Columns3 } from "lucide-react";
import type * as React from "react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";

/** A column's box to tick in a Columns menu; the menu stays open to tick another. */
export function ColumnCheckboxItem({
  checked,
  onToggle,
  children,
}: {
  checked: boolean;
  onToggle: () => void;
  children: React.ReactNode;
}) {
  return (
    <DropdownMenuCheckboxItem
      checked={checked}
      onSelect={(event) => event.preventDefault()}
      onCheckedChange={onToggle}
    >
      {children}
    </DropdownMenuCheckboxItem>
  );
}

/**
 * A view toolbar's Columns menu (the list's and the Gantt's): under "Show columns", a box to tick
 * for each of `options`, ticked when `chosen` has it, titled by `titles`; `children` follow them.
 */
export function ColumnsMenu<Column extends string>({
  options,
  chosen,
  titles,
  onToggle,
  className,
  children,
}: {
  options: readonly Column[];
  chosen: readonly Column[];
  titles: Record<Column, string>;
  onToggle: (column: Column) => void;
  /** The Columns button's classes. */
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" className={className}>
          <Columns3 aria-hidden />
          Columns
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-52">
        <DropdownMenuLabel>Show columns</DropdownMenuLabel>
        {options.map((column) => (
          <ColumnCheckboxItem
            key={column}
            checked={chosen.includes(column)}
            onToggle={() => onToggle(column)}
          >
            {titles[column]}
          </ColumnCheckboxItem>
        ))}
        {children}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
