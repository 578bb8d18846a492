import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createHttpGeoIp, createLocalGeoIp, localeForCountry } from './geoip';

describe('createLocalGeoIp', () => {
  const geo = createLocalGeoIp();

  it.each([
    ['1.0.0.1', 'AU'],
    ['1.0.1.1', 'CN'],
    ['5.1.64.1', 'DE'],
    ['14.160.0.1', 'VN'],
    ['2003::1', 'DE'],
    ['2001:4860::8888', 'US'],
    ['2001:df0:c::1', 'VN'],
  ])('finds %s in %s', async (ip, country) => {
    expect(await geo.country(ip)).toBe(country);
  });

  it('prefers the more specific of nested ranges', async () => {
    // 2.58.196.0-2.58.197.255 is DE with 2.58.197.15 alone BE; 2003::/19 is DE with ::0-::1 of one /64 US.
    expect(await geo.country('2.58.197.14')).toBe('DE');
    expect(await geo.country('2.58.197.15')).toBe('BE');
    expect(await geo.country('2.58.197.16')).toBe('DE');
    expect(await geo.country('2003:8:1800:8000::1')).toBe('US');
    expect(await geo.country('2003:8:1800:8000::2')).toBe('DE');
  });

  it('reads IPv4-mapped IPv6 as IPv4', async () => {
    expect(await geo.country('::ffff:1.0.1.1')).toBe('CN');
    expect(await geo.country('::FFFF:5.1.64.1')).toBe('DE');
    expect(await geo.country('::ffff:501:4001')).toBe('DE');
  });

  it('answers concurrent first lookups from one load', async () => {
    const fresh = createLocalGeoIp();
    expect(await Promise.all([fresh.country('1.0.1.1'), fresh.country('5.1.64.1')])).toEqual(['CN', 'DE']);
  });

  it.each([
    '127.0.0.1',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.1.1',
    '::1',
    '::',
    'fd00::1',
    'fe80::1%eth0',
    '::ffff:127.0.0.1',
    '::ffff:192.168.1.1',
    '',
    'garbage',
    '1.2.3',
    '999.1.1.1',
    '1.2.3.4.5',
    '2003:::1',
  ])('returns undefined for %j', async (ip) => {
    expect(await geo.country(ip)).toBeUndefined();
  });
});

interface StandIn {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

/** A local HTTP server playing the geo-IP service. */
async function standIn(handler: RequestListener): Promise<StandIn> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => {
      server.closeAllConnections(); // the silent server keeps its connections open
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function answering(status: number, body: string): RequestListener {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(body);
  };
}

async function lookUp(handler: RequestListener, ip: string, timeoutMs = 1000) {
  const server = await standIn(handler);
  try {
    const geo = createHttpGeoIp({ urlTemplate: `${server.url}/json/{ip}?fields=countryCode`, timeoutMs });
    return { result: await geo.country(ip).catch((error: unknown) => error), requests: server.requests };
  } finally {
    await server.close();
  }
}

describe('createHttpGeoIp', () => {
  it('reads the country code of the looked-up address', async () => {
    const { result, requests } = await lookUp(answering(200, '{"countryCode":"DE"}'), '5.1.64.1');
    expect(result).toBe('DE');
    expect(requests).toEqual(['/json/5.1.64.1?fields=countryCode']);
  });

  it('asks for IPv4-mapped addresses as IPv4', async () => {
    const { requests } = await lookUp(answering(200, '{"countryCode":"DE"}'), '::ffff:5.1.64.1');
    expect(requests).toEqual(['/json/5.1.64.1?fields=countryCode']);
  });

  it.each([
    ['{"country_code":"de"}', 'DE'],
    ['{"country":"VN","city":"Hanoi"}', 'VN'],
    ['{"countryCode":"BR","country":"Brazil"}', 'BR'],
  ])('accepts %s', async (body, country) => {
    expect((await lookUp(answering(200, body), '1.0.1.1')).result).toBe(country);
  });

  it('throws on a server error', async () => {
    const { result } = await lookUp(answering(500, '{"countryCode":"DE"}'), '1.0.1.1');
    expect(result).toBeInstanceOf(Error);
    expect((result as Error).message).toMatch(/lookup of 1\.0\.1\.1 at 127\.0\.0\.1:\d+ failed: HTTP 500/);
  });

  it('throws when the server never answers', async () => {
    const started = performance.now();
    const { result } = await lookUp(() => {}, '1.0.1.1', 150);
    expect((result as Error).message).toMatch(/timed out after 150 ms/);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it.each([
    ['not JSON', 'not json', /not JSON/],
    ['no country field', '{"status":"fail"}', /no two-letter country code/],
    ['a country name', '{"country":"Germany"}', /no two-letter country code/],
  ])('throws on a body with %s', async (_case, body, message) => {
    const { result } = await lookUp(answering(200, body), '1.0.1.1');
    expect((result as Error).message).toMatch(message);
  });

  it('throws when the service is unreachable', async () => {
    const server = await standIn(answering(200, '{}'));
    await server.close();
    const geo = createHttpGeoIp({ urlTemplate: `${server.url}/json/{ip}`, timeoutMs: 1000 });
    await expect(geo.country('1.0.1.1')).rejects.toThrow(/failed: fetch failed/);
  });

  it('makes no request for private or unparsable addresses', async () => {
    const server = await standIn(answering(200, '{"countryCode":"DE"}'));
    try {
      const geo = createHttpGeoIp({ urlTemplate: `${server.url}/json/{ip}`, timeoutMs: 1000 });
      for (const ip of ['127.0.0.1', '10.0.0.1', '192.168.1.1', '::1', 'fd00::1', 'garbage']) {
        expect(await geo.country(ip)).toBeUndefined();
      }
      expect(server.requests).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('rejects a URL template without {ip}', () => {
    expect(() => createHttpGeoIp({ urlTemplate: 'https://geo.example/json', timeoutMs: 1000 })).toThrow(
      /\{ip\}/,
    );
  });
});

describe('localeForCountry', () => {
  it.each([
    ['DE', 'de'],
    ['BR', 'pt'],
    ['MX', 'es'],
    ['TW', 'zh_tw'],
    ['SA', 'ar'],
    ['CN', 'zh_CN'],
    ['BE', 'nl'],
    ['de', 'de'],
    ['US', undefined],
    ['GB', undefined],
  ])('maps %s to %s', (country, locale) => {
    expect(localeForCountry(country)).toBe(locale);
  });
});
