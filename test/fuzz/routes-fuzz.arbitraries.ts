/**
 * Generators of hostile requests to every route of a host: methods, paths
 * with ids that exist, belong to another organization, do not exist or are
 * malformed, query strings, headers (content types, encodings, credentials
 * valid, invalid or of another organization) and bodies (JSON of wrong
 * types, nesting a few hundred levels deep, strings near 1 MiB, invalid
 * UTF-8, forms, text). Under `readOnly` nothing generated may write: a write
 * route only ever gets an id outside the caller's organization, or a body
 * validation refuses.
 */
import fc from 'fast-check';
import { RouteRequest } from './routes-fuzz.client';

/** One route of a host. `:id` in `path` is replaced by a generated id; `resource` names the ids it takes. */
export interface RouteSpec {
  group: string;
  path: string;
  methods: string[];
  resource?: string;
}

/** Credentials the generators may send. */
export interface RoutesTokens {
  /** API token of the fuzzing organization's owner. */
  owner: string;
  /** API token of a viewer of the fuzzing organization. */
  viewer: string;
  /** API token of another organization's owner. */
  otherOwner: string;
  /** An MCP token of the fuzzing organization (wrong audience for REST). */
  mcpAudience: string;
  /** A token of the other host. */
  otherHost: string;
}

/** What the generators know of one running host. */
export interface RoutesWorld {
  routes: RouteSpec[];
  tokens: RoutesTokens;
  /** Ids of the fuzzing organization, by resource. */
  ownIds: Record<string, string[]>;
  /** Ids of the other organization, by resource. */
  otherIds: Record<string, string[]>;
  /** Paths with a valid signature that only read (download URLs). */
  signedReads: string[];
  /** Paths with a valid signature that write (upload URLs): sent only when writes are allowed. */
  signedWrites: string[];
}

const STANDARD_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

/** Ids that are not ids: encodings Express cannot decode, traversal, NUL, SQL, prototype names, huge. */
const malformedId = fc.oneof(
  fc.constantFrom(
    '%ZZ',
    '%',
    '%E0%A4%A',
    '..',
    '%2e%2e',
    '%2F..%2F..%2Fetc%2Fpasswd',
    '%00',
    '-1',
    '0',
    '1e999',
    '%27%3B%20drop%20table%20tasks%3B--',
    '%7B%7D',
    'null',
    'undefined',
    '__proto__',
    'constructor',
    'x'.repeat(5000),
    '%F0%9F%92%A9',
    '%C0%AF',
    '%FF%FE',
  ),
  fc.string({ unit: 'binary', maxLength: 80 }).map((text) => encodeURIComponent(text) || 'x'),
  fc.uuid().map((uuid) => uuid.toUpperCase()),
);

/** Query values: hostile strings, numbers out of range, arrays, prototype keys, undecodable escapes. */
const queryValue = fc.oneof(
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
  fc.constantFrom('-1', '0', '1e309', 'NaN', '99999999999999999999', '%ZZ', '', 'true', '[]', '%00', 'x'.repeat(3000), '2026-13-45', 'abc%2Cdef'),
  fc.integer().map(String),
);
const queryString = (fields: string[]): fc.Arbitrary<string> =>
  fc
    .array(
      fc.tuple(
        fc.oneof(
          fc.constantFrom('page', 'per_page', 'fields', 'status', 'customer_id', 'endpoint_id', 'expires', 'signature', 'next', ...fields),
          fc.constantFrom('__proto__[polluted]', 'constructor[prototype][x]', 'page[]', 'fields[0]', 'a[b][c][d][e][f][g]', '%ZZ'),
          fc.string({ maxLength: 12 }).map(encodeURIComponent),
        ),
        queryValue,
      ),
      { maxLength: 5 },
    )
    .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`));

/** `depth` levels of arrays or objects around a value, as text (no recursion, no stack). */
const nestedText = (depth: number, objects: boolean) =>
  objects ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}` : `${'['.repeat(depth)}${']'.repeat(depth)}`;

const hostileScalar = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, -(2 ** 63), 5e-324, -0, '', ' ', '\u0000', '\ud800', '2026-02-30', 'javascript:alert(1)', 'http://127.0.0.1:1/x'),
);

/** A JSON object aimed at the route's fields with values of any type. */
const aimedObject = (fields: string[]) =>
  fc
    .dictionary(fc.constantFrom(...fields, 'idempotency_key', 'id', '__proto__', 'constructor'), hostileScalar, { maxKeys: 4 })
    .map((value) => JSON.stringify(value));

/** A body, its content type, and whether validation is sure to refuse it (it cannot be a valid write). */
interface GeneratedBody {
  contentType: string | string[] | undefined;
  body: Buffer;
  invalid: boolean;
  /** A `Content-Encoding` the bytes do not have. */
  encoding?: string;
}

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'application/merge-patch+json', 'application/vnd.api+json'];
const ODD_TYPES = [
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'text/plain',
  'text/html',
  'application/xml',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/x-www-form-urlencoded; charset=koi8-r',
  '',
  ';;;',
  'application/json, text/plain',
  '*/*',
];

/**
 * Bodies. `invalid` is true when no body of this kind passes validation on
 * any route: not an object, an object with a key no DTO knows
 * (`forbidNonWhitelisted`), bytes that are not JSON, or a type no parser reads.
 */
const bodyOf = (fields: string[]): fc.Arbitrary<GeneratedBody> =>
  fc
    .oneof(
      { weight: 3, arbitrary: aimedObject(fields).map((text) => ({ contentType: 'application/json', body: Buffer.from(text), invalid: false })) },
      {
        weight: 2,
        arbitrary: fc.tuple(aimedObject(fields), fc.string({ minLength: 1, maxLength: 10 })).map(([text, key]) => ({
          contentType: 'application/json',
          body: Buffer.from(text.replace(/^\{/, `{"zz_unknown_${JSON.stringify(key).slice(1, -1)}":1${text === '{}' ? '' : ','}`)),
          invalid: true,
        })),
      },
      {
        weight: 2,
        arbitrary: fc
          .oneof(fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }), fc.string(), fc.double(), fc.boolean(), fc.constant(null))
          .map((value) => ({ contentType: 'application/json', body: Buffer.from(JSON.stringify(value)), invalid: true })),
      },
      {
        weight: 2,
        arbitrary: fc.tuple(fc.integer({ min: 1, max: 400 }), fc.boolean(), fc.constantFrom(...fields, 'zz_unknown')).map(([depth, objects, field]) => ({
          contentType: 'application/json',
          body: Buffer.from(`{"zz_unknown":0,"${field}":${nestedText(depth, objects)}}`),
          invalid: true,
        })),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.integer({ min: 100_000, max: 1_048_000 }), fc.constantFrom(...fields))
          .map(([size, field]) => ({ contentType: 'application/json', body: Buffer.from(`{"zz_unknown":0,"${field}":"${'x'.repeat(size)}"}`), invalid: true })),
      },
      {
        weight: 2,
        arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => ({
          contentType: 'application/json',
          body: Buffer.concat([Buffer.from('{"zz_unknown":"'), Buffer.from(bytes), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('"}')]),
          invalid: true,
        })),
      },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom(
            '{',
            '{"a":1',
            '{"a":1}}',
            'nul',
            '{"a":1e999,"zz_unknown":0}',
            '\ufeff{"zz_unknown":1}',
            '{"__proto__":{"polluted":true},"zz_unknown":0}',
          )
          .map((text) => ({ contentType: 'application/json', body: Buffer.from(text), invalid: true })),
      },
      {
        weight: 2,
        arbitrary: fc
          .dictionary(
            fc.constantFrom(...fields, 'zz_unknown', 'a[b]', '__proto__[x]', 'email', 'password', 'next', 'csrf_token', 'decision'),
            fc.string({ maxLength: 60 }),
            { minKeys: 1, maxKeys: 4 },
          )
          .map((form) => ({
            contentType: 'application/x-www-form-urlencoded',
            // A form always carries a key no DTO knows: REST writes refuse it; the pages read only theirs.
            body: Buffer.from(new URLSearchParams({ ...form, zz_unknown: '1' }).toString()),
            invalid: true,
          })),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(fc.string({ unit: 'binary', maxLength: 300 }), fc.constantFrom(...ODD_TYPES))
          .map(([text, type]) => ({ contentType: type, body: Buffer.from(text), invalid: true })),
      },
      { weight: 1, arbitrary: fc.constant({ contentType: undefined, body: Buffer.alloc(0), invalid: true }) },
      {
        weight: 1,
        arbitrary: aimedObject(fields).map((text) => ({ contentType: ['application/json', 'text/plain'], body: Buffer.from(text), invalid: false })),
      },
    )
    .chain((generated) =>
      // Sometimes the JSON goes out under another JSON type, a charset, or an encoding it does not have.
      fc.constantFrom<'keep' | 'json' | 'gzip'>('keep', 'keep', 'keep', 'json', 'gzip').map((twist): GeneratedBody => {
        if (twist === 'json' && generated.contentType === 'application/json')
          return { ...generated, contentType: JSON_TYPES[generated.body.length % JSON_TYPES.length] };
        if (twist === 'gzip') return { ...generated, contentType: generated.contentType, encoding: 'gzip' };
        return generated;
      }),
    );

/** Who the request claims to be, and which ids it may aim writes at without writing. */
type Caller = 'none' | 'garbage' | 'owner' | 'viewer' | 'otherOwner' | 'mcpAudience' | 'otherHost' | 'mixed';

const callers: Caller[] = ['none', 'garbage', 'owner', 'owner', 'owner', 'viewer', 'otherOwner', 'otherOwner', 'mcpAudience', 'otherHost', 'mixed'];

function authorization(world: RoutesWorld, caller: Caller, variant: number): string | string[] | undefined {
  const { tokens } = world;
  switch (caller) {
    case 'none':
      return undefined;
    case 'garbage':
      return [
        'Bearer',
        'Bearer ',
        `Bearer ${tokens.owner}x`,
        'Basic dXNlcjpwYXNz',
        'Bearer \u00ff\u00fe',
        `Token ${tokens.owner}`,
        `Bearer ${'a'.repeat(4000)}`,
      ][variant % 7];
    case 'owner':
      return `Bearer ${tokens.owner}`;
    case 'viewer':
      return `Bearer ${tokens.viewer}`;
    case 'otherOwner':
      return `Bearer ${tokens.otherOwner}`;
    case 'mcpAudience':
      return `Bearer ${tokens.mcpAudience}`;
    case 'otherHost':
      return `Bearer ${tokens.otherHost}`;
    case 'mixed':
      return [`Bearer ${tokens.owner}`, `Bearer ${tokens.otherOwner}`];
  }
}

/** Extra headers, each sometimes: Accept, Origin, cookies, forwarding, MCP headers, idempotency keys. */
const extraHeaders = (allowIdempotencyKey: boolean) =>
  fc.record(
    {
      Accept: fc.constantFrom('application/json', 'text/html', '*/*', 'text/event-stream', 'application/xml', '', 'application/json;q=0'),
      Origin: fc.constantFrom('http://evil.test', 'null', 'http://127.0.0.1', '', 'http://billing.test'),
      Cookie: fc.oneof(
        fc.tuple(fc.constantFrom('kadu_session', 'kbill_session'), fc.string({ maxLength: 80 })).map(([name, value]) => `${name}=${encodeURIComponent(value)}`),
        fc.constantFrom('a=b; a=c', '=', ';;', 'kadu_session=%ZZ', 'kbill_session=%ZZ; kbill_session=x', `x=${'y'.repeat(3000)}`),
      ),
      'X-Forwarded-For': fc.constantFrom('1.2.3.4', 'not-an-ip', '::1, 10.0.0.1', ''),
      'MCP-Protocol-Version': fc.constantFrom('2026-07-28', '1999-01-01', ''),
      'Idempotency-Key': allowIdempotencyKey
        ? fc.string({ minLength: 1, maxLength: 300 }).map((value) => value.replace(/[^\x20-\x7e]/g, 'x'))
        : fc.constant(undefined),
      'If-None-Match': fc.constantFrom('*', '"x"', 'W/"1"'),
      Range: fc.constantFrom('bytes=0-1', 'bytes=-1', 'bytes=999999999-', 'bytes=x'),
    },
    { requiredKeys: [] },
  );

/**
 * Requests to the routes of `world`. With `readOnly`, every generated
 * request is one that must not write: a write route only gets a caller that
 * cannot write there, an id outside the caller's organization, or a body
 * validation refuses.
 */
export function routeRequests(world: RoutesWorld, readOnly: boolean): fc.Arbitrary<RouteRequest> {
  return fc
    .record({
      route: fc.constantFrom(...world.routes),
      anyMethod: fc.constantFrom(...STANDARD_METHODS),
      routeMethod: fc.nat(),
      useRouteMethod: fc.nat({ max: 9 }),
      caller: fc.constantFrom(...callers),
      variant: fc.nat(),
      idKind: fc.constantFrom('own', 'own', 'other', 'other', 'missing', 'malformed', 'malformed'),
      pick: fc.nat(),
      malformed: malformedId,
      signed: fc.constantFrom('none', 'valid', 'tampered', 'expired'),
      query: queryString([]),
      extra: extraHeaders(!readOnly),
      body: bodyOf([
        'name',
        'description',
        'rules',
        'url',
        'events',
        'enabled',
        'plan',
        'amount_cents',
        'customer_id',
        'total',
        'due_date',
        'invoice_id',
        'reason',
        'email',
        'document',
        'roles',
        'user_ids',
      ]),
    })
    .map((g) => {
      const { route } = g;
      const method = g.useRouteMethod < 8 ? route.methods[g.routeMethod % route.methods.length] : g.anyMethod;
      const writes = !READ_METHODS.has(method);
      const canWrite = g.caller === 'owner' || g.caller === 'otherOwner' || g.caller === 'viewer' || g.caller === 'mixed';
      // Whose ids a write may not touch when nothing may be written: the caller's own organization's.
      let idKind = g.idKind;
      if (readOnly && writes && canWrite) {
        if (g.caller === 'mixed') idKind = idKind === 'own' || idKind === 'other' ? 'missing' : idKind;
        else if (g.caller === 'otherOwner' && idKind === 'other') idKind = 'own';
        else if (g.caller !== 'otherOwner' && idKind === 'own') idKind = 'other';
      }
      const pool = (kind: string) => (kind === 'own' ? world.ownIds : world.otherIds)[route.resource ?? ''] ?? [];
      let id: string;
      if (idKind === 'malformed') id = g.malformed;
      else if (idKind === 'missing' || pool(idKind).length === 0) id = NO_SUCH_ID;
      else id = encodeURIComponent(pool(idKind)[g.pick % pool(idKind).length]);
      let path = route.path.replace(':id', id);
      let query = g.query;
      if (route.group.endsWith('files content') && g.signed !== 'none') {
        // A presigned URL: valid (a download only, unless writes are allowed), tampered, or expired.
        const signed = method === 'GET' || !readOnly ? [...world.signedReads, ...(readOnly ? [] : world.signedWrites)] : [];
        const base = signed.length > 0 ? signed[g.pick % signed.length] : `${route.path.replace(':id', id)}?expires=${Date.now() + 60_000}&signature=x`;
        if (g.signed === 'valid') [path, query] = [base, ''];
        else if (g.signed === 'tampered') [path, query] = [base.replace(/signature=(.)/, (_, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`), ''];
        else [path, query] = [base.replace(/expires=\d+/, 'expires=1000'), ''];
      }
      const body: GeneratedBody = g.body;
      // A collection's write (no id to miss) must carry a body validation refuses when nothing may be written.
      const mustRefuse = readOnly && writes && canWrite && !route.path.includes(':id');
      const refused =
        mustRefuse && !body.invalid
          ? { ...body, body: Buffer.from(`{"zz_unknown":${JSON.stringify(body.body.toString('latin1').slice(0, 200))}}`), invalid: true }
          : body;
      const headers: Record<string, string | string[]> = {};
      const auth = authorization(world, g.caller, g.variant);
      if (auth !== undefined) headers.Authorization = auth;
      if (refused.contentType !== undefined) headers['Content-Type'] = refused.contentType;
      if (body.encoding) headers['Content-Encoding'] = body.encoding;
      for (const [name, value] of Object.entries(g.extra)) if (value !== undefined) headers[name] = value;
      return { group: route.group, method, path: `${path}${query}`, headers, body: method === 'GET' || method === 'HEAD' ? Buffer.alloc(0) : refused.body };
    });
}
