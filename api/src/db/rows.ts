/** The rows of `db.execute`'s answer: postgres.js answers an array of rows, PGlite an object with `rows`. */
export const rowsOf = <Row>(result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : ((result as { rows?: Row[] }).rows ?? []);
