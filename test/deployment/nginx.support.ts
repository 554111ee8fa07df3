/**
 * Debian's nginx for tests: `/usr/sbin/nginx` in the foreground with its own
 * prefix, configuration, pid, logs and temporary files in a temporary
 * directory, listening on a free 127.0.0.1 port, in front of the given
 * replicas with the configuration of `docs/deployment/nginx.conf`.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../support/free-port';

/** Where `scripts/test-prerequisites.sh` expects Debian's nginx. */
export const NGINX_BIN = '/usr/sbin/nginx';
/** The configuration the deployment guide shows, loaded as it is. */
export const NGINX_SITE = resolve(__dirname, '../../docs/deployment/nginx.conf');
const START_TIMEOUT_MS = 10_000;

/** A running nginx. */
export interface TestNginx {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  port: number;
  /** nginx's error log so far. */
  errorLog(): string;
  /** Whether the nginx process has ended. */
  readonly exited: boolean;
  stop(): Promise<void>;
}

/**
 * The site file with its `@replica` lines replaced by one line per
 * `upstreams` entry (`host:port`, the first line's parameters kept) and its
 * `@listen` line by `listen`.
 */
export function renderSite(site: string, upstreams: string[], listen: string): string {
  const lines = site.split('\n');
  const first = lines.findIndex((line) => line.includes('# @replica'));
  const [, indent, parameters] = /^(\s*)server\s+\S+([^;]*);/.exec(lines[first])!;
  const rendered = lines
    .map((line, index) => (index === first ? upstreams.map((upstream) => `${indent}server ${upstream}${parameters};`).join('\n') : line))
    .filter((line) => !line.includes('# @replica'))
    .map((line) => (line.includes('# @listen') ? `${/^\s*/.exec(line)![0]}listen ${listen};` : line));
  return rendered.join('\n');
}

/**
 * Starts nginx in front of `upstreams`.
 * @throws Error when nginx is not installed or does not listen in time.
 */
export async function startNginx(upstreams: string[]): Promise<TestNginx> {
  if (!existsSync(NGINX_BIN)) throw new Error(`nginx is not installed at ${NGINX_BIN} (apt-get install nginx)`);
  const prefix = mkdtempSync(join(tmpdir(), 'kadu-nginx-'));
  // Workers run as an unprivileged user when the test runs as root: they must reach the temporary files.
  chmodSync(prefix, 0o755);
  const port = await freePort();
  writeFileSync(join(prefix, 'kadu.conf'), renderSite(readFileSync(NGINX_SITE, 'utf8'), upstreams, `127.0.0.1:${port}`));
  const temp = (name: string) => join(prefix, name);
  writeFileSync(
    join(prefix, 'nginx.conf'),
    [
      'worker_processes 1;',
      `pid ${temp('nginx.pid')};`,
      `error_log ${temp('error.log')} warn;`,
      'events { worker_connections 512; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${temp(kind)};`),
      `  include ${temp('kadu.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(NGINX_BIN, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', temp('error.log'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let exited = false;
  const exit = new Promise<void>((done) => child.once('exit', () => ((exited = true), done())));
  const errorLog = () => (existsSync(temp('error.log')) ? readFileSync(temp('error.log'), 'utf8') : '') + stderr;
  const stop = async () => {
    if (!exited) child.kill('SIGQUIT');
    await exit;
    rmSync(prefix, { recursive: true, force: true });
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await listening(port))) {
    if (exited || Date.now() > deadline) {
      const log = errorLog();
      await stop();
      throw new Error(`nginx did not start: ${log}`);
    }
    await new Promise((done) => setTimeout(done, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    errorLog,
    stop,
    get exited() {
      return exited;
    },
  };
}

function listening(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('error', () => done(false));
  });
}
