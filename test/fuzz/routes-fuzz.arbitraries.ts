/**
 * Generators of hostile requests to every route of a host: methods, paths
 * with ids that exist, belong to another organization, do not exist or are
 * malformed, query strings, headers (content types, encodings, credentials
 * valid, invalid or of another organization) and bodies (JSON of wrong
 * types, nesting a few hundred levels deep, strings near 1 MiB, invalid
 * UTF-8, forms, text), and OAuth parameters (client ids that are metadata
 * URLs to private addresses, redirect URIs, PKCE, resources, grants, codes,
 * tokens; garbage Basic credentials). Under `readOnly` nothing generated may
 * write: a write route only ever gets an id outside the caller's
 * organization, or a body validation refuses; a registration names a
 * redirect the server refuses, and a form never carries the real CSRF token.
 */
import fc from 'fast-check';
import { RouteRequest } from './routes-fuzz.client';

/** One route of a host. `:id` in `path` is replaced by a generated id; `resource` names the ids it takes. */
export interface RouteSpec {
  group: string;
  path: string;
  methods: string[];
  resource?: string;
  /** OAuth endpoint: queries and bodies carry OAuth-shaped parameters, and Basic credentials are sometimes garbage. */
  oauth?: boolean;
  /** Writes on a well-formed request whatever the caller (Dynamic Client Registration): must not write sends it a body it refuses. */
  registers?: boolean;
  /** A page form: when writes are allowed, posts sometimes carry the signed-in owner's real CSRF token. */
  csrf?: boolean;
  /** Ends the session it is sent with (`/sign-out`, same-origin, no CSRF token by design): never gets the signed-in owner's session, which later requests use. */
  endsSession?: boolean;
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
  /** What the OAuth generators aim at: a registered client, the host's resource, and a signed-in owner's page session. */
  oauth: {
    clientId: string;
    redirectUri: string;
    resource: string;
    /** `Cookie` value of a signed-in owner. */
    sessionCookie: string;
    /** That session's CSRF token: sent only when writes are allowed. */
    csrfToken: string;
  };
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
          // The audit trail's filters and cursor (`/audit`, `/api/v1/audit_events`).
          fc.constantFrom('limit', 'cursor', 'tool', 'client_id', 'subject', 'decision', 'kind', 'since', 'until'),
          fc.constantFrom('__proto__[polluted]', 'constructor[prototype][x]', 'page[]', 'fields[0]', 'a[b][c][d][e][f][g]', '%ZZ'),
          fc.string({ maxLength: 12 }).map(encodeURIComponent),
        ),
        queryValue,
      ),
      { maxLength: 5 },
    )
    .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`));

/** Values of the OAuth parameters: the world's own, near misses, private-address metadata URLs, hostile text. */
const oauthValues = (world: RoutesWorld): Record<string, fc.Arbitrary<string>> => {
  const { clientId, redirectUri, resource } = world.oauth;
  const hostile = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.constantFrom('', ' ', '\u0000', '\ud800', 'a\udfff@example.test', '%ZZ', 'x'.repeat(3000), 'null', '[]', '{}', '__proto__'),
  );
  return {
    client_id: fc.oneof(
      fc.constantFrom(
        clientId,
        `${clientId}x`,
        // Metadata-document URLs: refused before any request leaves (private, loopback, link-local), or a name that does not resolve.
        'https://127.0.0.1/client.json',
        'https://10.0.0.7/client.json',
        'https://169.254.169.254/latest/meta-data',
        'https://[::1]/client.json',
        'https://localhost:1/client.json',
        'https://client.invalid/metadata.json',
        'https://client.invalid/',
        'http://client.invalid/metadata.json',
        'https://user:pass@client.invalid/metadata.json',
        'https://client.invalid/metadata.json#fragment',
        'https://client.invalid/../metadata.json',
        `https://client.invalid/${'a'.repeat(3000)}`,
      ),
      hostile,
    ),
    redirect_uri: fc.oneof(
      fc.constantFrom(
        redirectUri,
        `${redirectUri}/x`,
        'http://127.0.0.1:1/callback',
        'javascript:alert(1)',
        'https://evil.test/cb',
        'http://[::1',
        '//evil.test',
        '/relative',
      ),
      hostile,
    ),
    response_type: fc.oneof(fc.constantFrom('code', 'token', 'id_token', 'code id_token', 'none', 'CODE'), hostile),
    code_challenge: fc.oneof(fc.constantFrom('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', 'x', 'a'.repeat(200)), hostile),
    code_challenge_method: fc.oneof(fc.constantFrom('S256', 'plain', 's256', 'S512'), hostile),
    code_verifier: fc.oneof(fc.constantFrom('dBjftJeZ4CVP-mJ92K9g2Rb1wF9z_AoCMvF5_9zPsUg', 'short'), hostile),
    resource: fc.oneof(fc.constantFrom(resource, `${resource}/x`, 'https://evil.test/mcp', 'urn:x', 'http://127.0.0.1/mcp#f'), hostile),
    scope: fc.oneof(fc.constantFrom('openid', 'kadu:read kadu:write', 'billing:read', 'offline_access', 'x y z'), hostile),
    state: hostile,
    nonce: hostile,
    prompt: fc.oneof(fc.constantFrom('login', 'consent', 'none', 'select_account create'), hostile),
    grant_type: fc.oneof(
      fc.constantFrom('authorization_code', 'refresh_token', 'client_credentials', 'password', 'urn:ietf:params:oauth:grant-type:device_code', 'implicit'),
      hostile,
    ),
    code: fc.oneof(fc.constantFrom('a'.repeat(43), 'x'.repeat(5000)), hostile),
    refresh_token: fc.oneof(fc.constantFrom('a'.repeat(43), 'x'.repeat(5000)), hostile),
    token: fc.oneof(fc.constantFrom('a'.repeat(43), world.tokens.owner, world.tokens.mcpAudience), hostile),
    token_type_hint: fc.oneof(fc.constantFrom('access_token', 'refresh_token', 'id_token'), hostile),
    client_secret: hostile,
    request: fc.oneof(fc.constantFrom('eyJhbGciOiJub25lIn0.e30.', 'a.b.c'), hostile),
    request_uri: fc.oneof(fc.constantFrom('urn:ietf:params:oauth:request_uri:x', 'https://127.0.0.1/r'), hostile),
    response_mode: fc.oneof(fc.constantFrom('query', 'fragment', 'form_post', 'jwt'), hostile),
    max_age: fc.oneof(fc.constantFrom('-1', '0', '1e309', 'NaN'), hostile),
    claims: fc.oneof(fc.constantFrom('{"userinfo":{"email":null}}', '{', '[]'), hostile),
    redirect_uris: fc.oneof(fc.constantFrom(redirectUri, 'javascript:alert(1)'), hostile),
    client_name: hostile,
    contacts: hostile,
    client_uri: fc.oneof(fc.constantFrom('https://client.invalid/', 'javascript:alert(1)'), hostile),
    csrf_token: hostile,
    decision: fc.oneof(fc.constantFrom('allow', 'deny', 'maybe'), hostile),
  };
};

/** A set of OAuth parameters, each once or repeated (the RFCs refuse repeated parameters). */
const oauthParams = (world: RoutesWorld): fc.Arbitrary<Array<[string, string]>> => {
  const values = oauthValues(world);
  const keys = Object.keys(values);
  return fc
    .array(
      fc.oneof(
        { weight: 8, arbitrary: fc.constantFrom(...keys).chain((key) => values[key].map((value): [string, string] => [key, value])) },
        { weight: 1, arbitrary: fc.tuple(fc.constantFrom('__proto__', 'constructor', 'a[b]', 'client_id[]', 'resource[0]', ''), fc.string({ maxLength: 20 })) },
      ),
      { maxLength: 9 },
    )
    .map((pairs) => pairs);
};

/** Requests a well-formed authorization: the world's client, redirect and resource, PKCE, plus whatever else was generated. */
const wellFormedAuthorization = (world: RoutesWorld, extra: Array<[string, string]>): Array<[string, string]> => [
  ['response_type', 'code'],
  ['client_id', world.oauth.clientId],
  ['redirect_uri', world.oauth.redirectUri],
  ['code_challenge', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'],
  ['code_challenge_method', 'S256'],
  ['resource', world.oauth.resource],
  ...extra.filter(([key]) => !['response_type', 'client_id', 'redirect_uri', 'code_challenge', 'code_challenge_method', 'resource'].includes(key)),
];

/** `encodeURIComponent`, except that a lone surrogate goes out as the three bytes it would be (`%ED%A0%80`), which no UTF-8 decoder accepts. */
const encodeLoose = (text: string) =>
  text.replace(/[\ud800-\udbff][\udc00-\udfff]|[\s\S]/g, (unit) => {
    const code = unit.charCodeAt(0);
    if (unit.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    }
    return encodeURIComponent(unit);
  });

/** Pairs as a query string or form body, sometimes with an undecodable escape. */
const encodePairs = (pairs: Array<[string, string]>, raw: boolean) =>
  pairs.map(([key, value]) => `${encodeLoose(key)}=${raw ? value.replace(/[^\x21-\x7e]/g, '%ZZ') : encodeLoose(value)}`).join('&');

/** Garbage Basic credentials (client authentication the server does not offer). */
const BASIC_GARBAGE = [
  'Basic',
  'Basic ',
  'Basic %%%',
  'Basic dXNlcjpwYXNz',
  'Basic Og==',
  'Basic OnBhc3M=',
  `Basic ${'A'.repeat(5000)}`,
  'Basic w6k6w6k=',
  'Basic dXNlcg==',
];

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
      oauthPairs: oauthParams(world),
      oauthShape: fc.constantFrom<'generic' | 'pairs' | 'raw' | 'json' | 'wellFormed'>('generic', 'pairs', 'pairs', 'raw', 'json', 'wellFormed', 'wellFormed'),
      oauthType: fc.constantFrom(
        'application/x-www-form-urlencoded',
        'application/x-www-form-urlencoded',
        'application/json',
        'text/plain',
        'multipart/form-data',
      ),
      basic: fc.option(fc.constantFrom(...BASIC_GARBAGE), { freq: 4 }),
      session: fc.constantFrom<'none' | 'valid' | 'doubled'>('none', 'valid', 'valid', 'doubled'),
      csrf: fc.boolean(),
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
      let body: GeneratedBody = g.body;
      if (route.oauth && g.oauthShape !== 'generic') {
        // OAuth parameters: in the query of a GET, in the body (form, JSON or text) otherwise.
        // A well-formed authorization keeps at most two of the generated parameters, so some go as far as the consent page.
        const pairs = g.oauthShape === 'wellFormed' ? wellFormedAuthorization(world, g.oauthPairs.slice(0, g.pick % 3)) : g.oauthPairs;
        const text =
          g.oauthShape === 'json' || (g.oauthType === 'application/json' && g.oauthShape !== 'raw')
            ? JSON.stringify(Object.fromEntries(pairs))
            : encodePairs(pairs, g.oauthShape === 'raw');
        if (method === 'GET' || method === 'HEAD') query = text ? `?${text}` : '';
        else body = { contentType: g.oauthShape === 'json' ? 'application/json' : g.oauthType, body: Buffer.from(text), invalid: false };
      }
      if (route.csrf && !readOnly && g.csrf && method === 'POST') {
        // The signed-in owner's real CSRF token, so a post reaches what it would change.
        body = {
          contentType: 'application/x-www-form-urlencoded',
          body: Buffer.from(`csrf_token=${encodeURIComponent(world.oauth.csrfToken)}&${body.body.toString('latin1')}`),
          invalid: false,
        };
      }
      if (route.registers && readOnly && method === 'POST' && body.contentType !== undefined && /json/i.test(String(body.contentType))) {
        // Registration writes a client on any well-formed body: this one names a redirect the server refuses, whatever else it holds.
        const fields = (() => {
          try {
            const parsed: unknown = JSON.parse(body.body.toString('utf8'));
            return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
          } catch {
            return {};
          }
        })();
        body = { contentType: body.contentType, body: Buffer.from(JSON.stringify({ ...fields, redirect_uris: ['javascript:alert(1)'] })), invalid: true };
      }
      // A collection's write (no id to miss) must carry a body validation refuses when nothing may be written.
      const mustRefuse = readOnly && writes && canWrite && !route.path.includes(':id') && !route.oauth;
      const refused =
        mustRefuse && !body.invalid
          ? { ...body, body: Buffer.from(`{"zz_unknown":${JSON.stringify(body.body.toString('latin1').slice(0, 200))}}`), invalid: true }
          : body;
      const headers: Record<string, string | string[]> = {};
      const auth = route.oauth && g.basic !== null ? g.basic : authorization(world, g.caller, g.variant);
      if (auth !== undefined) headers.Authorization = auth;
      if (refused.contentType !== undefined) headers['Content-Type'] = refused.contentType;
      if (body.encoding) headers['Content-Encoding'] = body.encoding;
      for (const [name, value] of Object.entries(g.extra)) if (value !== undefined) headers[name] = value;
      // The signed-in owner's page session, alone or beside a generated cookie.
      if (route.endsSession) {
        // Nothing to add: a well-formed sign-out would end the session every other route's requests carry.
      } else if (g.session === 'valid') headers.Cookie = world.oauth.sessionCookie;
      else if (g.session === 'doubled' && typeof headers.Cookie === 'string') headers.Cookie = `${headers.Cookie}; ${world.oauth.sessionCookie}`;
      return { group: route.group, method, path: `${path}${query}`, headers, body: method === 'GET' || method === 'HEAD' ? Buffer.alloc(0) : refused.body };
    });
}
