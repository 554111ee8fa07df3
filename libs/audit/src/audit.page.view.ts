import { html, SafeHtml } from '@kobana/pages';
import { AuditEventView } from './audit-event.view';
import { AuditPageMessages } from './audit-page.messages';

/** An instant as the page shows it without a script: UTC, to the second. */
function utc(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

/** What came of the event, in words: the outcome, and the status or correlation id that goes with it. */
function outcomeText(event: AuditEventView): string {
  const status = event.status === null ? '' : ` (${event.status})`;
  if (event.outcome === 'internal_error')
    return `${AuditPageMessages.outcome(event.outcome)}${status}${event.correlation_id ? ` ${event.correlation_id}` : ''}`;
  return `${AuditPageMessages.outcome(event.outcome)}${status}`;
}

/** The client as the person knows it: the registered name (or id), and what the client says it is, marked as such. */
function clientText(event: AuditEventView): SafeHtml {
  const registered = event.client_name ?? event.client_id;
  const said = event.client_info?.name;
  return said ? html`${registered}<br><small>${AuditPageMessages.selfReported(said)}</small>` : html`${registered}`;
}

/**
 * The body of `/audit`: one row per event, newest first, every value
 * escaped, and a link to the next page when there is one.
 */
export function auditPageBody(events: AuditEventView[], people: ReadonlyMap<string, string>, nextCursor: string | null): SafeHtml {
  const rows = events.map(
    (event) =>
      html`${[
        html`<tr class="audit-event" data-id="${event.id}">`,
        html`<td><time datetime="${event.time}">${utc(event.time)}</time></td>`,
        html`<td>${people.get(event.subject) ?? event.subject}</td>`,
        html`<td>${clientText(event)}</td>`,
        html`<td class="tool">${event.tool ?? event.method}</td>`,
        html`<td class="decision">${AuditPageMessages.decision(event.decision)}</td>`,
        html`<td class="outcome">${outcomeText(event)}</td>`,
        html`</tr>`,
      ]}`,
  );
  const head = AuditPageMessages.columns().map((column) => html`<th>${column}</th>`);
  const table = events.length
    ? html`<table id="audit-events"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`
    : html`<p id="no-events">${AuditPageMessages.none()}</p>`;
  const more = nextCursor ? html`<p><a id="older" href="/audit?cursor=${encodeURIComponent(nextCursor)}">${AuditPageMessages.older()}</a></p>` : null;
  return html`<h1>${AuditPageMessages.title()}</h1><p>${AuditPageMessages.intro()}</p>${table}${more}`;
}
