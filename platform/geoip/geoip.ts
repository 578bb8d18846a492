import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import { dirname, join } from 'node:path';
import type { Locale } from '../../lib/locales';

/** Guesses the country of an IP address. */
export interface GeoIp {
  /** ISO 3166-1 alpha-2 code in upper case, or undefined for private, reserved or unparsable addresses. */
  country(ip: string): Promise<string | undefined>;
}

// ---------------------------------------------------------------------------
// Address parsing

/** Ranges that never belong to a country: private, loopback, link-local, documentation, multicast. */
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  // Not ::/8 as a whole: BlockList matches IPv4 addresses against IPv6 rules in their ::ffff: form.
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

type Ipv6Groups = [number, number, number, number, number, number, number, number];

/** A valid dotted IPv4 address as an unsigned 32-bit number. */
function ipv4Number(ip: string): number {
  return ip.split('.').reduce((value, octet) => value * 256 + Number(octet), 0);
}

/** The eight 16-bit groups of a valid IPv6 address (zone id already removed). */
function ipv6Groups(ip: string): Ipv6Groups {
  let text = ip;
  const dotted = /\d+\.\d+\.\d+\.\d+$/.exec(text);
  if (dotted) {
    // An embedded IPv4 tail stands for the last two groups.
    const value = ipv4Number(dotted[0]);
    text = `${text.slice(0, dotted.index)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) =>
    part ? part.split(':').map((group) => Number.parseInt(group, 16)) : [];
  const front = parse(head);
  const back = parse(tail);
  // isIP has validated the address, so exactly eight groups result.
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back] as Ipv6Groups;
}

/**
 * The address in the form used for lookups, or undefined when it is unparsable or not public.
 * IPv4-mapped IPv6 (`::ffff:1.2.3.4`, as dual-stack sockets report IPv4 peers) becomes plain IPv4.
 */
function publicAddress(ip: string): string | undefined {
  const text = ip.trim();
  let family = isIP(text);
  let address = text.replace(/%.*$/, ''); // isIP accepts IPv6 zone ids; they only qualify link-local addresses
  if (family === 6) {
    const groups = ipv6Groups(address);
    if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
      address = [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
      family = 4;
    }
  }
  if (family === 0 || NON_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6')) return undefined;
  return address;
}

/** A public address as 32-bit words, most significant first: one word for IPv4, four for IPv6. */
function addressWords(address: string): number[] {
  if (isIP(address) === 4) return [ipv4Number(address)];
  const [g0, g1, g2, g3, g4, g5, g6, g7] = ipv6Groups(address);
  return [g0 * 0x10000 + g1, g2 * 0x10000 + g3, g4 * 0x10000 + g5, g6 * 0x10000 + g7];
}

// ---------------------------------------------------------------------------
// Local database

/**
 * Disjoint, sorted ranges. Range i spans words [i * width, (i + 1) * width) of `starts` and `ends`;
 * `countries[i]` indexes `codes`.
 */
interface RangeTable {
  width: number;
  starts: Uint32Array;
  ends: Uint32Array;
  countries: Uint8Array;
  codes: string[];
}

const WORD_MASK = 0xffffffffn;
const BEYOND_ALL = 1n << 128n;

/** Writes `value` as `width` words, most significant first, into range `index` of `target`. */
function writeWords(target: Uint32Array, index: number, width: number, value: bigint): void {
  let rest = value;
  for (let i = width - 1; i >= 0; i--) {
    target[index * width + i] = Number(rest & WORD_MASK);
    rest >>= 32n;
  }
}

/**
 * Builds a table from `start,end,CC` lines sorted by start.
 * The format promises disjoint ranges, but published releases nest more specific ranges inside broader
 * ones and let a few overlap. A sweep splits them into disjoint pieces where the later, more specific
 * line wins, so a binary search over starts always finds the right range.
 */
function buildTable(csv: string, width: number): RangeTable {
  const lines = csv.split('\n');
  // Each line adds at most two pieces: the part of its enclosing range before it, and itself.
  const capacity = 2 * lines.length;
  const starts = new Uint32Array(capacity * width);
  const ends = new Uint32Array(capacity * width);
  const countries = new Uint8Array(capacity);
  const codes: string[] = [];
  const codeIndex = new Map<string, number>();
  let count = 0;
  let lastEnd = -1n;

  const countryIndex = (code: string) => {
    let index = codeIndex.get(code);
    if (index === undefined) {
      if (codes.length === 256) throw new Error('geo-IP database has more countries than fit in a byte');
      index = codes.push(code) - 1;
      codeIndex.set(code, index);
    }
    return index;
  };

  const emit = (start: bigint, end: bigint, code: string) => {
    if (start > end) return;
    const country = countryIndex(code);
    // Extend the previous piece when it is adjacent and in the same country.
    if (count === 0 || countries[count - 1] !== country || lastEnd + 1n !== start) {
      writeWords(starts, count, width, start);
      countries[count] = country;
      count++;
    }
    writeWords(ends, count - 1, width, end);
    lastEnd = end;
  };

  const open: { end: bigint; code: string }[] = [];
  let cursor = 0n; // everything below has been emitted
  const closeBefore = (position: bigint) => {
    for (let range = open.at(-1); range && range.end < position; range = open.at(-1)) {
      open.pop();
      emit(cursor, range.end, range.code);
      if (range.end >= cursor) cursor = range.end + 1n;
    }
  };

  for (const line of lines) {
    if (line === '') continue;
    const [start, end, code] = line.split(',');
    if (start === undefined || end === undefined || code === undefined) {
      throw new Error(`malformed geo-IP database line: ${line}`);
    }
    const from = BigInt(start);
    closeBefore(from);
    const enclosing = open.at(-1);
    if (enclosing) emit(cursor, from - 1n, enclosing.code);
    open.push({ end: BigInt(end), code });
    cursor = from;
  }
  closeBefore(BEYOND_ALL);

  return {
    width,
    starts: starts.slice(0, count * width),
    ends: ends.slice(0, count * width),
    countries: countries.slice(0, count),
    codes,
  };
}

/** Compares range `index` of `words` with `key`: negative, zero or positive. */
function compareAt(words: Uint32Array, index: number, key: number[]): number {
  const base = index * key.length;
  for (let i = 0; i < key.length; i++) {
    const difference = (words[base + i] ?? 0) - (key[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

function findCountry(table: RangeTable, key: number[]): string | undefined {
  let low = 0;
  let high = table.countries.length - 1;
  let candidate = -1; // last range starting at or before the key
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (compareAt(table.starts, middle, key) <= 0) {
      candidate = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  const country = table.countries[candidate];
  if (country === undefined || compareAt(table.ends, candidate, key) < 0) return undefined;
  return table.codes[country];
}

/** Runs `load` once on first use; a failed load is retried on the next call. */
function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

function databaseFile(family: 'ipv4' | 'ipv6'): string {
  const packageJson = createRequire(import.meta.url).resolve(
    '@ip-location-db/geo-whois-asn-country/package.json',
  );
  return join(dirname(packageJson), `geo-whois-asn-country-${family}-num.csv`);
}

/**
 * Country lookup in the installed database `@ip-location-db/geo-whois-asn-country`
 * (RIR data by the NRO, CC BY 4.0: attribution to nro.net required).
 * Each address family is loaded on its first lookup, so servers that only see IPv4 never pay for IPv6.
 */
export function createLocalGeoIp(): GeoIp {
  const ipv4 = lazy(async () => buildTable(await readFile(databaseFile('ipv4'), 'utf8'), 1));
  const ipv6 = lazy(async () => buildTable(await readFile(databaseFile('ipv6'), 'utf8'), 4));
  return {
    async country(ip) {
      const address = publicAddress(ip);
      if (address === undefined) return undefined;
      const key = addressWords(address);
      return findCountry(await (key.length === 1 ? ipv4() : ipv6()), key);
    },
  };
}

// ---------------------------------------------------------------------------
// HTTP lookup

const COUNTRY_FIELDS = ['countryCode', 'country_code', 'country'] as const;

/** The two-letter code in the first present country field of a JSON response. */
function countryCodeOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  const value = COUNTRY_FIELDS.map((field) => record[field]).find(
    (field) => field !== undefined && field !== null,
  );
  return typeof value === 'string' && /^[a-z]{2}$/i.test(value) ? value.toUpperCase() : undefined;
}

async function fetchJson(fetchImpl: typeof fetch, url: string, timeoutMs: number): Promise<unknown> {
  const response = await fetchImpl(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) {
    await response.body?.cancel(); // release the connection
    throw new Error(`HTTP ${response.status}`);
  }
  return response.json();
}

function failureReason(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `timed out after ${timeoutMs} ms`;
  if (error instanceof SyntaxError) return 'response is not JSON';
  if (!(error instanceof Error)) return String(error);
  // fetch reports network failures as a bare "fetch failed" with the real reason as its cause.
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}

/**
 * Country lookup through an HTTP JSON service. `urlTemplate` holds `{ip}`, e.g. `https://geo.example/json/{ip}`.
 * Throws on time-out, network errors, non-2xx answers and bodies without a country code,
 * so the caller can log and fall back; private and unparsable addresses resolve to undefined without a request.
 */
export function createHttpGeoIp(options: {
  urlTemplate: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}): GeoIp {
  const { urlTemplate, timeoutMs } = options;
  const fetchImpl = options.fetch ?? fetch;
  if (!urlTemplate.includes('{ip}')) throw new Error('geo-IP URL template must contain {ip}');
  // Errors name only the host: the rest of the URL may carry an API key.
  const host = new URL(urlTemplate.replaceAll('{ip}', '0.0.0.0')).host;

  return {
    async country(ip) {
      const address = publicAddress(ip);
      if (address === undefined) return undefined;
      const failed = (reason: string) => `geo-IP lookup of ${address} at ${host} failed: ${reason}`;
      let body: unknown;
      try {
        body = await fetchJson(fetchImpl, urlTemplate.replaceAll('{ip}', address), timeoutMs);
      } catch (error) {
        throw new Error(failed(failureReason(error, timeoutMs)), { cause: error });
      }
      const code = countryCodeOf(body);
      if (code === undefined) throw new Error(failed('response has no two-letter country code'));
      return code;
    },
  };
}

// ---------------------------------------------------------------------------
// Country to interface language

/**
 * Countries whose visitors most likely read one of the interface languages.
 * English-speaking and unlisted countries are left out so the caller falls back to English.
 */
const LOCALE_COUNTRIES: Partial<Record<Locale, string>> = {
  zh_CN: 'CN',
  zh_tw: 'TW HK MO', // traditional characters
  vi: 'VN',
  es: 'ES MX AR CO CL PE VE EC GT CU BO DO HN PY SV NI CR PA UY PR GQ',
  pt: 'PT BR AO MZ CV GW ST TL',
  // France and its overseas territories, Luxembourg, Monaco, francophone Africa and Haiti.
  fr: 'FR GF GP MQ RE YT PM BL MF NC PF WF LU MC SN CI ML BF NE GN BJ TG CM CD CG GA CF TD MG BI HT',
  de: 'DE AT LI CH', // Switzerland: German is the majority language
  sv: 'SE AX',
  ru: 'RU BY KZ KG',
  uk: 'UA',
  da: 'DK GL FO',
  pl: 'PL',
  nl: 'NL BE SR AW CW SX BQ', // Belgium: Dutch-speaking Flanders holds most of the population
  ko: 'KR',
  ms: 'MY BN',
  tl: 'PH',
  el: 'GR CY',
  tr: 'TR',
  thai: 'TH',
  ar: 'SA AE EG IQ JO KW LB LY MA OM QA SY TN YE BH DZ SD MR PS DJ KM SO', // Arab League
  jp: 'JP',
};

const LOCALE_BY_COUNTRY = new Map<string, Locale>(
  Object.entries(LOCALE_COUNTRIES).flatMap(([locale, countries]) =>
    countries.split(' ').map((country) => [country, locale as Locale] as const),
  ),
);

/** The interface language for a country code, or undefined when English (the detection fallback) fits best. */
export function localeForCountry(countryCode: string): Locale | undefined {
  return LOCALE_BY_COUNTRY.get(countryCode.toUpperCase());
}
