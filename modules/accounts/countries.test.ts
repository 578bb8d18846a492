import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { areaCodeRule } from './accounts.contract';
import { countryList, DIAL_CODES, flagEmoji } from './countries.contract';

describe('the country table', () => {
  it('has a valid ISO code and dialling code for every entry', () => {
    const entries = Object.entries(DIAL_CODES);
    expect(entries.length).toBeGreaterThanOrEqual(240);
    for (const [abbr, area] of entries) {
      expect(abbr).toMatch(/^[A-Z]{2}$/);
      expect(area).toMatch(/^\+[1-9]\d{0,3}$/);
      expect(areaCodeRule.safeParse(area).success, abbr).toBe(true);
    }
  });

  it('knows the codes fans dial most', () => {
    expect(DIAL_CODES).toMatchObject({
      CN: '+86',
      HK: '+852',
      TW: '+886',
      US: '+1',
      GB: '+44',
      VN: '+84',
      BR: '+55',
      RU: '+7',
      KR: '+82',
      JP: '+81',
      TH: '+66',
      AE: '+971',
      PH: '+63',
      MY: '+60',
    });
  });

  it('turns a code into its flag emoji', () => {
    expect(flagEmoji('CN')).toBe('🇨🇳');
    expect(flagEmoji('br')).toBe('🇧🇷');
  });
});

describe('countryList', () => {
  it('puts China first, then sorts by the name in the language', () => {
    const list = countryList('en_US');
    expect(list[0]).toEqual({
      countryAbbr: 'CN',
      countryArea: '+86',
      countryAvatar: '🇨🇳',
      countryName: 'China',
    });
    const rest = list.slice(1).map((item) => item.countryName);
    expect(rest).toEqual([...rest].sort(new Intl.Collator('en-US').compare));
    expect(new Set(list.map((item) => item.countryAbbr)).size).toBe(list.length);
  });

  it('names every country in the caller language', () => {
    const de = countryList('de');
    expect(de.find((item) => item.countryAbbr === 'DE')?.countryName).toBe('Deutschland');
    expect(countryList('zh_CN')[0]?.countryName).toBe('中国');
    expect(countryList('jp').find((item) => item.countryAbbr === 'US')?.countryName).toBe('アメリカ合衆国');
    expect(de.every((item) => item.countryName !== item.countryAbbr)).toBe(true);
  });
});

describe('GET /java/login/loginCountryList', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('answers without a login, in the language of the lan header', async () => {
    const res = await app.inject({ url: '/java/login/loginCountryList?_t=1', headers: { lan: 'vi' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.result[0]).toMatchObject({ countryAbbr: 'CN', countryArea: '+86' });
    expect(body.result.find((item: { countryAbbr: string }) => item.countryAbbr === 'VN')).toEqual({
      countryAbbr: 'VN',
      countryArea: '+84',
      countryAvatar: '🇻🇳',
      countryName: 'Việt Nam',
    });
  });
});
