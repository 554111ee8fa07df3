import type { DestinationStream } from 'pino';

/** pino's numeric levels, as printed in text lines. */
const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Fields a text line shows in its own place, or not at all. */
const SHOWN_APART = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'context', 'err']);

/**
 * A destination that turns pino's JSON lines into readable ones for a
 * terminal (`LOG_FORMAT=text`): time, level, `[context]`, the message, then
 * the other fields as `key=value`, and an error's stack below. The same
 * redaction has already been applied to the JSON.
 */
export function textLogStream(out: NodeJS.WritableStream = process.stdout): DestinationStream {
  return {
    write(line: string): void {
      out.write(formatTextLine(line));
    },
  };
}

/** One JSON line of pino as a readable line (the line as is when it is not JSON). */
export function formatTextLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const time = typeof entry.time === 'number' ? new Date(entry.time).toISOString().slice(11, 23) : '';
  const level = (LEVEL_NAMES[entry.level as number] ?? String(entry.level)).padEnd(5);
  const context = typeof entry.context === 'string' ? ` [${entry.context}]` : '';
  const fields = Object.entries(entry)
    .filter(([key]) => !SHOWN_APART.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const err = entry.err as { stack?: string } | undefined;
  const stack = err?.stack ? `\n${err.stack}` : '';
  return `${time} ${level}${context} ${String(entry.msg ?? '')}${fields.length ? ` ${fields.join(' ')}` : ''}${stack}\n`;
}
