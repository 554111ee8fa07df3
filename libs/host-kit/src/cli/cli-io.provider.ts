/**
 * Where a command writes. Results go to `out` (stdout, last line, so
 * `| tail -n 1` captures them); everything for the person goes to `err`.
 */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

/** The process's own streams. */
export const processIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};
