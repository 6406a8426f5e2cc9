/** Rows of a raw `execute`: node-postgres and PGlite both answer `{ rows }`, some drivers a plain array. */
export const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : (((result as { rows?: T[] } | null)?.rows ?? []) as T[]);
