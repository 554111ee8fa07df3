import { McpUriTemplate } from './mcp-uri-template.parser';

describe('McpUriTemplate (RFC 6570 level 1)', () => {
  it('reads each variable back from a URI, decoded', () => {
    const template = McpUriTemplate.parse('kobana://kadu/orgs/{org}/tasks/{id}');
    expect(template.variables).toEqual(['org', 'id']);
    expect(template.match('kobana://kadu/orgs/o-1/tasks/t%2F2')).toEqual({ org: 'o-1', id: 't/2' });
    expect(template.match('kobana://kadu/orgs/o%C3%A7/tasks/1')).toEqual({ org: 'oç', id: '1' });
  });

  it('matches literals exactly, regular-expression characters included', () => {
    const template = McpUriTemplate.parse('host://r.e+p(x)/{name}.csv');
    expect(template.match('host://r.e+p(x)/may.csv')).toEqual({ name: 'may' });
    expect(template.match('host://rXe+p(x)/may.csv')).toBeUndefined();
    expect(template.match('host://r.e+p(x)/may.csvx')).toBeUndefined();
  });

  it.each([
    ['an empty value', 'kobana://kadu/tasks/'],
    ['a value spanning segments', 'kobana://kadu/tasks/1/2'],
    ['a query', 'kobana://kadu/tasks/1?x=1'],
    ['a fragment', 'kobana://kadu/tasks/1#x'],
    ['a malformed escape', 'kobana://kadu/tasks/%E0%A4%A'],
    ['another prefix', 'kobana://kadu/task/1'],
  ])('does not match %s', (_, uri) => {
    expect(McpUriTemplate.parse('kobana://kadu/tasks/{id}').match(uri)).toBeUndefined();
  });

  it.each([
    ['{+path}', 'is not a level-1 expression'],
    ['{#frag}', 'is not a level-1 expression'],
    ['{?q}', 'is not a level-1 expression'],
    ['{a,b}', 'is not a level-1 expression'],
    ['{id:3}', 'is not a level-1 expression'],
    ['{list*}', 'is not a level-1 expression'],
    ['{}', 'is not a level-1 expression'],
    ['{id}}', 'unbalanced braces'],
    ['{{id}', 'unbalanced braces'],
    ['{id}-{id}', 'appears twice'],
    ['fixed', 'has no variables'],
  ])('refuses %s', (expression, why) => {
    expect(() => McpUriTemplate.parse(`host://x/${expression}`)).toThrow(why);
  });

  it('accepts dotted and percent-encoded variable names', () => {
    expect(McpUriTemplate.parse('host://x/{a.b}/{c%20d}').variables).toEqual(['a.b', 'c%20d']);
  });
});
