import { Type } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { MCP_SENSITIVE_METADATA, MCP_SENSITIVE_SHOWN_METADATA } from '../mcp.constants';
import type { McpSensitivePlan } from '../interfaces/mcp-sensitive-plan.interface';
import type { McpToolDefinition } from '../interfaces/mcp-tool-definition.interface';
import { classTransformerStorage } from '../schema/class-transformer-storage.util';

export type { McpSensitivePlan } from '../interfaces/mcp-sensitive-plan.interface';

/** What an approval keeps of a sensitive value whose DTO says nothing of how to show it. */
export const HIDDEN_VALUE = '(hidden)';

/**
 * Reads `@McpSensitive()` of a DTO and of every DTO it nests (`@Type()`),
 * once; `undefined` when nothing in it is sensitive, so such arguments are
 * stored as they came.
 */
export function sensitivePlan(dto: Type<object>, seen = new Map<Function, McpSensitivePlan | undefined>()): McpSensitivePlan | undefined {
  if (seen.has(dto)) return seen.get(dto);
  // Recursive DTOs: a cycle contributes nothing more than what its first visit finds.
  seen.set(dto, undefined);
  const remove = new Set<string>(Reflect.getMetadata(MCP_SENSITIVE_METADATA, dto) ?? []);
  const shown = new Map<string, (value: unknown) => string>(Object.entries(Reflect.getMetadata(MCP_SENSITIVE_SHOWN_METADATA, dto) ?? {}));
  const nested = new Map<string, McpSensitivePlan>();
  const properties = new Set(
    getMetadataStorage()
      .getTargetValidationMetadatas(dto, '', true, false)
      .map((meta) => meta.propertyName),
  );
  for (const property of properties) {
    if (remove.has(property)) continue;
    const typed = classTransformerStorage.findTypeMetadata(dto, property)?.typeFunction?.();
    if (typeof typed !== 'function' || typed === dto) continue;
    const inner = sensitivePlan(typed as Type<object>, seen);
    if (inner) nested.set(property, inner);
  }
  const plan = remove.size > 0 || nested.size > 0 ? { remove, shown, nested } : undefined;
  seen.set(dto, plan);
  return plan;
}

/**
 * The plan of a tool's arguments: `@McpSensitive()` of its DTO, or the
 * `x-mcp-sensitive` marks of its JSON Schema, read at discovery.
 */
export function toolSensitivePlan(tool: Pick<McpToolDefinition, 'inputType' | 'sensitive'>): McpSensitivePlan | undefined {
  return tool.sensitive ?? (tool.inputType ? sensitivePlan(tool.inputType) : undefined);
}

/** A copy of `value` without what `plan` marks, at every depth (arrays of nested DTOs included). */
export function withoutSensitive(value: Record<string, unknown>, plan: McpSensitivePlan | undefined): Record<string, unknown> {
  if (!plan) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (plan.remove.has(key)) continue;
    const inner = plan.nested.get(key);
    copy[key] = inner ? stripNested(item, inner) : item;
  }
  return copy;
}

function stripNested(value: unknown, plan: McpSensitivePlan): unknown {
  return eachObject(value, (item) => withoutSensitive(item, plan));
}

/**
 * A copy of `value` where each sensitive value is replaced by what a person
 * may see of it (its `shown`, else {@link HIDDEN_VALUE}), at every depth:
 * what an approval stores and its page shows.
 */
export function shownSensitive(value: Record<string, unknown>, plan: McpSensitivePlan | undefined): Record<string, unknown> {
  if (!plan) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const inner = plan.nested.get(key);
    if (plan.remove.has(key)) copy[key] = shownValue(item, plan.shown.get(key));
    else copy[key] = inner ? eachObject(item, (nested) => shownSensitive(nested, inner)) : item;
  }
  return copy;
}

function shownValue(value: unknown, shown: ((value: unknown) => string) | undefined): string {
  if (!shown) return HIDDEN_VALUE;
  try {
    return shown(value);
  } catch {
    // A value the DTO's function cannot read is not shown either.
    return HIDDEN_VALUE;
  }
}

function eachObject(value: unknown, change: (item: Record<string, unknown>) => unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => eachObject(item, change));
  if (value === null || typeof value !== 'object') return value;
  return change(value as Record<string, unknown>);
}
