import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverGuard } from './serverGuard';

function args(url = 'http://localhost/admin/users') {
  return { request: new Request(url), params: {}, context: undefined } as never;
}

describe('serverGuard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens the screen and reads the probe’s body to its end, so the page goes quiet', async () => {
    const res = new Response('{"data":[],"meta":{}}', { status: 200 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => res),
    );
    await expect(serverGuard('/v1/admin/users?per_page=1')(args())).resolves.toBeNull();
    expect(res.bodyUsed).toBe(true);
  });

  it('shows the server’s message on a 403', async () => {
    const body = JSON.stringify({ message: 'Your admin level cannot open this screen.' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(body, { status: 403 })),
    );
    await expect(serverGuard('/v1/admin/users?per_page=1')(args())).rejects.toMatchObject({
      init: { status: 403 },
      data: 'Your admin level cannot open this screen.',
    });
  });
});
