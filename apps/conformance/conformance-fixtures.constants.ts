import type { McpJsonSchema } from '@kobana/mcp';

/**
 * The literal values the official conformance suite compares against
 * (`@modelcontextprotocol/conformance`, server scenarios). Kept in one place
 * so a change of the suite's expectations is one edit.
 */

/** A 1×1 red PNG. */
export const RED_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

/** A valid, silent WAV: 8 kHz, 8-bit mono, 8 samples. */
export const SILENT_WAV = (() => {
  const samples = 8;
  const wav = Buffer.alloc(44 + samples, 0x80);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + samples, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(8000, 24); // sample rate
  wav.writeUInt32LE(8000, 28); // byte rate
  wav.writeUInt16LE(1, 32); // block align
  wav.writeUInt16LE(8, 34); // bits per sample
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(samples, 40);
  return wav.toString('base64');
})();

export const TEXTS = {
  simple: 'This is a simple text response for testing.',
  embedded: 'This is an embedded resource content.',
  mixedIntro: 'Multiple content types test:',
  error: 'This tool intentionally returns an error for testing',
  staticResource: 'This is the content of the static text resource.',
  simplePrompt: 'This is a simple prompt for testing.',
  promptEmbedded: 'Embedded resource content for testing.',
  promptEmbeddedAsk: 'Please process the embedded resource above.',
  promptImageAsk: 'Please analyze the image above.',
} as const;

/** The inputSchema `json-schema-2020-12` looks for, keyword for keyword (SEP-1613, SEP-2106). */
export const JSON_SCHEMA_2020_12_TOOL_SCHEMA: McpJsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: {
    address: {
      $anchor: 'addressDef',
      type: 'object',
      properties: { street: { type: 'string' }, city: { type: 'string' } },
    },
  },
  properties: {
    name: { type: 'string' },
    address: { $ref: '#/$defs/address' },
    contactMethod: { type: 'string', enum: ['phone', 'email'] },
    phone: { type: 'string' },
    email: { type: 'string' },
  },
  allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
  if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
  then: { required: ['phone'] },
  else: { required: ['email'] },
  additionalProperties: false,
};

/** Completion candidates of `test_prompt_with_arguments.arg1` (the suite types "par"). */
export const ARG1_CANDIDATES = ['paris', 'park', 'party', 'parrot', 'london', 'lisbon'];
