import { describe, expect, it } from 'vitest';
import { sealer } from './sealed';

describe('sealed values', () => {
  const secret = 'a'.repeat(64);

  it('open to what was sealed, and not for another purpose or secret', () => {
    const sealed = sealer(secret, 'flow').seal({ state: 'line123' }, 60);
    expect(sealer(secret, 'flow').open(sealed)).toEqual({ state: 'line123' });
    expect(sealer(secret, 'pending').open(sealed)).toBeNull();
    expect(sealer('b'.repeat(64), 'flow').open(sealed)).toBeNull();
    expect(sealed).not.toContain('line123');
  });

  it('do not open once altered or expired', () => {
    const seal = sealer(secret, 'flow');
    const sealed = seal.seal({ state: 'x' }, 60);
    const altered = `${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(seal.open(altered)).toBeNull();
    expect(seal.open('not sealed at all')).toBeNull();
    expect(seal.open(undefined)).toBeNull();
    expect(seal.open(seal.seal({ state: 'x' }, -1))).toBeNull();
  });
});
