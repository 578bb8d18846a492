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

  it('reads SCORE_FEED as a list of feeds, each with its own key, the simulator by default', () => {
    expect(readEnv({}).SCORE_FEED).toEqual(['simulator']);
    expect(readEnv({ SCORE_FEED: '' }).SCORE_FEED).toEqual(['simulator']);
    expect(readEnv({ SCORE_FEED: 'none' }).SCORE_FEED).toEqual([]);
    expect(
      readEnv({
        SCORE_FEED: 'football-data, pandascore',
        FOOTBALL_DATA_TOKEN: 'f',
        PANDASCORE_TOKEN: 'p',
      }).SCORE_FEED,
    ).toEqual(['football-data', 'pandascore']);
    expect(() => readEnv({ SCORE_FEED: 'simulator,pandascore' })).toThrow(/PANDASCORE_TOKEN: is required/);
    expect(() => readEnv({ SCORE_FEED: 'football-data,pandascore', PANDASCORE_TOKEN: 'p' })).toThrow(
      /FOOTBALL_DATA_TOKEN: is required/,
    );
    expect(() => readEnv({ SCORE_FEED: 'none,simulator' })).toThrow(/SCORE_FEED: none goes alone/);
    expect(() => readEnv({ SCORE_FEED: 'simulator,simulator' })).toThrow(/SCORE_FEED: names a feed twice/);
    expect(() => readEnv({ SCORE_FEED: 'simulator,opta' })).toThrow(/SCORE_FEED/);
  });

  it('takes PandaScore from its public addresses unless told otherwise, and its games as catalogue slugs', () => {
    expect(readEnv({})).toMatchObject({
      PANDASCORE_URL: 'https://api.pandascore.co',
      PANDASCORE_LIVE_URL: 'wss://live.pandascore.co',
    });
    expect(readEnv({}).PANDASCORE_GAMES).toBeUndefined();
    expect(readEnv({ PANDASCORE_GAMES: 'lol, csgo' }).PANDASCORE_GAMES).toEqual(['lol', 'csgo']);
    expect(() => readEnv({ PANDASCORE_GAMES: 'League of Legends' })).toThrow(/PANDASCORE_GAMES/);
    expect(() => readEnv({ PANDASCORE_LIVE_URL: 'https://live.example' })).toThrow(/PANDASCORE_LIVE_URL/);
  });
});
