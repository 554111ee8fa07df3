import { McpMessages } from '../mcp.messages';
import { McpUriTemplateMatcher } from '../interfaces/mcp-uri-template.interface';

/** `{name}`; anything else between braces (operators, lists, modifiers) is a higher level of RFC 6570. */
const EXPRESSION = /\{([^{}]*)\}/g;
const VARNAME = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+(?:\.(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+)*$/;
/** A level-1 expansion percent-encodes `/`, `?` and `#`, so a value never spans segments. */
const VALUE = '([^/?#]+)';

/**
 * An RFC 6570 level-1 URI template (`kobana://kadu/tasks/{id}`), compiled
 * once at start-up into a matcher that reads the variables back from a URI.
 */
export class McpUriTemplate implements McpUriTemplateMatcher {
  private constructor(
    readonly template: string,
    /** The variable names, in order. */
    readonly variables: readonly string[],
    private readonly pattern: RegExp,
  ) {}

  /** Compiles a template; anything beyond level 1 stops start-up. */
  static parse(template: string): McpUriTemplate {
    const variables: string[] = [];
    const literals: string[] = [];
    let last = 0;
    for (const expression of template.matchAll(EXPRESSION)) {
      const name = expression[1];
      if (!VARNAME.test(name)) throw invalid(template, `"{${name}}" is not a level-1 expression`);
      if (variables.includes(name)) throw invalid(template, `"${name}" appears twice`);
      literals.push(template.slice(last, expression.index));
      variables.push(name);
      last = expression.index! + expression[0].length;
    }
    literals.push(template.slice(last));
    if (literals.some((literal) => /[{}]/.test(literal))) throw invalid(template, 'unbalanced braces');
    if (variables.length === 0) throw invalid(template, 'it has no variables (a fixed URI is an @McpResource())');
    const source = literals.map(escapeRegExp).join(VALUE);
    return new McpUriTemplate(template, Object.freeze(variables), new RegExp(`^${source}$`));
  }

  /** The decoded variables of a URI the template matches; `undefined` when it does not (or a value is badly encoded). */
  match(uri: string): Record<string, string> | undefined {
    const found = this.pattern.exec(uri);
    if (!found) return undefined;
    const variables: Record<string, string> = {};
    try {
      this.variables.forEach((name, index) => (variables[name] = decodeURIComponent(found[index + 1])));
    } catch {
      return undefined;
    }
    return variables;
  }
}

function invalid(template: string, why: string): Error {
  return new Error(McpMessages.invalidUriTemplate(template, why));
}

function escapeRegExp(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
