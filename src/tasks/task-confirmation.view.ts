import { Selectable } from 'kysely';
import { KaduConfirmationMessages } from '../common/confirmation/kadu-confirmation.messages';
import { TaskRule, TasksTable } from './task.table';

/** Most rules named in a confirmation: the rest is counted. */
const MAX_RULES = 5;

/** A task in the words of a confirmation: its name and its rules. */
export function describeTask(task: Pick<Selectable<TasksTable>, 'name' | 'rules'>): string {
  const rules = JSON.parse(task.rules) as TaskRule[];
  const shown = rules.slice(0, MAX_RULES).map((rule) => KaduConfirmationMessages.rule(rule.match, rule.category));
  if (rules.length > MAX_RULES) shown.push(`+${rules.length - MAX_RULES}`);
  return KaduConfirmationMessages.task(task.name, shown.length > 0 ? shown.join(', ') : KaduConfirmationMessages.noRules());
}
