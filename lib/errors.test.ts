import { describe, expect, it, vi } from 'vitest';
import { AppError, isAppError } from './errors';

describe('isAppError', () => {
  it('recognises an AppError made by another copy of the module, as the page bundle has', async () => {
    vi.resetModules();
    const copy = await import('./errors');
    expect(copy.AppError).not.toBe(AppError);
    expect(isAppError(new copy.AppError('notFound'))).toBe(true);
  });

  it('tells other errors and values apart', () => {
    expect(isAppError(new AppError('notFound'))).toBe(true);
    expect(isAppError(new Error('notFound'))).toBe(false);
    expect(isAppError({ key: 'notFound' })).toBe(false);
    expect(isAppError(null)).toBe(false);
  });
});
