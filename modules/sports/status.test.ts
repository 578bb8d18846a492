import { describe, expect, it } from 'vitest';
import { createRng } from './rng';
import { soccer } from './soccer';
import { cancel, postpone, resume } from './status';

describe('match status outside play', () => {
  it('postpones a match not started and puts it back on', () => {
    const postponed = postpone(soccer.initial());
    expect(postponed.status).toBe('postponed');
    expect(soccer.advance(postponed, createRng(1), 600).state).toBe(postponed);
    expect(resume(postponed).status).toBe('not_started');
  });

  it('suspends a match in progress and resumes it where it stopped', () => {
    const playing = soccer.advance(soccer.initial(), createRng(1), 1200).state;
    const suspended = postpone(playing);
    expect(resume(suspended)).toEqual(playing);
  });

  it('cancels a match unless it is over', () => {
    expect(cancel(soccer.initial()).status).toBe('cancelled');
    expect(cancel(postpone(soccer.initial())).status).toBe('cancelled');
    const finished = soccer.advance(soccer.initial(), createRng(1), 10_000).state;
    expect(finished.status).toBe('finished');
    expect(() => cancel(finished)).toThrow();
    expect(() => resume(cancel(soccer.initial()))).toThrow();
  });

  it('does not resume a match that was not postponed', () => {
    expect(() => resume(soccer.initial())).toThrow();
  });
});
