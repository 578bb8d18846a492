import { randomBytes } from 'node:crypto';
import type { SignInProvider } from '../accounts.contract';

/** Also the users' registration source when a sign-in makes the account. */
export type ProviderName = SignInProvider;

/** Who the provider says signed in. */
export interface ExternalProfile {
  provider: ProviderName;
  /** The provider's stable id of the account. */
  subject: string;
  /** Only an address the provider says is verified, in lower case; null otherwise. */
  email: string | null;
  displayName: string | null;
  avatar: string | null;
}

/** What the callback must match; kept in the browser's sealed flow cookie between redirect and callback. */
export interface FlowChecks {
  /** Echoed back by the provider: the OAuth 2 `state`, or X's `oauth_token`. */
  state: string;
  codeVerifier?: string;
  nonce?: string;
  /** X's request-token secret, which signs the access-token request. */
  tokenSecret?: string;
}

/** What the browser brings back from the provider. */
export interface Callback {
  /** The authorization code, or X's `oauth_verifier`. */
  code: string;
  /** The issuer, when the provider names itself in the callback (RFC 9207). */
  iss?: string;
}

/** A provider the browser is sent to and comes back from with a code. */
export interface RedirectProvider {
  /** The provider's sign-in address and what its callback must match. */
  start(): Promise<{ url: string; checks: FlowChecks }>;
  finish(callback: Callback, checks: FlowChecks): Promise<ExternalProfile>;
}

/**
 * An OAuth 2 `state`: the provider's name, then 32 hex digits. The name lets the page tell a Line
 * callback from a QQ or WeChat one; WeChat accepts only letters and digits here.
 */
export function newState(provider: ProviderName): string {
  return `${provider}${randomBytes(16).toString('hex')}`;
}
