import { describe, expect, it } from 'vitest';
import { mayReload } from './chunk-reload';

describe('the chunk reload guard', () => {
  it('reloads at most once a minute', () => {
    expect(mayReload(1_000_000, null)).toBe(true);
    expect(mayReload(1_000_000, 1_000_000 - 59_999)).toBe(false);
    expect(mayReload(1_000_000, 1_000_000 - 60_000)).toBe(true);
  });
});
