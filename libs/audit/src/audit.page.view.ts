import { html, localTimeScript, SafeHtml } from '@kobana/pages';
import { AuditEventView } from './audit-event.view';
import { AUDIT_EVENT_KINDS } from './audit-oauth.constants';
import { AuditPageFilters, auditPageSearch } from './audit-page-query.parser';
import { AuditPageMessages } from './audit-page.messages';

/** An instant as the page shows it without a script: UTC, to the second, labelled. */
export function utcText(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

/** An instant on one line: UTC in the markup, the reader's zone once the pages' script ran. */
export function timeElement(iso: string): SafeHtml {
  return html`<time datetime="${iso}" data-date="">${utcText(iso)}</time>`;
}

/** The client as the person knows it: the registered name (or id), and what the client says it is, marked as such. */
export function clientText(event: AuditEventView): SafeHtml {
  const registered = event.client_name ?? event.client_id;
  const said = event.client_info?.name;
  return said ? html`${registered}<br><small>${AuditPageMessages.selfReported(said)}</small>` : html`${registered}`;
}

/** What the page shows of a list: the events, who their subjects are, the current filters, and where paging goes. */
export interface AuditPageList {
  events: AuditEventView[];
  /** E-mail by subject, for the subjects that are people of the platform. */
  people: ReadonlyMap<string, string>;
  filters: AuditPageFilters;
  /** The cursor this page started at; `undefined` on the newest page. */
  cursor?: string;
  nextCursor: string | null;
  /** Problems with the filters, shown above the form; no list is shown with them. */
  problems?: readonly string[];
  /** A line instead of the list (an unknown person, say). */
  notice?: string;
}

/** A link that narrows the list to one value of a filter, keeping the others. */
function narrowLink(filters: AuditPageFilters, name: keyof AuditPageFilters, value: string, label: SafeHtml | string): SafeHtml {
  return html`<a href="/audit${auditPageSearch({ ...filters, [name]: value })}">${label}</a>`;
}

function row(event: AuditEventView, people: ReadonlyMap<string, string>, filters: AuditPageFilters): SafeHtml {
  const [when, person, client, tool, decision, outcome] = AuditPageMessages.columns();
  const email = people.get(event.subject);
  return html`${[
    html`<tr class="audit-event" data-id="${event.id}">`,
    html`<td class="when" data-label="${when}">${timeElement(event.time)}</td>`,
    html`<td class="person" data-label="${person}">${email ? narrowLink(filters, 'person', email, email) : event.subject}</td>`,
    html`<td class="client" data-label="${client}">${narrowLink(filters, 'client', event.client_id, clientText(event))}</td>`,
    html`<td class="tool" data-label="${tool}">${event.tool ? narrowLink(filters, 'tool', event.tool, event.tool) : event.method}</td>`,
    html`<td class="decision" data-label="${decision}">${AuditPageMessages.decision(event.decision)}</td>`,
    html`<td class="outcome" data-label="${outcome}">${AuditPageMessages.outcomeText(event.outcome, event.decision, event.status)}</td>`,
    html`<td class="details"><a href="/audit/events/${event.id}">${AuditPageMessages.details()}</a></td>`,
    html`</tr>`,
  ]}`;
}

function option(value: string, label: string, selected: string): SafeHtml {
  return value === selected ? html`<option value="${value}" selected>${label}</option>` : html`<option value="${value}">${label}</option>`;
}

/** The filter form: a GET to `/audit`, so a filtered list is a link a person can keep. */
function filterForm(filters: AuditPageFilters): SafeHtml {
  const words = AuditPageMessages.filters;
  const field = (name: keyof AuditPageFilters, label: string, type: string, value: string) =>
    type === 'date'
      ? html`<label>${label}<input type="date" name="${name}" value="${value}"></label>`
      : html`<label>${label}<input type="text" name="${name}" value="${value}" maxlength="500"></label>`;
  const decisions = Object.entries(AuditPageMessages.decisions()).map(([value, label]) => option(value, label, filters.decision));
  const kinds = AUDIT_EVENT_KINDS.map((kind) => option(kind, AuditPageMessages.kinds()[kind], filters.kind));
  return html`${[
    html`<form method="get" action="/audit" class="filters" id="audit-filters" aria-label="${words.legend()}">`,
    field('tool', words.tool(), 'text', filters.tool),
    field('person', words.person(), 'text', filters.person),
    field('client', words.client(), 'text', filters.client),
    html`<label>${words.decision()}<select name="decision">${option('', words.any(), filters.decision)}${decisions}</select></label>`,
    html`<label>${words.kind()}<select name="kind">${option('', words.any(), filters.kind)}${kinds}</select></label>`,
    field('from', words.from(), 'date', filters.from),
    field('to', words.to(), 'date', filters.to),
    html`<div class="actions"><button class="primary" type="submit">${words.apply()}</button><a href="/audit" id="clear-filters">${words.clear()}</a></div>`,
    html`</form>`,
  ]}`;
}

/**
 * The body of `/audit`: the filters, then one row per event, newest first
 * (cards on a phone), every value escaped, and links to older events and
 * back to the newest.
 */
export function auditPageBody(list: AuditPageList): SafeHtml {
  const filtered = Object.values(list.filters).some(Boolean);
  const head = AuditPageMessages.columns().map((column) => html`<th scope="col">${column}</th>`);
  let content: SafeHtml;
  if (list.problems?.length) content = html`<ul class="error" id="filter-problems">${list.problems.map((problem) => html`<li>${problem}</li>`)}</ul>`;
  else if (list.notice) content = html`<p id="no-events">${list.notice}</p>`;
  else if (list.events.length)
    content = html`<table id="audit-events" class="events"><thead><tr>${head}</tr></thead><tbody>${list.events.map((event) => row(event, list.people, list.filters))}</tbody></table>`;
  else
    content = html`<p id="no-events">${list.nextCursor ? AuditPageMessages.noneHereLookFurther() : filtered || list.cursor ? AuditPageMessages.noneMatching() : AuditPageMessages.none()}</p>`;
  const older = list.nextCursor ? html`<a id="older" href="/audit${auditPageSearch(list.filters, list.nextCursor)}">${AuditPageMessages.older()}</a>` : null;
  const newest = list.cursor ? html`<a id="newest" href="/audit${auditPageSearch(list.filters)}">${AuditPageMessages.newest()}</a>` : null;
  return html`${[
    html`<h1>${AuditPageMessages.title()}</h1><p>${AuditPageMessages.intro()}</p>`,
    filterForm(list.filters),
    html`<p class="note">${AuditPageMessages.whenLabel()}</p>`,
    content,
    older || newest ? html`<nav class="paging">${newest}${older}</nav>` : null,
    localTimeScript(),
  ]}`;
}
