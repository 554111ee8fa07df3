import type { TaskRule } from '../../tasks/task.table';
import type { CategoryTotal, ExecutionAnswer, PendingQuestion } from '../execution.view';
import { formatCents, StatementLine } from './statement-csv.parser';

/** A line with the category it got. */
export interface CategorizedLine extends StatementLine {
  category: string;
}

/** Every line categorized, or the lines still needing a person's answer. */
export type Categorization = { kind: 'complete'; lines: CategorizedLine[]; categories: CategoryTotal[] } | { kind: 'pending'; questions: PendingQuestion[] };

/**
 * The reference agent's reasoning, deterministic and pure: a person's answer
 * for a line wins, then the first rule whose `match` is contained in the
 * description (ignoring case). Lines nothing categorizes become questions.
 */
export function categorize(lines: StatementLine[], rules: TaskRule[], answers: ExecutionAnswer[]): Categorization {
  const answered = new Map(answers.map((answer) => [answer.line, answer.category]));
  const lowered = rules.map((rule) => ({ category: rule.category, match: rule.match.toLowerCase() }));
  const categorized: CategorizedLine[] = [];
  const questions: PendingQuestion[] = [];
  for (const line of lines) {
    const description = line.description.toLowerCase();
    const category = answered.get(line.line) ?? lowered.find((rule) => description.includes(rule.match))?.category;
    if (category === undefined) questions.push({ line: line.line, description: line.description, amount: line.amount });
    else categorized.push({ ...line, category });
  }
  if (questions.length > 0) return { kind: 'pending', questions };
  return { kind: 'complete', lines: categorized, categories: totals(categorized) };
}

/** Totals per category, in the order categories first appear. */
function totals(lines: CategorizedLine[]): CategoryTotal[] {
  const sums = new Map<string, { lines: number; cents: number }>();
  for (const line of lines) {
    const sum = sums.get(line.category) ?? { lines: 0, cents: 0 };
    sums.set(line.category, { lines: sum.lines + 1, cents: sum.cents + line.amount_cents });
  }
  return [...sums].map(([category, sum]) => ({ category, lines: sum.lines, total: formatCents(sum.cents) }));
}
