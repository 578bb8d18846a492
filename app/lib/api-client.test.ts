import { describe, expect, it, vi } from 'vitest';
import { ApiFailure, createApiClient, NetworkFailure } from './api-client';

type Answer = { status?: number; body?: unknown } | Error;

function client(answers: Answer[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const hooks = {
    locale: () => 'en_US' as const,
    toast: vi.fn(),
    fallbackMessage: () => 'system error, try again later',
    describeRefusal: (refusal: { reason: string }, label: string | undefined) =>
      `${label ?? 'An entry'} ${refusal.reason}`,
    sessionEnded: vi.fn(),
    networkFailed: vi.fn(),
    sleep: async () => {},
    fetch: async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), init: init ?? {} });
      const answer = answers.shift() ?? new TypeError('Failed to fetch');
      if (answer instanceof Error) throw answer;
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
    },
  };
  return { api: createApiClient(hooks), hooks, calls };
}

const ok = (result: unknown) => ({ body: { status: 'success', result, errorCode: 0, errorMsg: '' } });
const fail = (errorCode: number, errorMsg = '') => ({
  body: { status: 'fail', result: null, errorCode, errorMsg },
});

describe('the browser API client', () => {
  it('sends sysType, lan and _t, and returns the result; the token goes in its HttpOnly cookie', async () => {
    const { api, calls } = client([ok([1, 2])]);
    expect(await api.get('/game/menus', { query: { game: 'lol' } })).toEqual([1, 2]);
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(headers).toMatchObject({ sysType: 'PC', lan: 'en_US' });
    expect(headers).not.toHaveProperty('token');
    expect(calls[0]?.init.credentials).toBe('same-origin');
    expect(calls[0]?.url).toMatch(/^\/java\/game\/menus\?game=lol&_t=\d+$/);
  });

  it('names a refused field by the label the caller gave, in the toast and the failure', async () => {
    const issue = { field: 'recipient', reason: 'required', message: 'recipient: is required' };
    const { api, hooks } = client([
      { body: { status: 'fail', result: { issues: [issue] }, errorCode: 1002, errorMsg: issue.message } },
    ]);
    const failure = await api
      .post('/mall/exchange', {}, { labels: { recipient: 'Recipient' } })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect((failure as ApiFailure).message).toBe('Recipient required');
    expect((failure as ApiFailure).refusals).toEqual([{ ...issue, message: 'Recipient required' }]);
    expect(hooks.toast).toHaveBeenCalledWith('Recipient required');
  });

  it('retries a read up to 3 times after network failures', async () => {
    const { api, calls } = client([
      new TypeError('x'),
      { status: 502, body: 'bad gateway' },
      new TypeError('x'),
      ok('fine'),
    ]);
    expect(await api.get('/game/menus')).toBe('fine');
    expect(calls).toHaveLength(4);
  });

  it('shows the network-problem page when every try failed', async () => {
    const { api, hooks, calls } = client([]);
    await expect(api.get('/game/menus')).rejects.toBeInstanceOf(NetworkFailure);
    expect(calls).toHaveLength(4);
    expect(hooks.networkFailed).toHaveBeenCalledOnce();
  });

  it("leaves a background call's failure to its caller: no network-problem page, no toast", async () => {
    const lost = client([]);
    await expect(
      lost.api.post('/live/heartbeat', { roomId: 1 }, { background: true }),
    ).rejects.toBeInstanceOf(NetworkFailure);
    expect(lost.hooks.networkFailed).not.toHaveBeenCalled();
    const refused = client([fail(1003, 'please log in')]);
    await expect(refused.api.post('/live/heartbeat', {}, { background: true })).rejects.toBeInstanceOf(
      ApiFailure,
    );
    expect(refused.hooks.toast).not.toHaveBeenCalled();
  });

  it('never retries calls that change something', async () => {
    const follow = client([]);
    await expect(follow.api.get('/user/followUser', { query: { userId: 1 } })).rejects.toBeInstanceOf(
      NetworkFailure,
    );
    expect(follow.calls).toHaveLength(1);
    const post = client([]);
    await expect(post.api.post('/login/V2/mobileOrNameToLogin', {})).rejects.toBeInstanceOf(NetworkFailure);
    expect(post.calls).toHaveLength(1);
  });

  it('toasts errorMsg, else msg, else the fallback', async () => {
    const withMessage = client([fail(4001, 'You have been muted')]);
    await expect(withMessage.api.get('/x')).rejects.toBeInstanceOf(ApiFailure);
    expect(withMessage.hooks.toast).toHaveBeenCalledWith('You have been muted');

    const withMsg = client([{ body: { code: 400, msg: 'Format error' } }]);
    await expect(withMsg.api.get('/x')).rejects.toBeInstanceOf(ApiFailure);
    expect(withMsg.hooks.toast).toHaveBeenCalledWith('Format error');

    const bare = client([{ body: { code: -1 } }]);
    await expect(bare.api.get('/x')).rejects.toBeInstanceOf(ApiFailure);
    expect(bare.hooks.toast).toHaveBeenCalledWith('system error, try again later');
  });

  it('leaves the toast to callers that show errors themselves', async () => {
    const { api, hooks } = client([fail(2001, 'Verification code wrong')]);
    await expect(api.post('/login/V2/getLoginByEmailCheckCode', {}, { quiet: true })).rejects.toMatchObject({
      errorCode: 2001,
      message: 'Verification code wrong',
    });
    expect(hooks.toast).not.toHaveBeenCalled();
  });

  it('ends the session on 3000 and 3001 without a toast', async () => {
    for (const code of [3000, 3001]) {
      const { api, hooks } = client([fail(code, 'expired')]);
      await expect(api.get('/user/info')).rejects.toBeInstanceOf(ApiFailure);
      expect(hooks.sessionEnded).toHaveBeenCalledOnce();
      expect(hooks.toast).not.toHaveBeenCalled();
    }
  });
});
