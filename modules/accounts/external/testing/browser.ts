/**
 * The browser's part of a provider sign-in: follows redirects, keeping the provider's cookies, and
 * fills in its login ("login" as the account) and consent forms, until the provider sends it to the
 * callback page. Answers the callback's query.
 */
export async function signInAtProvider(
  start: string,
  callbackUrl: string,
  login = '',
): Promise<URLSearchParams> {
  const cookies = new Map<string, string>();
  let url = start;
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    if (url.startsWith(callbackUrl)) return new URL(url).searchParams;
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      body: form,
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', value = ''] = pair.split(/=(.*)/s);
      if (value) cookies.set(name, value);
      else cookies.delete(name);
    }
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      form = undefined;
      continue;
    }
    // oidc-provider's development pages: a form with a hidden "prompt" of login or consent.
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
    if (!action || !prompt) throw new Error(`provider answered ${response.status}: ${page.slice(0, 300)}`);
    url = new URL(action, url).href;
    form = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
  }
  throw new Error('too many steps before the callback');
}
