import { escapeText } from './html-escape.codec';
import { checkTemplate } from './html-template.policy';
import { SafeHtml, trustedHtml } from './safe-html.view';

/**
 * What a template may interpolate: text and numbers (escaped), markup the
 * kit built ({@link SafeHtml}, inserted as it is), lists of either (joined
 * with nothing between), and `null` / `undefined` (nothing). A boolean is
 * refused at compile time: `${cond && html`…`}` would print "false".
 */
export type HtmlValue = SafeHtml | string | number | null | undefined | readonly HtmlValue[];

/**
 * The pages' template tag: every interpolated value is escaped for element
 * content and quoted attribute values, unless it is {@link SafeHtml} (what
 * this tag returns), so templates nest and no call site escapes by hand.
 *
 * ```ts
 * html`<li data-scope="${scope}">${description} ${badge}</li>` // scope, description escaped; badge: SafeHtml
 * ```
 *
 * A value goes in text or in a quoted attribute value, nowhere else in a tag
 * (`<a href=${x}>`, `<p ${x}>`): escaping cannot keep it there, so such a
 * template throws the first time it renders ({@link checkTemplate}).
 */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): SafeHtml {
  checkTemplate(strings);
  let markup = strings[0];
  for (let i = 0; i < values.length; i++) markup += render(values[i]) + strings[i + 1];
  return trustedHtml(markup);
}

function render(value: HtmlValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof SafeHtml) return value.toString();
  if (Array.isArray(value)) return (value as readonly HtmlValue[]).map(render).join('');
  return escapeText(String(value));
}
