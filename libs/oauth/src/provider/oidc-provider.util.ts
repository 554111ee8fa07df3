import type * as OidcProvider from 'oidc-provider';

/**
 * oidc-provider, loaded with Node's own `require`: the package is ESM-only,
 * which Node 20.20 loads synchronously but jest's module system cannot.
 * Loaded once, on first use, so importing this library costs nothing.
 */
let loaded: typeof OidcProvider | undefined;

export function oidcProvider(): typeof OidcProvider {
  if (!loaded) {
    const { createRequire } = process.getBuiltinModule('node:module') as typeof import('node:module');
    loaded = createRequire(__filename)('oidc-provider') as typeof OidcProvider;
  }
  return loaded;
}

/**
 * `value` with every plain object rebuilt from the provider's own `Object`.
 * oidc-provider tells a settings object from anything else by
 * `constructor === Object`, which fails for objects made in another realm
 * (jest runs code in a `vm` context); in a plain Node process this copies
 * the configuration and changes nothing else.
 */
export function inProviderRealm<T>(value: T): T {
  let prototype: object = oidcProvider().errors.InvalidRequest.prototype;
  while (Object.getPrototypeOf(prototype) !== null) prototype = Object.getPrototypeOf(prototype) as object;
  const RealmObject = (prototype as { constructor: ObjectConstructor }).constructor;
  const copy = (item: unknown): unknown => {
    if (Array.isArray(item) && item.constructor.name === 'Array') return item.map(copy);
    if (!isPlainObject(item)) return item;
    const result = new RealmObject() as Record<string, unknown>;
    for (const [key, entry] of Object.entries(item)) result[key] = copy(entry);
    return result;
  };
  return copy(value) as T;
}

function isPlainObject(item: unknown): item is Record<string, unknown> {
  if (typeof item !== 'object' || item === null) return false;
  const prototype = Object.getPrototypeOf(item) as object | null;
  return prototype === null || (Object.getPrototypeOf(prototype) === null && prototype.constructor?.name === 'Object');
}
