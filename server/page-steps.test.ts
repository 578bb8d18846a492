import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { PAGE_STEPS, runPageSteps } from './page-steps';

const request = { url: '/en_US/about', method: 'GET', headers: {}, cookies: {} } as unknown as FastifyRequest;
const reply = {} as FastifyReply;

describe('page steps', () => {
  it('run the authentication step, then the language step', async () => {
    expect(PAGE_STEPS).toEqual(['session', 'language']);
    expect(await runPageSteps(request, reply)).toEqual({ locale: 'en_US', user: null, handled: false });
  });

  it('fail with 500 Unknown middleware for a step that does not exist', async () => {
    const failure = runPageSteps(request, reply, ['session', 'geo-fence']);
    await expect(failure).rejects.toBeInstanceOf(AppError);
    await expect(failure).rejects.toMatchObject({ key: 'unknownMiddleware', status: 500 });
  });
});
