import { auditPageSearch, parseAuditPageQuery } from './audit-page-query.parser';

describe("the audit page's query", () => {
  it('makes the REST listing’s query: whole UTC days, the last one included, and the filters by their listing names', async () => {
    const read = await parseAuditPageQuery(
      { tool: ' kadu_tasks_list ', client: 'c-1', decision: 'allowed', kind: 'mcp', from: '2026-01-10', to: '2026-01-11', cursor: 'abc', person: 'a@b.test' },
      50,
    );
    expect(read.problems).toEqual([]);
    expect({ ...read.listing }).toEqual({
      limit: 50,
      cursor: 'abc',
      tool: 'kadu_tasks_list',
      client_id: 'c-1',
      decision: 'allowed',
      kind: 'mcp',
      since: '2026-01-10T00:00:00.000Z',
      until: '2026-01-12T00:00:00.000Z',
    });
    // The person is looked up by the page: the listing's `subject` is an id, never an e-mail.
    expect(read.listing.subject).toBeUndefined();
    expect(read.filters).toEqual({
      tool: 'kadu_tasks_list',
      person: 'a@b.test',
      client: 'c-1',
      decision: 'allowed',
      kind: 'mcp',
      from: '2026-01-10',
      to: '2026-01-11',
    });
  });

  it('says what is wrong with a day that is not one, and with a value the listing refuses', async () => {
    const read = await parseAuditPageQuery({ from: '2026-02-30', to: 'yesterday', kind: 'sql', tool: 'x'.repeat(201) }, 50);
    expect(read.problems).toEqual([
      'From (UTC day) must be a day as YYYY-MM-DD',
      'To (UTC day, included) must be a day as YYYY-MM-DD',
      'tool must be shorter than or equal to 200 characters',
      'kind must be one of the following values: mcp, oauth',
    ]);
  });

  it('takes a value given twice, or not as text, as not given', async () => {
    const read = await parseAuditPageQuery({ tool: ['a', 'b'], decision: { $ne: 1 } }, 50);
    expect(read.problems).toEqual([]);
    expect({ ...read.listing }).toEqual({ limit: 50 });
  });

  it('writes the filters back as a query string without the empty ones, the cursor last', () => {
    const filters = { tool: 't', person: '', client: 'a b&c', decision: '', kind: '', from: '', to: '2026-01-01' };
    expect(auditPageSearch(filters, 'cur/sor=')).toBe('?tool=t&client=a+b%26c&to=2026-01-01&cursor=cur%2Fsor%3D');
    expect(auditPageSearch({ ...filters, tool: '', client: '', to: '' })).toBe('');
  });
});
