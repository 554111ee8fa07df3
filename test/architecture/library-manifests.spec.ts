/**
 * Every folder of libs/ is an installable package (docs/architecture.md,
 * "Packages"), and its package.json says exactly what its code needs: each
 * package a non-test source file imports is declared (a sibling `@kobana/*`
 * library as a dependency at the shared version; what the application must
 * share one copy of as a peer), and nothing is declared that no file imports,
 * save the peers a declared package itself requires and the `@types/*` of an
 * imported package that the shipped declarations name. Read from the file
 * system with TypeScript's own import scanner: no build, no network.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { preProcessFile } from 'typescript';

const ROOT = join(__dirname, '..', '..');
const LIBS = join(ROOT, 'libs');

/**
 * Packages an application and the libraries must share one copy of (Nest's
 * injector and tokens, class-validator's metadata, the database handle, the
 * global tracer), so a library names them as peers, never as dependencies.
 */
const SHARED = new Set([
  '@nestjs/common',
  '@nestjs/core',
  '@nestjs/config',
  '@nestjs/platform-express',
  '@opentelemetry/api',
  'class-transformer',
  'class-validator',
  'express',
  'kysely',
  'reflect-metadata',
  'rxjs',
]);

/** Folders that hold what a build or an install wrote, not source. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'coverage']);

interface Manifest {
  name: string;
  version: string;
  main?: string;
  types?: string;
  exports?: Record<string, string | { types: string; require: string; default: string }>;
  files?: string[];
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

/** Every folder of libs/, whatever it holds: a new library is held to the same rules. */
const libraries = readdirSync(LIBS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** Whether a file is a test, by its role (`x.service.spec.ts`, `x.e2e-spec.ts`). */
const isTest = (fileName: string) => /[.-]spec\.ts$/.test(fileName);

/** The non-test TypeScript sources under a folder. */
function sourcesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : sourcesUnder(path);
    return entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') && !isTest(entry.name) ? [path] : [];
  });
}

const BUILTINS = new Set(builtinModules);

/** The package a bare specifier names (`ajv/dist/2020` → `ajv`, `@nestjs/common` → itself), or undefined for a relative path or a Node builtin. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return undefined;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return BUILTINS.has(name) ? undefined : name;
}

/** The packages a library's non-test sources import (type-only imports and `require` calls included), its own name left out. */
function importsOf(library: string): Set<string> {
  const found = new Set<string>();
  for (const file of sourcesUnder(join(LIBS, library, 'src'))) {
    for (const imported of preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      const name = packageOf(imported.fileName);
      if (name && name !== `@kobana/${library}`) found.add(name);
    }
  }
  return found;
}

const manifestPath = (library: string) => join(LIBS, library, 'package.json');
const manifestOf = (library: string) => readJson<Manifest>(manifestPath(library));
const packaged = libraries.filter((library) => existsSync(manifestPath(library)));

/** The peers a package requires of whoever installs it (its optional ones left out), from its installed manifest or a sibling's. */
function requiredPeersOf(name: string): string[] {
  const sibling = name.startsWith('@kobana/') ? join(LIBS, name.slice('@kobana/'.length), 'package.json') : undefined;
  const path = sibling ?? join(ROOT, 'node_modules', name, 'package.json');
  if (!existsSync(path)) return [];
  const manifest = readJson<Manifest>(path);
  return Object.keys(manifest.peerDependencies ?? {}).filter((peer) => !manifest.peerDependenciesMeta?.[peer]?.optional);
}

/**
 * The package a `@types/*` package types (`@types/passport-http-bearer` →
 * `passport-http-bearer`, `@types/babel__core` → `@babel/core`). A library
 * depends on one when its shipped declarations name that package's types,
 * so the application's compiler finds them (test/package/libs-install.e2e-spec.ts).
 */
const typesFor = (name: string) => {
  const typed = name.slice('@types/'.length);
  return typed.includes('__') ? `@${typed.replace('__', '/')}` : typed;
};

/** The root tsconfig's `@kobana/*` path aliases, each as the subpath of its library (`@kobana/mcp/testing` → mcp `./testing`). */
function aliasesByLibrary(): Map<string, string[]> {
  const paths = readJson<{ compilerOptions: { paths: Record<string, string[]> } }>(join(ROOT, 'tsconfig.json')).compilerOptions.paths;
  const aliases = new Map<string, string[]>();
  for (const alias of Object.keys(paths).filter((key) => key.startsWith('@kobana/'))) {
    const [library, ...rest] = alias.slice('@kobana/'.length).split('/');
    aliases.set(library, [...(aliases.get(library) ?? []), rest.length === 0 ? '.' : `./${rest.join('/')}`]);
  }
  return aliases;
}

describe('library manifests (docs/architecture.md "Packages")', () => {
  const version = packaged.length > 0 ? manifestOf(packaged[0]).version : undefined;

  it('finds the libraries', () => {
    expect(libraries).toEqual(expect.arrayContaining(['database', 'mcp', 'platform']));
  });

  it('gives every library a package.json and a README.md', () => {
    const missing = libraries.flatMap((library) =>
      ['package.json', 'README.md'].filter((file) => !existsSync(join(LIBS, library, file))).map((file) => `libs/${library}/${file}`),
    );
    expect(missing).toEqual([]);
  });

  describe.each(packaged)('libs/%s', (library) => {
    const manifest = manifestOf(library);
    const imported = importsOf(library);
    const dependencies = manifest.dependencies ?? {};
    const peers = manifest.peerDependencies ?? {};
    const declared = new Set([...Object.keys(dependencies), ...Object.keys(peers)]);

    it('is named after its folder, at the version all the libraries share', () => {
      expect(manifest.name).toBe(`@kobana/${library}`);
      expect(manifest.version).toBe(version);
    });

    it('ships its build, its README and no test', () => {
      expect(manifest.main).toBe('dist/index.js');
      expect(manifest.types).toBe('dist/index.d.ts');
      expect(manifest.files).toEqual(expect.arrayContaining(['dist', '!dist/**/*.spec.*', 'README.md']));
    });

    it('exports an entry point for each of its path aliases, and a source for each entry point', () => {
      const entries = Object.entries(manifest.exports ?? {}).filter(([, target]) => typeof target === 'object');
      expect(entries.map(([subpath]) => subpath).sort()).toEqual((aliasesByLibrary().get(library) ?? []).sort());
      for (const [subpath, target] of entries) {
        const folder = subpath === '.' ? '' : `${subpath.slice(2)}/`;
        expect(target).toEqual({ types: `./dist/${folder}index.d.ts`, require: `./dist/${folder}index.js`, default: `./dist/${folder}index.js` });
        expect(existsSync(join(LIBS, library, 'src', folder, 'index.ts'))).toBe(true);
      }
    });

    it('declares every package its source imports', () => {
      expect([...imported].filter((name) => !declared.has(name)).sort()).toEqual([]);
    });

    it('declares nothing its source does not import, save the peers a declared package requires and the types of an imported one', () => {
      const required = new Set([...declared].flatMap(requiredPeersOf));
      const typed = (name: string) => name.startsWith('@types/') && imported.has(typesFor(name));
      expect([...declared].filter((name) => !imported.has(name) && !required.has(name) && !typed(name)).sort()).toEqual([]);
    });

    it('depends on its sibling libraries at the shared version, and never as peers', () => {
      const siblings = [...declared].filter((name) => name.startsWith('@kobana/'));
      expect(siblings.filter((name) => dependencies[name] !== version)).toEqual([]);
      expect(Object.keys(peers).filter((name) => name.startsWith('@kobana/'))).toEqual([]);
    });

    it('names what the application shares as peers, never as dependencies', () => {
      expect(Object.keys(dependencies).filter((name) => SHARED.has(name))).toEqual([]);
    });

    it('declares only packages the repository itself installs, so its tests run against them', () => {
      const installed = (name: string) => existsSync(join(ROOT, 'node_modules', name, 'package.json'));
      expect([...declared].filter((name) => !name.startsWith('@kobana/') && !installed(name))).toEqual([]);
    });
  });
});
