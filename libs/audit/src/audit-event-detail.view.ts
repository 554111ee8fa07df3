import { html, localTimeScript, SafeHtml } from '@kobana/pages';
import { AuditEventView } from './audit-event.view';
import { AuditPageMessages } from './audit-page.messages';
import { clientText, timeElement } from './audit.page.view';

/**
 * `/audit/events/<id>`: one event in full: who, which client, the call, the
 * decision and its outcome in words, the approval and who decided it, the
 * correlation id of a fault, the OpenTelemetry trace id of the call (to find
 * its trace), and the arguments as stored (without what the
 * tool marks `@McpSensitive()`, which never reaches the table).
 *
 * @param people - E-mail by subject, for the event's subject and approver.
 */
export function auditEventDetailBody(event: AuditEventView, people: ReadonlyMap<string, string>): SafeHtml {
  const words = AuditPageMessages.detail;
  const who = (subject: string) => people.get(subject) ?? subject;
  const item = (id: string, term: string, value: SafeHtml | string | number) => html`<dt>${term}</dt><dd id="${id}">${value}</dd>`;
  const approval = event.approval_id
    ? html`<code>${event.approval_id}</code>${event.approved_by ? html` · ${words.approvedBy(who(event.approved_by))}` : null}`
    : null;
  const args =
    event.arguments === null
      ? html`<p id="event-arguments" class="note">${words.noArguments()}</p>`
      : html`<pre id="event-arguments">${JSON.stringify(event.arguments, null, 2)}</pre><p class="note">${words.argumentsNote()}</p>`;
  return html`${[
    html`<p><a href="/audit" id="back">${words.back()}</a></p>`,
    html`<h1>${words.title()}</h1><dl>`,
    item('event-when', words.when(), timeElement(event.time)),
    item('event-kind', words.kind(), AuditPageMessages.kinds()[event.kind] ?? event.kind),
    item('event-person', words.person(), who(event.subject)),
    item('event-client', words.client(), html`${clientText(event)} <small><code>${event.client_id}</code></small>`),
    item('event-call', words.call(), html`<code>${event.tool ?? event.method}</code>${event.tool ? html` <small>(${event.method})</small>` : null}`),
    item('event-decision', words.decision(), AuditPageMessages.decision(event.decision)),
    item('event-outcome', words.outcome(), AuditPageMessages.outcomeText(event.outcome, event.decision, event.status)),
    event.status === null ? null : item('event-status', words.status(), event.status),
    event.error_code === null ? null : item('event-error-code', words.errorCode(), event.error_code),
    item('event-duration', words.duration(), words.durationMs(event.duration_ms)),
    approval ? item('event-approval', words.approval(), approval) : null,
    event.correlation_id ? item('event-correlation', words.correlation(), html`<code>${event.correlation_id}</code>`) : null,
    event.trace_id ? item('event-trace', words.trace(), html`<code>${event.trace_id}</code>`) : null,
    event.protocol_version ? item('event-protocol', words.protocol(), event.protocol_version) : null,
    event.arguments_digest ? item('event-digest', words.digest(), html`<code>${event.arguments_digest}</code>`) : null,
    html`</dl><h2>${words.arguments()}</h2>`,
    args,
    localTimeScript(),
  ]}`;
}
