import type { MetadataStorage } from 'class-transformer/types/MetadataStorage';

/**
 * class-transformer's record of `@Type()`, `@Expose()` and `@Exclude()`. The
 * package does not export it from its entry point and ships no typings for
 * this path, hence `require` with the type borrowed from `types/`.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const classTransformerStorage: MetadataStorage = require('class-transformer/cjs/storage').defaultMetadataStorage;
