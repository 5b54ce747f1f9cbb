// How a stored shape becomes its wire shape: the types every *Dto of the API derives from its
// zod fields, so a field is declared once (docs/architecture.md, "How to add a task field").

/** A value as JSON carries it: dates as ISO 8601 strings. */
export type Wire<T> = T extends Date ? string : T;

/** Every property of T with Wire applied. */
export type Serialized<T> = { [K in keyof T]: Wire<T[K]> };

/** One flat object type instead of an intersection: easier to read, and comparable with Equal. */
export type Simplify<T> = { [K in keyof T]: T[K] } & {};

/**
 * True when A and B are the same type, property by property (used to check at compile time that a
 * table and its wire type have the same fields).
 * @example const same: Equal<{ a: 1 }, { a: 1 }> = true;
 */
export type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
