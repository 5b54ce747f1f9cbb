// A table's wire shape, derived from its Drizzle columns: the serialiser of a row and the SQL select
// list that reads rows straight into that shape. Neither names a field, so a column added to the
// table reaches the API with no other change here (docs/architecture.md, "How to add a task field").
import type { Serialized } from "@core/schemas/wire";
import { getTableColumns, type SQL, sql, type Table } from "drizzle-orm";

type Row<T extends Table> = T["$inferSelect"];

export type WireShape<T extends Table, Omitted extends keyof Row<T>> = {
  /** A row as the API answers it: the same keys in table order, dates as ISO strings. */
  serialize(row: Row<T>): Serialized<Omit<Row<T>, Omitted>>;
  /**
   * The select list that reads rows of `alias` as serialize writes them: the same keys in the same
   * order, timestamps formatted by the database as Date.prototype.toISOString does (UTC,
   * milliseconds, "Z"), so no row becomes a Date and back (docs/performance.md, "Server and domain").
   */
  selectList(alias: string): SQL;
};

const isoText = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The wire shape of `table`: every column but the `omitted` ones (kept for the server alone).
 * @example wireShape(dependencies, ["createdAt"]).serialize(row) // { id, projectId, sourceTaskId, targetTaskId }
 */
export function wireShape<T extends Table, Omitted extends keyof Row<T> & string = never>(
  table: T,
  omitted: readonly Omitted[] = [],
): WireShape<T, Omitted> {
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => !omitted.includes(key as Omitted));
  const keys = columns.map(([key]) => key);
  const selectLists = new Map<string, SQL>();
  return {
    serialize(row) {
      const dto: Record<string, unknown> = {};
      for (const key of keys) {
        const value = (row as Record<string, unknown>)[key];
        dto[key] = value instanceof Date ? value.toISOString() : value;
      }
      return dto as Serialized<Omit<Row<T>, Omitted>>;
    },
    selectList(alias) {
      let list = selectLists.get(alias);
      if (!list) {
        const parts = columns.map(([key, column]) => {
          const reference = `${alias}."${column.name}"`;
          return `${column.dataType === "date" ? isoText(reference) : reference} as "${key}"`;
        });
        // Built from the schema's own names, never from input: safe as raw SQL.
        list = sql.raw(parts.join(", "));
        selectLists.set(alias, list);
      }
      return list;
    },
  };
}
