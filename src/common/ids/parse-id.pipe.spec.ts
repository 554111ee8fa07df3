import { ParseIdPipe } from './parse-id.pipe';

describe('ParseIdPipe', () => {
  const pipe = new ParseIdPipe();

  it('passes an id of up to 64 characters through unchanged', async () => {
    expect(await pipe.transform('3f0c7a52-8f7e-4d8b-9f0e-2d4f5b6c7d8e')).toBe('3f0c7a52-8f7e-4d8b-9f0e-2d4f5b6c7d8e');
    expect(await pipe.transform('x'.repeat(64))).toBe('x'.repeat(64));
  });

  it('refuses a longer one with the body the DTO validation gives', async () => {
    await expect(pipe.transform('x'.repeat(65))).rejects.toMatchObject({
      status: 400,
      response: { statusCode: 400, error: 'Bad Request', message: ['id must be shorter than or equal to 64 characters'] },
    });
  });
});
