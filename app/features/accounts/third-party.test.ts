import { describe, expect, it } from 'vitest';
import { signInScriptOrigins } from '../../../modules/accounts/accounts.contract';
import { recogniseCallback } from './callback';
import { layoutOf } from './flow';
import { appleSignInConfig, asLoginResult } from './third-party';

const query = (search: string) => recogniseCallback(new URLSearchParams(search));

describe('recogniseCallback', () => {
  it('reads oauth_token as X', () => {
    expect(query('?oauth_token=t1&oauth_verifier=v1')).toEqual({
      provider: 'x',
      token: 't1',
      verifier: 'v1',
    });
  });

  it('reads code with scope and authuser as Google, with its state and issuer', () => {
    expect(query('?code=g1&scope=email&authuser=0&state=googleab&iss=https://accounts.google.com')).toEqual({
      provider: 'google',
      code: 'g1',
      state: 'googleab',
      iss: 'https://accounts.google.com',
    });
  });

  it('reads code with a Google state as Google, as a provider without authuser sends it', () => {
    expect(query('?code=g2&state=google01&iss=https://op.example')).toMatchObject({
      provider: 'google',
      state: 'google01',
    });
  });

  it('reads code with a QQ or WeChat state as QQ (type 1) or WeChat (type 2)', () => {
    expect(query('?code=q1&state=qq12ab')).toEqual({
      provider: 'qqOrWechat',
      code: 'q1',
      state: 'qq12ab',
      type: 1,
    });
    expect(query('?code=w1&state=wechat9f')).toMatchObject({ provider: 'qqOrWechat', type: 2 });
  });

  it('reads code alone, or with a Line state, as Line', () => {
    expect(query('?code=l1')).toEqual({ provider: 'line', code: 'l1', state: undefined, iss: undefined });
    expect(query('?code=l2&state=line77')).toMatchObject({ provider: 'line', state: 'line77' });
  });

  it('ignores other queries', () => {
    expect(query('')).toBeUndefined();
    expect(query('?tab=live')).toBeUndefined();
    expect(query('?code=x&state=somebodyelse')).toBeUndefined();
  });
});

describe('asLoginResult', () => {
  it('finds a login only when there is a token and a user', () => {
    expect(asLoginResult(null)).toBeUndefined();
    expect(asLoginResult({ wxBind: false, accountNumber: 12 })).toBeUndefined();
    const user = { uid: 1, username: 'fan1' } as never;
    expect(asLoginResult({ token: 't', user, wxBind: true })).toEqual({ token: 't', user, newUser: false });
  });
});

describe('appleSignInConfig', () => {
  const address = (params: Record<string, string>) =>
    `https://appleid.apple.com/auth/authorize?${new URLSearchParams(params)}`;
  const full = {
    client_id: 'com.example.web',
    redirect_uri: 'https://fans.example/',
    response_type: 'code',
    scope: 'openid email name',
    state: 'apple0123456789abcdef0123456789abcdef',
    nonce: 'n-0S6_WzA2Mj',
  };

  it("gives the SDK the address's client id, redirect, scope, state and nonce, in a pop-up", () => {
    expect(appleSignInConfig(address(full))).toEqual({
      clientId: 'com.example.web',
      redirectURI: 'https://fans.example/',
      scope: 'openid email name',
      state: 'apple0123456789abcdef0123456789abcdef',
      nonce: 'n-0S6_WzA2Mj',
      usePopup: true,
    });
  });

  it('refuses an address without the state or nonce the server checks', () => {
    const { nonce: _nonce, ...withoutNonce } = full;
    expect(() => appleSignInConfig(address(withoutNonce))).toThrow('without nonce');
    expect(() => appleSignInConfig(address({ ...full, state: '' }))).toThrow('without state');
  });
});

describe('layoutOf', () => {
  const all = {
    providers: ['google', 'apple', 'x', 'facebook', 'line', 'qq', 'wechat'] as const,
    facebookAppId: 'fb-app',
  };
  const configured = { ...all, providers: [...all.providers] };

  it('offers QQ and WeChat in the old layout, the other configured providers in the new one', () => {
    expect(layoutOf('xiongmao', configured)).toEqual({
      layout: 'old',
      providers: ['qq', 'wechat'],
      facebookAppId: 'fb-app',
    });
    expect(layoutOf('baxi', configured).providers).toEqual(['google', 'apple', 'x', 'facebook', 'line']);
  });

  it('hides X and Apple on fifa48', () => {
    expect(layoutOf('fifa48', configured).providers).toEqual(['google', 'facebook', 'line']);
  });

  it('shows only the providers this deployment has settings for', () => {
    expect(layoutOf('ty121', { providers: ['line'], facebookAppId: null }).providers).toEqual(['line']);
    expect(layoutOf('xiongmao', { providers: ['google'], facebookAppId: null }).providers).toEqual([]);
  });
});

describe('signInScriptOrigins', () => {
  it("names Apple's and Facebook's script origins only when they are configured", () => {
    expect(
      signInScriptOrigins({ providers: ['google', 'apple', 'x', 'facebook'], facebookAppId: 'fb' }),
    ).toEqual(['https://appleid.cdn-apple.com', 'https://connect.facebook.net']);
    expect(signInScriptOrigins({ providers: ['facebook'], facebookAppId: 'fb' })).toEqual([
      'https://connect.facebook.net',
    ]);
    expect(signInScriptOrigins({ providers: ['google', 'qq', 'wechat'], facebookAppId: null })).toEqual([]);
  });
});
