import { ArgumentsHost, HttpServer, Logger, NotFoundException } from '@nestjs/common';
import { DatabaseUnavailableFilter } from './database-unavailable.filter';

type Stub = { [K in 'isHeadersSent' | 'setHeader' | 'reply' | 'end' | 'getRequestMethod' | 'getRequestUrl']: jest.Mock };

function adapterStub(headersSent = false): Stub {
  return {
    isHeadersSent: jest.fn(() => headersSent),
    setHeader: jest.fn(),
    reply: jest.fn(),
    end: jest.fn(),
    getRequestMethod: jest.fn(() => 'POST'),
    getRequestUrl: jest.fn(() => '/api/v1/tasks?token=s3cret'),
  };
}

const request = { tag: 'request' };
const response = { tag: 'response' };

function hostOf(type = 'http', req: object = request): ArgumentsHost {
  return { getType: () => type, getArgByIndex: (index: number) => [req, response][index] } as unknown as ArgumentsHost;
}

/** A fault as the drivers throw it: an Error with a string `code`, its message quoting what it likes. */
function fault(code: string, message = 'database is locked'): Error {
  return Object.assign(new Error(message), { code });
}

describe('DatabaseUnavailableFilter', () => {
  let warn: jest.SpyInstance;
  let error: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation();
    error = jest.spyOn(Logger.prototype, 'error').mockImplementation();
  });
  afterEach(() => jest.restoreAllMocks());

  it('answers a locked SQLite database 503 + Retry-After: 1 in Nest error shape, and warns once without the query string', () => {
    const adapter = adapterStub();
    new DatabaseUnavailableFilter(adapter as unknown as HttpServer).catch(fault('SQLITE_BUSY'), hostOf());

    expect(adapter.setHeader.mock.calls).toEqual([[response, 'Retry-After', '1']]);
    expect(adapter.reply.mock.calls).toEqual([
      [response, { statusCode: 503, message: 'Service temporarily unavailable: retry the request', error: 'Service Unavailable' }, 503],
    ]);
    expect(warn.mock.calls).toEqual([['Transient database fault SQLITE_BUSY on POST /api/v1/tasks: answered 503, Retry-After 1']]);
    expect(error).not.toHaveBeenCalled();
  });

  it('answers a full disk 503 + Retry-After: 30 saying storage is full, and logs the cause in words', () => {
    const adapter = adapterStub();
    new DatabaseUnavailableFilter(adapter as unknown as HttpServer).catch(fault('SQLITE_FULL', 'database or disk is full'), hostOf());

    expect(adapter.setHeader.mock.calls).toEqual([[response, 'Retry-After', '30']]);
    expect(adapter.reply.mock.calls).toEqual([
      [
        response,
        {
          statusCode: 503,
          message: 'Service temporarily unavailable: storage is full or failing, nothing was saved; retry the request later',
          error: 'Service Unavailable',
        },
        503,
      ],
    ]);
    expect(warn.mock.calls).toEqual([['Storage fault SQLITE_FULL (database or disk is full) on POST /api/v1/tasks: answered 503, Retry-After 30']]);
  });

  it('shows a browser on a page the same words as a page, and keeps JSON for /api/ whoever asks', () => {
    const browser = { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } };
    const onPage = { ...adapterStub(), getRequestUrl: jest.fn(() => '/approvals/abc?t=s3cret') };
    new DatabaseUnavailableFilter(onPage as unknown as HttpServer).catch(fault('57P01'), hostOf('http', browser));

    expect(onPage.setHeader.mock.calls).toEqual(
      expect.arrayContaining([
        [response, 'Retry-After', '1'],
        [response, 'Content-Type', 'text/html; charset=utf-8'],
        [response, 'Cache-Control', 'no-store'],
      ]),
    );
    const [, page, status] = onPage.reply.mock.calls[0];
    expect(status).toBe(503);
    expect(page).toContain('<p>Service temporarily unavailable: retry the request</p><p>Please try again in 1 second(s).</p>');
    expect(page).not.toContain('s3cret');

    const onApi = adapterStub();
    new DatabaseUnavailableFilter(onApi as unknown as HttpServer).catch(fault('57P01'), hostOf('http', browser));
    expect(onApi.reply.mock.calls[0][1]).toEqual({
      statusCode: 503,
      message: 'Service temporarily unavailable: retry the request',
      error: 'Service Unavailable',
    });
  });

  it('logs a PostgreSQL fault by its SQLSTATE only, never the message that may quote values', () => {
    const adapter = adapterStub();
    new DatabaseUnavailableFilter(adapter as unknown as HttpServer).catch(fault('40P01', 'deadlock on key (document)=(123.456.789-00)'), hostOf());

    expect(adapter.reply.mock.calls[0][2]).toBe(503);
    expect(warn.mock.calls).toEqual([['Transient database fault 40P01 on POST /api/v1/tasks: answered 503, Retry-After 1']]);
  });

  it('names a pool timeout, which has no code, POOL_TIMEOUT', () => {
    const adapter = adapterStub();
    new DatabaseUnavailableFilter(adapter as unknown as HttpServer).catch(new Error('timeout exceeded when trying to connect'), hostOf());

    expect(adapter.setHeader.mock.calls).toEqual([[response, 'Retry-After', '1']]);
    expect(warn.mock.calls).toEqual([['Transient database fault POOL_TIMEOUT on POST /api/v1/tasks: answered 503, Retry-After 1']]);
  });

  it("leaves any other error to Nest: a bug stays a logged 500 'Internal server error', without Retry-After", () => {
    const adapter = adapterStub();
    const bug = fault('SQLITE_CONSTRAINT_UNIQUE', 'UNIQUE constraint failed: tasks.id');
    new DatabaseUnavailableFilter(adapter as unknown as HttpServer).catch(bug, hostOf());

    expect(adapter.setHeader).not.toHaveBeenCalled();
    expect(adapter.reply.mock.calls).toEqual([[response, { statusCode: 500, message: 'Internal server error' }, 500]]);
    expect(error.mock.calls).toEqual([[bug]]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('leaves an HttpException to Nest: its own status and body', () => {
    const adapter = adapterStub();
    new DatabaseUnavailableFilter(adapter as unknown as HttpServer).catch(new NotFoundException('Task not found'), hostOf());

    expect(adapter.setHeader).not.toHaveBeenCalled();
    expect(adapter.reply.mock.calls).toEqual([[response, { statusCode: 404, message: 'Task not found', error: 'Not Found' }, 404]]);
  });

  it('once the response has started, cannot change its status: ends it as Nest does', () => {
    const adapter = adapterStub(true);
    new DatabaseUnavailableFilter(adapter as unknown as HttpServer).catch(fault('SQLITE_BUSY'), hostOf());

    expect(adapter.setHeader).not.toHaveBeenCalled();
    expect(adapter.reply).not.toHaveBeenCalled();
    expect(adapter.end.mock.calls).toEqual([[response]]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('sets no HTTP header outside an HTTP context', () => {
    const adapter = adapterStub();
    new DatabaseUnavailableFilter(adapter as unknown as HttpServer).catch(fault('SQLITE_BUSY'), hostOf('rpc'));

    expect(adapter.setHeader).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });
});
