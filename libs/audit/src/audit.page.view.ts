import { escapeHtml } from '@kobana/approvals';
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
function clientText(event: AuditEventView): string {
  const registered = escapeHtml(event.client_name ?? event.client_id);
  const said = event.client_info?.name;
  return said ? `${registered}<br><small>${escapeHtml(AuditPageMessages.selfReported(said))}</small>` : registered;
}

/**
 * The body of `/audit`: one row per event, newest first, every value
 * escaped, and a link to the next page when there is one.
 */
export function auditPageBody(events: AuditEventView[], people: ReadonlyMap<string, string>, nextCursor: string | null): string {
  const rows = events.map(
    (event) =>
      `<tr class="audit-event" data-id="${escapeHtml(event.id)}">` +
      `<td><time datetime="${escapeHtml(event.time)}">${escapeHtml(utc(event.time))}</time></td>` +
      `<td>${escapeHtml(people.get(event.subject) ?? event.subject)}</td>` +
      `<td>${clientText(event)}</td>` +
      `<td class="tool">${escapeHtml(event.tool ?? event.method)}</td>` +
      `<td class="decision">${escapeHtml(AuditPageMessages.decision(event.decision))}</td>` +
      `<td class="outcome">${escapeHtml(outcomeText(event))}</td>` +
      `</tr>`,
  );
  const table = events.length
    ? `<table id="audit-events"><thead><tr>${AuditPageMessages.columns()
        .map((column) => `<th>${escapeHtml(column)}</th>`)
        .join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`
    : `<p id="no-events">${escapeHtml(AuditPageMessages.none())}</p>`;
  const more = nextCursor ? `<p><a id="older" href="/audit?cursor=${encodeURIComponent(nextCursor)}">${escapeHtml(AuditPageMessages.older())}</a></p>` : '';
  return `<h1>${escapeHtml(AuditPageMessages.title())}</h1><p>${escapeHtml(AuditPageMessages.intro())}</p>${table}${more}`;
}
