/**
 * The argument a header binding (`x-mcp-header`) mirrors: the value at `path`
 * in the call's arguments, own properties only; `undefined` when any step is
 * missing or not an object. The header check and the test kit's client read
 * the same value, so a client built on the kit sends what the check expects.
 */
export function headerBindingValue(root: unknown, path: string[]): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
