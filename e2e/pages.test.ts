import { createServer, get as httpGet, type IncomingHttpHeaders, type Server } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATIC_PAGES } from '../app/routes';
import { BROWSER_UA, type RunningApp, sharedApp, startApp } from './harness';

const app = sharedApp();

const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, { redirect: 'manual', headers: { 'user-agent': BROWSER_UA, ...headers } });

describe('pages in 22 languages', () => {
  it('serves / in zh_CN without a prefix to a visitor whose language is zh_CN', async () => {
    const res = await get(`${app.url}/`, { cookie: 'lang=zh_CN' });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="zh-CN" dir="ltr"');
    expect(html).toContain('熊猫体育');
    expect(html).toContain('英雄联盟');
  });

  it('serves /en_US/ in English', async () => {
    const html = await (await get(`${app.url}/en_US/`)).text();
    expect(html).toContain('<html lang="en-US"');
    expect(html).toContain('League of Legends');
  });

  it('renders Arabic right to left', async () => {
    const html = await (await get(`${app.url}/ar/`)).text();
    expect(html).toContain('<html lang="ar" dir="rtl"');
  });

  it('lists every language as an hreflang alternate', async () => {
    const html = await (await get(`${app.url}/en_US/about`)).text();
    expect(html).toContain('hrefLang="en-US" href="http://127.0.0.1');
    expect(html).toMatch(/hrefLang="th" href="[^"]*\/thai\/about"/);
    expect(html).toMatch(/hrefLang="x-default" href="[^"]*\/about"/);
    expect(html.match(/rel="alternate"/g)).toHaveLength(23);
  });

  it('sends a first visit with cookie lang=vi to /vi', async () => {
    const res = await get(`${app.url}/about?x=1`, { cookie: 'lang=vi' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/vi/about?x=1');
  });

  it('sends Accept-Language: de to /de and remembers it in the lang cookie', async () => {
    const res = await get(`${app.url}/help`, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(res.headers.get('location')).toBe('/de/help');
    expect(res.headers.get('set-cookie')).toMatch(/^lang=de;/);
  });

  it('sends a visitor from a German IP to /de by the local geo-IP database', async () => {
    const res = await get(`${app.url}/`, { 'x-forwarded-for': '5.1.64.1' });
    expect(res.headers.get('location')).toBe('/de');
  });

  it('sends a visitor from an unknown place to English', async () => {
    const res = await get(`${app.url}/`, { 'x-forwarded-for': '2001:4860::8888' });
    expect(res.headers.get('location')).toBe('/en_US');
  });

  it('never redirects crawlers', async () => {
    const res = await fetch(`${app.url}/`, {
      redirect: 'manual',
      headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)', 'accept-language': 'de' },
    });
    expect(res.status).toBe(200);
  });
});

/** A raw GET, its body exactly as sent (fetch would undo the compression). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    httpGet(url, { headers: { 'user-agent': BROWSER_UA, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('compression', () => {
  it('gzips a page for a browser that takes it, for guests and signed-in visitors alike', async () => {
    for (const cookie of ['lang=zh_CN', 'lang=zh_CN; token=someone']) {
      const plain = await rawGet(`${app.url}/`, { cookie, 'accept-encoding': 'identity' });
      const gzipped = await rawGet(`${app.url}/`, { cookie, 'accept-encoding': 'gzip, deflate, br' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
      expect(gzipped.body.length).toBeLessThan(plain.body.length / 4);
      const html = gunzipSync(gzipped.body).toString();
      expect(html).toContain('<html lang="zh-CN"');
      expect(html.length).toBeGreaterThan(plain.body.length * 0.9);
    }
  });

  it('sends the build compressed once with brotli, and the file itself to a client that takes neither', async () => {
    const html = await (await get(`${app.url}/`, { cookie: 'lang=zh_CN' })).text();
    const script = html.match(/href="(\/assets\/entry\.client-[^"]+\.js)"/)?.[1];
    expect(script).toBeTruthy();
    const plain = await rawGet(`${app.url}${script}`, { 'accept-encoding': 'identity' });
    const brotli = await rawGet(`${app.url}${script}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.body)).toEqual(plain.body);
  });
});

describe('error pages', () => {
  it('answers an unknown page with 404 and its text', async () => {
    const res = await get(`${app.url}/en_US/no/such/page`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('This page could not be found');
    const zh = await get(`${app.url}/no-such-page`, { cookie: 'lang=zh_CN' });
    expect(zh.status).toBe(404);
    expect(await zh.text()).toContain('页面未找到');
  });

  it('answers an unknown protocol with 404', async () => {
    expect((await get(`${app.url}/en_US/protocol/nonsense`)).status).toBe(404);
  });

  it('answers unknown /java paths and game slugs with fail envelopes', async () => {
    const unknown = await fetch(`${app.url}/java/nothing/here`, { headers: { lan: 'en_US' } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ status: 'fail', errorCode: 1001, errorMsg: 'Not found' });
    const slug = await fetch(`${app.url}/java/game/chess`);
    expect(slug.status).toBe(404);
    expect((await slug.json()).status).toBe('fail');
  });
});

describe('static pages', () => {
  it.each([...STATIC_PAGES, 'protocol', 'protocol/privacy'])('/en_US/%s has content', async (page) => {
    const res = await get(`${app.url}/en_US/${page}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/<h1[^>]*>[^<]{3,}<\/h1>/);
  });

  it('states the platform claims on the about page from the config', async () => {
    const html = await (await get(`${app.url}/en_US/about`)).text();
    expect(html).toContain('38');
    expect(html).toContain('1,000,000');
  });
});

describe('the sandbox outbox', () => {
  it('shows the codes the embedded default kept instead of sending', async () => {
    const sent = await fetch(`${app.url}/java/login/V2/sendEmailcheckCode`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', lan: 'en_US' },
      body: JSON.stringify({ mobileOrEmail: 'outbox@example.com' }),
    });
    expect((await sent.json()).status).toBe('success');
    const html = await (await get(`${app.url}/en_US/dev/outbox`)).text();
    expect(html).toContain('Sandbox outbox');
    expect(html).toContain('outbox@example.com');
    expect(html).toMatch(/verification code is \d{6}/);
  });
});

describe('geo-IP over HTTP', () => {
  let standIn: Server;
  let answer: { status: number; body: string };
  let geo: RunningApp;
  beforeAll(async () => {
    answer = { status: 200, body: '{"countryCode":"VN"}' };
    standIn = createServer((_req, res) => res.writeHead(answer.status).end(answer.body));
    await new Promise<void>((r) => standIn.listen(0, '127.0.0.1', r));
    const address = standIn.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    geo = await startApp({ TRUST_PROXY: 'true', GEOIP_URL: `http://127.0.0.1:${port}/json/{ip}` });
  });
  afterAll(async () => {
    await geo.stop();
    standIn.close();
  });

  it('uses the provider country', async () => {
    const res = await get(`${geo.url}/`, { 'x-forwarded-for': '1.0.1.1' });
    expect(res.headers.get('location')).toBe('/vi');
  });

  it('logs a failing lookup and stays on zh_CN', async () => {
    answer = { status: 500, body: 'oops' };
    const res = await get(`${geo.url}/`, { 'x-forwarded-for': '1.0.1.1' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<html lang="zh-CN"');
    expect(geo.output()).toContain('geo-ip lookup failed');
  });
});
