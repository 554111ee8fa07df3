/**
 * `tasks` as Kysely sees it. `rules` is a JSON array of {@link TaskRule};
 * `run_roles` and `run_user_ids` JSON arrays of strings (who may run it).
 */
export interface TasksTable {
  id: string;
  organization_id: string;
  name: string;
  description: string;
  rules: string;
  run_roles: string;
  run_user_ids: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** A categorization rule: lines whose description contains `match` (case-insensitive) go to `category`. */
export interface TaskRule {
  category: string;
  match: string;
}
