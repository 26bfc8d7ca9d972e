/**
 * A request to another thread before it is given the id its answer is paired by: each kind of request
 * (a union's member) keeps its own fields, and kinds that are never answered (no `id`) are left out.
 */
export type Unnumbered<Request> = Request extends { id: number } ? Omit<Request, 'id'> : never;
