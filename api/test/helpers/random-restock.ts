/**
 * A random restock of `shelf` (names in order) for the carried-across tests of the catalog's shelves: each
 * name stays with probability 0.85, in order, and new ones (`newName()`) arrive anywhere. Answers the
 * positions `restock` would (an old position, or `-1 - k` for `incoming[k]`) and the names after it.
 */
export function randomRestock(shelf: readonly string[], random: () => number, newName: () => string) {
  const positions: number[] = [];
  const incoming: { folded: string }[] = [];
  const next: string[] = [];
  for (let i = 0; i <= shelf.length; i++) {
    while (random() < 0.1) {
      const name = newName();
      positions.push(-1 - incoming.length);
      incoming.push({ folded: name });
      next.push(name);
    }
    if (i < shelf.length && random() < 0.85) {
      positions.push(i);
      next.push(shelf[i]!);
    }
  }
  return { positions, incoming, next };
}
