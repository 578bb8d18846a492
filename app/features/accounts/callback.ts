// Kept apart from the calls that complete a provider's return (third-party.ts), so every page can
// tell one without loading the login dialog's code.

/** A provider's return to the site, recognised from the URL query (spec point 2). */
export type Callback =
  | { provider: 'x'; token: string; verifier: string | undefined }
  | { provider: 'google' | 'line'; code: string; state: string | undefined; iss: string | undefined }
  | { provider: 'qqOrWechat'; code: string; state: string; type: 1 | 2 };

/**
 * oauth_token = X; code with scope and authuser = Google; code with state = QQ or WeChat; code
 * alone = Line. Line sends a state too: the server starts every state with the provider's name,
 * which tells Line from QQ (type 1) and WeChat (type 2).
 */
export function recogniseCallback(query: URLSearchParams): Callback | undefined {
  const token = query.get('oauth_token');
  if (token) return { provider: 'x', token, verifier: query.get('oauth_verifier') ?? undefined };
  const code = query.get('code');
  if (!code) return undefined;
  const state = query.get('state') ?? undefined;
  const iss = query.get('iss') ?? undefined;
  // Google's own callback carries scope and authuser; the state names it too.
  if ((query.has('scope') && query.has('authuser')) || state?.startsWith('google'))
    return { provider: 'google', code, state, iss };
  if (!state || state.startsWith('line')) return { provider: 'line', code, state, iss };
  if (state.startsWith('qq')) return { provider: 'qqOrWechat', code, state, type: 1 };
  if (state.startsWith('wechat')) return { provider: 'qqOrWechat', code, state, type: 2 };
  return undefined;
}
