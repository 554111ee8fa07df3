/**
 * Whether `target` can be reached from `from` by following at least one edge
 * of a graph of schema references (a name to the names it points to). With
 * `target === from`, whether a schema refers to itself, directly or through
 * others: such a schema cannot be inlined and keeps its definition.
 */
export function reaches(from: string, target: string, edges: Map<string, Set<string>>): boolean {
  const seen = new Set<string>();
  const stack = [...(edges.get(from) ?? [])];
  for (let name = stack.pop(); name !== undefined; name = stack.pop()) {
    if (name === target) return true;
    if (seen.has(name)) continue;
    seen.add(name);
    stack.push(...(edges.get(name) ?? []));
  }
  return false;
}
