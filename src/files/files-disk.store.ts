import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, ReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { finished, PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { KaduConfig } from '../config/kadu-config.interface';

/** What a write learned about the bytes it stored. */
export interface StoredBytes {
  size: number;
  sha256: string;
}

/** The body carried more bytes than the file declared; nothing was kept. */
export class FileTooLargeError extends Error {
  override readonly name = 'FileTooLargeError';
}

/**
 * `source` as the first stream of a pipeline that does not own it. A
 * pipeline destroys its streams on an error, and destroying a request
 * destroys its connection, before the caller could answer (a 413 became a
 * reset). Piped, the request is only unpiped and paused on an error; its own
 * failure (the client went away) still fails the pipeline.
 */
function unowned(source: Readable): Readable {
  const copy = new PassThrough();
  const unwatch = finished(source, (error) => {
    if (error) copy.destroy(error);
  });
  copy.once('close', unwatch);
  return source.pipe(copy);
}

/** Ids and organization ids are UUIDs; anything else must never become a path. */
const SAFE_SEGMENT = /^[A-Za-z0-9-]{1,64}$/;

/**
 * The embedded file store: `<KADU_FILES_DIR>/<organization>/<id>` on local
 * disk. Writes go to a `.part` file renamed into place at the end, so a
 * reader never sees half a file and a failed upload leaves nothing behind.
 * An S3-compatible store would replace this class (docs/protocol.md §8).
 */
@Injectable()
export class FilesDiskStore {
  private readonly root: string;

  constructor(config: ConfigService<KaduConfig, true>) {
    this.root = config.get('KADU_FILES_DIR', { infer: true });
  }

  /**
   * Streams `source` into the file, hashing as it goes. `source` is never
   * destroyed here: a request is left readable for the caller's answer.
   * @throws FileTooLargeError as soon as more than `maxBytes` arrive (reading stops there).
   */
  async receive(organizationId: string, id: string, source: Readable, maxBytes: number): Promise<StoredBytes> {
    const target = await this.prepare(organizationId, id);
    const hash = createHash('sha256');
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > maxBytes) return done(new FileTooLargeError(`More than ${maxBytes} bytes`));
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(unowned(source), meter, createWriteStream(`${target}.part`));
      await rename(`${target}.part`, target);
    } catch (error) {
      await rm(`${target}.part`, { force: true });
      throw error;
    }
    return { size, sha256: hash.digest('hex') };
  }

  /** Stores bytes already in memory (an execution's output). */
  async write(organizationId: string, id: string, bytes: Buffer): Promise<StoredBytes> {
    const target = await this.prepare(organizationId, id);
    await writeFile(`${target}.part`, bytes);
    await rename(`${target}.part`, target);
    return { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  }

  /** The whole file. Input files are small (a configured maximum), so a buffer is fine. */
  read(organizationId: string, id: string): Promise<Buffer> {
    return readFile(this.path(organizationId, id));
  }

  /** A stream of the file, for downloads. */
  openRead(organizationId: string, id: string): ReadStream {
    return createReadStream(this.path(organizationId, id));
  }

  /**
   * Size and SHA-256 of what is on disk, or null when nothing is: what
   * `kadu_files_confirm` checks, rather than trusting the upload's own report.
   */
  async inspect(organizationId: string, id: string): Promise<StoredBytes | null> {
    const hash = createHash('sha256');
    let size = 0;
    try {
      for await (const chunk of this.openRead(organizationId, id)) {
        size += (chunk as Buffer).length;
        hash.update(chunk as Buffer);
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    return { size, sha256: hash.digest('hex') };
  }

  /** Removes the bytes; a file already gone is not an error. */
  async remove(organizationId: string, id: string): Promise<void> {
    await rm(this.path(organizationId, id), { force: true });
  }

  private async prepare(organizationId: string, id: string): Promise<string> {
    const target = this.path(organizationId, id);
    await mkdir(join(this.root, organizationId), { recursive: true });
    return target;
  }

  private path(organizationId: string, id: string): string {
    if (!SAFE_SEGMENT.test(organizationId) || !SAFE_SEGMENT.test(id)) throw new Error('Unsafe file path segment');
    return join(this.root, organizationId, id);
  }
}
