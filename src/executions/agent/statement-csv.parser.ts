/** One bank statement line as read from a CSV file. */
export interface StatementLine {
  /** 1-based, counted across every input file in order (headers not counted). */
  line: number;
  date: string;
  description: string;
  /** As written in the file, e.g. `-12.50`. */
  amount: string;
  /** The amount in cents, exact (no float). */
  amount_cents: number;
}

/** A file that is not a statement CSV; the message says where and why. */
export class StatementFormatError extends Error {
  override readonly name = 'StatementFormatError';
}

const AMOUNT = /^([+-]?)(\d+)(?:[.,](\d{1,2}))?$/;

/**
 * Parses a statement CSV with the header `date,description,amount` (any
 * order, any case). Fields may be double-quoted, with `""` for a quote.
 * The text is data only: nothing in it is ever evaluated.
 *
 * @param firstLine number given to the first data line of this file.
 * @throws StatementFormatError naming the file and line of the first problem.
 */
export function parseStatementCsv(text: string, filename: string, firstLine = 1): StatementLine[] {
  const rows = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((row) => row.trim() !== '');
  if (rows.length === 0) throw new StatementFormatError(`${filename}: the file is empty`);
  const header = splitCsvRow(rows[0]).map((name) => name.trim().toLowerCase());
  const column = (name: string) => {
    const index = header.indexOf(name);
    if (index < 0) throw new StatementFormatError(`${filename}: the header has no "${name}" column (expected date,description,amount)`);
    return index;
  };
  const [date, description, amount] = [column('date'), column('description'), column('amount')];
  return rows.slice(1).map((row, index) => {
    const fields = splitCsvRow(row);
    const raw = (fields[amount] ?? '').trim();
    const match = AMOUNT.exec(raw);
    if (!match) throw new StatementFormatError(`${filename}, line ${index + 2}: amount "${raw.slice(0, 40)}" is not a number`);
    const cents = Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
    return {
      line: firstLine + index,
      date: (fields[date] ?? '').trim(),
      description: (fields[description] ?? '').trim(),
      amount: raw,
      amount_cents: match[1] === '-' ? -cents : cents,
    };
  });
}

function splitCsvRow(row: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < row.length; i++) {
    const char = row[i];
    if (quoted) {
      if (char === '"' && row[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}

/** Cents as a decimal string with two places: `-1250` → `-12.50`. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
