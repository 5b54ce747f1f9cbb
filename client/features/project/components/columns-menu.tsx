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

type ColumnChoice<Column extends string> = {
  options: readonly Column[];
  chosen: readonly Column[];
  titles: Record<Column, string>;
  onToggle: (column: Column) => void;
};

/** A box to tick for each of `options`, ticked when `chosen` has it; the menu stays open to tick another. */
export function ColumnCheckboxes<Column extends string>({
  options,
  chosen,
  titles,
  onToggle,
}: ColumnChoice<Column>) {
  return options.map((column) => (
    <DropdownMenuCheckboxItem
      key={column}
      checked={chosen.includes(column)}
      onSelect={(event) => event.preventDefault()}
      onCheckedChange={() => onToggle(column)}
    >
      {titles[column]}
    </DropdownMenuCheckboxItem>
  ));
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
}: ColumnChoice<Column> & {
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
        <ColumnCheckboxes options={options} chosen={chosen} titles={titles} onToggle={onToggle} />
        {children}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
