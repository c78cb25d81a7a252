import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';

const reply = (status: number, body: unknown) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

describe('apiRequest errors', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("keeps the server's code and message when the error has no details", async () => {
    vi.stubGlobal(
      'fetch',
      reply(400, {
        success: false,
        error: { code: 'CodeMismatchException', message: 'Invalid verification code. Please try again.' },
      }),
    );
    const err = await apiRequest('/auth/confirm', { method: 'POST', body: {}, anonymous: true }).catch(
      (e: unknown) => e as ApiError,
    );
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 400,
      code: 'CodeMismatchException',
      message: 'Invalid verification code. Please try again.',
    });
  });

  it('keeps details when present', async () => {
    vi.stubGlobal(
      'fetch',
      reply(400, {
        success: false,
        error: { code: 'VALIDATION_ERROR', message: 'Bad', details: [{ path: 'x' }] },
      }),
    );
    const err = await apiRequest('/x', { anonymous: true }).catch((e: unknown) => e as ApiError);
    expect(err).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'x' }] });
  });

  it('falls back to the generic wording for a body that is not the envelope', async () => {
    vi.stubGlobal('fetch', reply(502, { nope: true }));
    const err = (await apiRequest('/x', { anonymous: true }).catch((e: unknown) => e)) as ApiError;
    expect(err).toMatchObject({ code: 'HTTP_ERROR' });
    expect(err.message).toMatch(/^API request failed: 502/);
  });
});

describe('apiRequest headers', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends extra headers such as the idempotency key', async () => {
    const fetchMock = reply(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/x', {
      method: 'POST',
      body: {},
      anonymous: true,
      headers: { 'idempotency-key': 'k-1' },
    });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.headers).toMatchObject({ 'idempotency-key': 'k-1', 'content-type': 'application/json' });
  });
});
