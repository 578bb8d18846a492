import { describe, expect, it } from 'vitest';
import { acceptsGzip } from './compression';

describe('the encodings a client takes', () => {
  it('takes gzip when a browser names it or any encoding, and not when it refuses it', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
