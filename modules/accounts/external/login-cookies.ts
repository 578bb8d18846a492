import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/errors';
import type { FlowChecks, ProviderName } from './provider';
import { sealer } from './sealed';

export const FLOW_COOKIE = 'third_party_flow';
const PENDING_COOKIE = 'third_party_pending';
export const FLOW_PURPOSE = 'third-party sign-in flow';
const PENDING_PURPOSE = 'third-party sign-in awaiting an email or phone';
const FLOW_SECONDS = 10 * 60;
const PENDING_SECONDS = 30 * 60;
/** Every call that reads them is under /java/login. */
const COOKIE_PATH = '/java/login';

/** A sign-in sent to a provider and not back yet. */
export interface Flow extends FlowChecks {
  provider: ProviderName;
}

/** A provider account that signed in but needs an email (or, for QQ and WeChat, a phone) to link. */
export interface Pending {
  provider: ProviderName;
  externalAccountId: number;
  promotionChannelId?: string;
}

/**
 * The state of a third-party sign-in lives in two sealed, HttpOnly cookies of the browser that
 * started it: the flow (state, PKCE verifier, nonce, X's token secret) until the callback, then the
 * provider account waiting to be linked. A callback or binding from any other browser is refused.
 */
export function loginCookies(secret: string) {
  const flows = sealer(secret, FLOW_PURPOSE);
  const pendings = sealer(secret, PENDING_PURPOSE);

  function set(reply: FastifyReply, name: string, value: string, maxAge: number) {
    reply.setCookie(name, value, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: reply.request.protocol === 'https',
      maxAge,
    });
  }

  return {
    startFlow(reply: FastifyReply, flow: Flow): void {
      set(reply, FLOW_COOKIE, flows.seal(flow, FLOW_SECONDS), FLOW_SECONDS);
    },

    /** The flow this browser started with `provider`, when `echoed` is its state; used once. */
    takeFlow(request: FastifyRequest, reply: FastifyReply, provider: ProviderName, echoed: string): Flow {
      const flow = flows.open<Flow>(request.cookies[FLOW_COOKIE]);
      if (!flow || flow.provider !== provider || flow.state !== echoed)
        throw new AppError('thirdPartyLoginExpired');
      reply.clearCookie(FLOW_COOKIE, { path: COOKIE_PATH });
      return flow;
    },

    rememberPending(reply: FastifyReply, pending: Pending): void {
      set(reply, PENDING_COOKIE, pendings.seal(pending, PENDING_SECONDS), PENDING_SECONDS);
    },

    /** The account this browser signed in with, when it is the one the call names. */
    readPending(request: FastifyRequest, providers: ProviderName[], externalAccountId: number): Pending {
      const pending = pendings.open<Pending>(request.cookies[PENDING_COOKIE]);
      if (
        !pending ||
        !providers.includes(pending.provider) ||
        pending.externalAccountId !== externalAccountId
      )
        throw new AppError('thirdPartyLoginExpired');
      return pending;
    },

    forgetPending(reply: FastifyReply): void {
      reply.clearCookie(PENDING_COOKIE, { path: COOKIE_PATH });
    },
  };
}
