import { Columns3 } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { GRID_COLUMN_TITLES, GRID_COLUMNS, type GridColumn } from "./gantt-grid-columns";

/** The Gantt toolbar's Columns menu: a box to tick for each grid column beside the task names. */
export function GanttColumnPicker({
  columns,
  onToggle,
}: {
  columns: readonly GridColumn[];
  onToggle: (column: GridColumn) => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm">
          <Columns3 aria-hidden />
          Columns
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-52">
        <DropdownMenuLabel>Show columns</DropdownMenuLabel>
        {GRID_COLUMNS.map((column) => (
          <DropdownMenuCheckboxItem
            key={column}
            checked={columns.includes(column)}
            // The menu stays open to tick another.
            onSelect={(event) => event.preventDefault()}
            onCheckedChange={() => onToggle(column)}
          >
            {GRID_COLUMN_TITLES[column]}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
