import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadFile } from './upload';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploading a picked file', () => {
  it('keeps the query of the call beside _t, and sends the bytes with sysType and lan', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      Response.json({ status: 'success', result: { url: '/uploads/a.webp' }, errorCode: 0, errorMsg: '' }),
    );
    vi.stubGlobal('fetch', fetch);
    const file = new File([new Uint8Array([1, 2, 3])], 'cover.png', { type: 'image/png' });
    expect(await uploadFile('/anchor/picture?kind=room', file, 'en_US')).toEqual({ url: '/uploads/a.webp' });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toMatch(/^\/java\/anchor\/picture\?kind=room&_t=\d+$/);
    expect(init?.headers).toMatchObject({ sysType: 'PC', lan: 'en_US' });
    expect(init?.body).toBe(file);
  });
});
