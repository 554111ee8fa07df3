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

  it.each([
    ['postgres://kadu:s3cret@db:5432/kadu', 'kadu@db:5432/kadu'],
    ['postgresql://db/kadu?sslmode=require', 'db/kadu'],
    ['POSTGRES://k%40du@127.0.0.1:6543/my%20db', 'k@du@127.0.0.1:6543/my db'],
  ])('%s is PostgreSQL, described as %s without the password', (url, safeName) => {
    const location = parseDatabaseUrl(url);
    expect(location).toEqual({ dialect: 'postgres', connectionString: url, safeName });
    expect(describeDatabase(location)).toBe(`postgres ${safeName}`);
    expect(describeDatabase(location)).not.toContain('s3cret');
  });

  it.each(['postgres://db', 'postgres:///kadu', 'postgres://u:s3cret@[bad/kadu'])('refuses %s without echoing it', (url) => {
    expect(() => parseDatabaseUrl(url)).toThrow(/DATABASE_URL/);
    expect(() => parseDatabaseUrl(url)).not.toThrow(/s3cret/);
  });

  it.each(['mysql://db/kadu', './kadu.sqlite', 'sqlite:'])('refuses %s', (url) => {
    expect(() => parseDatabaseUrl(url)).toThrow(/DATABASE_URL/);
  });

  it('describes a location for logs', () => {
    expect(describeDatabase(parseDatabaseUrl('sqlite::memory:'))).toBe('sqlite :memory:');
  });
});
