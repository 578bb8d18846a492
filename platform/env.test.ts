import { describe, expect, it } from 'vitest';
import { readEnv } from './env';

describe('configuration', () => {
  it('starts with the embedded defaults when nothing is set', () => {
    const env = readEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      PRODUCT_CHANNEL: 'xiongmao',
      APP_ENV: 'pro',
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
  });

  it('refuses bad values with a message naming each variable', () => {
    expect(() => readEnv({ PORT: 'eighty', DATABASE_URL: 'not a url', APP_SECRET: 'short' })).toThrow(
      /PORT:.*\n.*DATABASE_URL:.*\n.*APP_SECRET: must be at least 32 characters/,
    );
    expect(() => readEnv({ GEOIP_URL: 'https://geo.example/lookup' })).toThrow(
      /GEOIP_URL: must be a URL containing \{ip\}/,
    );
    expect(() => readEnv({ PRODUCT_CHANNEL: 'Fifa 48' })).toThrow(/PRODUCT_CHANNEL/);
  });

  it('treats empty URLs as unset', () => {
    expect(readEnv({ DATABASE_URL: '', REDIS_URL: ' ' }).DATABASE_URL).toBeUndefined();
  });

  it('takes live media from the app itself by default, and from an external ingest only with a guarded hook', () => {
    expect(readEnv({})).toMatchObject({ MEDIA_INGEST: 'embedded', RTMP_PORT: 1935 });
    expect(() => readEnv({ MEDIA_INGEST: 'external' })).toThrow(/MEDIA_HOOK_SECRET/);
    expect(
      readEnv({ MEDIA_INGEST: 'external', MEDIA_HOOK_ALLOW: '10.0.0.5, 10.0.0.6' }).MEDIA_HOOK_ALLOW,
    ).toEqual(['10.0.0.5', '10.0.0.6']);
  });
});
