/**
 * Punycode decoding (RFC 3492 §6.2) of the part of an `xn--` label after the
 * prefix, written here rather than taken from the runtime: `node:punycode` is
 * deprecated (a warning at load), and the URL parser's own checks of `xn--`
 * labels changed between Node versions (20 refuses `xn--a`, 24 accepts it).
 */
const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 0x80;
const MAX_CODE_POINT = 0x10ffff;

function adapt(delta: number, numPoints: number, firstTime: boolean): number {
  delta = firstTime ? Math.floor(delta / DAMP) : delta >> 1;
  delta += Math.floor(delta / numPoints);
  let k = 0;
  while (delta > ((BASE - T_MIN) * T_MAX) >> 1) {
    delta = Math.floor(delta / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * delta) / (delta + SKEW));
}

/** A digit's value: a–z are 0–25, 0–9 are 26–35 (lower case only: labels are compared lower-cased). */
function digitValue(char: string): number {
  const code = char.charCodeAt(0);
  if (code >= 0x61 && code <= 0x7a) return code - 0x61;
  if (code >= 0x30 && code <= 0x39) return code - 0x30 + 26;
  return -1;
}

/**
 * The Unicode text `encoded` stands for, or null when it is not valid
 * Punycode: a character that is no digit, a truncated number, a code point
 * past U+10FFFF, or a basic (ASCII) code point in the encoded part, which no
 * encoder writes.
 */
export function decodePunycode(encoded: string): string | null {
  const delimiter = encoded.lastIndexOf('-');
  const output: number[] = [];
  for (let i = 0; i < Math.max(delimiter, 0); i++) {
    const code = encoded.charCodeAt(i);
    if (code >= 0x80) return null;
    output.push(code);
  }
  let n = INITIAL_N;
  let bias = INITIAL_BIAS;
  let i = 0;
  for (let position = delimiter >= 0 ? delimiter + 1 : 0; position < encoded.length;) {
    const oldI = i;
    let weight = 1;
    for (let k = BASE; ; k += BASE) {
      if (position >= encoded.length) return null;
      const digit = digitValue(encoded[position++]);
      if (digit < 0) return null;
      i += digit * weight;
      if (i > MAX_CODE_POINT * (output.length + 1)) return null;
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < t) break;
      weight *= BASE - t;
    }
    bias = adapt(i - oldI, output.length + 1, oldI === 0);
    n += Math.floor(i / (output.length + 1));
    i %= output.length + 1;
    if (n > MAX_CODE_POINT || n < INITIAL_N) return null;
    output.splice(i++, 0, n);
  }
  return String.fromCodePoint(...output);
}
