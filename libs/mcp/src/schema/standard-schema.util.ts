import type { McpStandardSchema } from '../interfaces/mcp-standard-schema.interface';

/**
 * Whether a declared `input`/`output` is a Standard Schema rather than a
 * class. ArkType's types are functions, so a function counts when it carries
 * `~standard`; a class never does.
 */
export function isStandardSchema(value: unknown): value is McpStandardSchema {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false;
  const props: unknown = (value as Partial<McpStandardSchema>)['~standard'];
  return typeof props === 'object' && props !== null && typeof (props as { validate?: unknown }).validate === 'function';
}
