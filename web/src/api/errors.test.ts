import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { api, setApiErrorReporter } from './client';
import { ApiError, apiErrorFromBody, apiErrorFromThrown, reactionFor } from './errors';

const t = i18n.t;

describe('error catalogue (spec section 8)', () => {
  it('400: warning titled Error with the server message', () => {
    const r = reactionFor(apiErrorFromBody(400, { message: 'Not enough Top-Up' }), t);
    expect(r.toast).toEqual({ type: 'warning', title: 'Error', message: 'Not enough Top-Up' });
  });

  it('401: signs out, no toast', () => {
    expect(reactionFor(apiErrorFromBody(401, { message: 'x' }), t)).toEqual({ signOut: true });
  });

  it('422 with field errors: no toast, errors go under the fields', () => {
    const error = apiErrorFromBody(422, {
      message: 'Invalid input',
      errors: { email: ['Enter a valid email address.'] },
    });
    expect(error.fieldErrors).toEqual({ email: ['Enter a valid email address.'] });
    expect(reactionFor(error, t)).toEqual({});
  });

  it('500: danger Internal Error with the spec text', () => {
    const r = reactionFor(apiErrorFromBody(500, null), t);
    expect(r.toast).toEqual({
      type: 'danger',
      title: 'Internal Error',
      message: 'An internal error occurred. Please try again later or contact us.',
    });
  });

  it('503: the servers-down message', () => {
    const r = reactionFor(apiErrorFromBody(503, null), t);
    expect(r.toast?.message).toBe(
      'Our servers are currently down and we are working on getting them back up and running as soon as possible. Please refresh or come back later.',
    );
  });

  it('429: shows the message and keeps Retry-After', () => {
    const error = apiErrorFromBody(429, { message: 'Too many attempts.' }, '30');
    expect(error.retryAfter).toBe(30);
    expect(reactionFor(error, t).toast?.message).toBe('Too many attempts.');
  });

  it('no response: danger "No response received" with the error message or the default', () => {
    expect(reactionFor(apiErrorFromThrown(new TypeError('Failed to fetch')), t).toast).toEqual({
      type: 'danger',
      title: 'No response received',
      message: 'Failed to fetch',
    });
    expect(reactionFor(new ApiError('network', ''), t).toast?.message).toBe(
      'The request was made but no response was received. Please try again later.',
    );
  });

  it('request setup failure: danger "Something happened in setting up the request"', () => {
    const r = reactionFor(apiErrorFromThrown(new Error('bad header')), t);
    expect(r.toast?.type).toBe('danger');
    expect(r.toast?.title).toBe('Something happened in setting up the request');
  });
});

describe('API client middleware', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setApiErrorReporter(() => {});
    // biome-ignore lint/suspicious/noDocumentCookie: test fixture.
    document.cookie = 'addme_csrf=; path=/; max-age=0';
  });

  it('sends the CSRF cookie as X-CSRF-Token on state-changing calls only', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: test fixture.
    document.cookie = 'addme_csrf=abc123; path=/';
    const seen: Request[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (req: Request) => {
        seen.push(req);
        return new Response(JSON.stringify({ message: 'ok' }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    await api.POST('/v1/auth/forgot-password', {
      body: { email: 'a@b.c' },
      fetch: globalThis.fetch,
    });
    await api.GET('/v1/config', { fetch: globalThis.fetch });
    expect(seen[0].headers.get('X-CSRF-Token')).toBe('abc123');
    expect(seen[1].headers.get('X-CSRF-Token')).toBeNull();
  });

  it('reports each failure once, except a 401 from asking who is signed in', async () => {
    const reports: ApiError[] = [];
    setApiErrorReporter((e) => reports.push(e));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (req: Request) =>
        req.url.endsWith('/v1/auth/user')
          ? new Response(JSON.stringify({ message: 'Unauthenticated' }), { status: 401 })
          : new Response(JSON.stringify({ message: 'Boom' }), { status: 500 }),
      ),
    );
    await api.GET('/v1/auth/user', { fetch: globalThis.fetch });
    await api.GET('/v1/user/account', { fetch: globalThis.fetch });
    expect(reports).toHaveLength(1);
    expect(reports[0].status).toBe(500);
  });
});
