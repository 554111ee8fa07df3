import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OPENAPI_PAGE_CONTENT_TYPES, OPENAPI_PAGE_RENDERER_FILES, OPENAPI_PAGE_SCRIPT, OPENAPI_PAGE_STYLESHEET } from './openapi-page.constants';

/** One file of the page: its bytes, its content type, and its URL path (with a digest of the bytes in it). */
export interface OpenApiPageAsset {
  readonly name: string;
  readonly digest: string;
  readonly path: string;
  readonly type: string;
  readonly body: Buffer;
}

/**
 * The files the API reference loads, read once at start-up: the renderer's
 * from the installed `swagger-ui-dist` (no CDN: the host serves what its
 * lockfile pinned), the page's own from {@link OPENAPI_PAGE_SCRIPT} and
 * {@link OPENAPI_PAGE_STYLESHEET}. Each is served at
 * `/<uiPath>/assets/<digest>/<name>`, so any other path is unknown.
 */
export class OpenApiPageAssets {
  private readonly byName: ReadonlyMap<string, OpenApiPageAsset>;

  constructor(uiPath: string) {
    // The package's own answer to "where are the files" (no types ship with it); its index would load the bundle into Node.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const renderer = (require('swagger-ui-dist/absolute-path.js') as () => string)();
    const files: Array<[string, Buffer]> = [
      ...OPENAPI_PAGE_RENDERER_FILES.map((name): [string, Buffer] => [name, readFileSync(join(renderer, name))]),
      ['openapi-page.js', Buffer.from(OPENAPI_PAGE_SCRIPT)],
      ['openapi-page.css', Buffer.from(OPENAPI_PAGE_STYLESHEET)],
    ];
    this.byName = new Map(
      files.map(([name, body]) => {
        const digest = createHash('sha256').update(body).digest('hex').slice(0, 16);
        const type = OPENAPI_PAGE_CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)];
        return [name, { name, digest, path: `/${uiPath}/assets/${digest}/${name}`, type, body }];
      }),
    );
  }

  /** The URL path of a file by its name. @throws Error for a name the page does not have. */
  path(name: string): string {
    const asset = this.byName.get(name);
    if (!asset) throw new Error(`The API reference has no file ${name}`);
    return asset.path;
  }

  /** The file at `<digest>/<name>`, or `undefined` when either part is not the current one. */
  find(digest: string, name: string): OpenApiPageAsset | undefined {
    const asset = this.byName.get(name);
    return asset?.digest === digest ? asset : undefined;
  }
}
