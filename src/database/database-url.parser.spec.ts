import { describeDatabase, parseDatabaseUrl } from './database-url.parser';

describe('parseDatabaseUrl', () => {
  const cwd = '/srv/kadu';

  it.each([
    ['sqlite:./data/kadu.sqlite', '/srv/kadu/data/kadu.sqlite'],
    ['sqlite:data/kadu.sqlite', '/srv/kadu/data/kadu.sqlite'],
    ['sqlite:/var/lib/kadu.sqlite', '/var/lib/kadu.sqlite'],
    ['sqlite:///var/lib/kadu.sqlite', '/var/lib/kadu.sqlite'],
    ['file:./kadu.db', '/srv/kadu/kadu.db'],
    ['file:///var/lib/my%20kadu.db', '/var/lib/my kadu.db'],
    ['sqlite::memory:', ':memory:'],
  ])('%s → %s', (url, filename) => {
    expect(parseDatabaseUrl(url, cwd)).toEqual({ dialect: 'sqlite', filename });
  });

  it('refuses PostgreSQL for now, saying so', () => {
    expect(() => parseDatabaseUrl('postgres://u:p@db/kadu')).toThrow(/PostgreSQL is not supported yet/);
  });

  it.each(['mysql://db/kadu', './kadu.sqlite', 'sqlite:'])('refuses %s', (url) => {
    expect(() => parseDatabaseUrl(url)).toThrow(/DATABASE_URL/);
  });

  it('describes a location for logs', () => {
    expect(describeDatabase(parseDatabaseUrl('sqlite::memory:'))).toBe('sqlite :memory:');
  });
});
