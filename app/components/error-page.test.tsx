// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../lib/locales';
import { createTranslator } from '../../platform/i18n';
import { pageTranslations, TranslationsProvider } from '../i18n/translations';
import { ErrorPage, NetworkProblem } from './error-page';

const translator = createTranslator();

function mount(locale: Locale, element: React.ReactElement) {
  const resources = translator.resources(locale, ['common', 'messages']);
  // biome-ignore lint/correctness/noComponentHookFactories: each render stubs a router around its element
  const Stub = createRoutesStub([{ path: '/', Component: () => element }]);
  const container = document.createElement('div');
  const root = createRoot(container, { onCaughtError: () => {} });
  act(() =>
    root.render(
      <TranslationsProvider value={pageTranslations(locale, resources)}>
        <Stub />
      </TranslationsProvider>,
    ),
  );
  return { container, root };
}

const render = (locale: Locale, element: React.ReactElement): string =>
  mount(locale, element).container.innerHTML;

/** The document title the page sets; the page goes away after, taking its title with it. */
function titleOf(locale: Locale, element: React.ReactElement): string {
  const { root } = mount(locale, element);
  const title = document.title;
  act(() => root.unmount());
  return title;
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Broken(): React.ReactElement {
  throw new Error('the error page itself failed');
}

describe('error pages', () => {
  it('says a 404 page could not be found', () => {
    expect(render('en_US', <ErrorPage status={404} />)).toContain('This page could not be found');
  });

  it('says a 403 page may not be accessed, in every language', () => {
    expect(render('en_US', <ErrorPage status={403} />)).toContain(
      "Sorry, you don't have permission to access this page",
    );
    expect(render('zh_CN', <ErrorPage status={403} />)).toContain('抱歉，您没有权限访问此页面');
  });

  it('shows a route error with its status and message, 500 by default', () => {
    const html = render('en_US', <ErrorPage message="Unknown middleware" />);
    expect(html).toContain('500');
    expect(html).toContain('Unknown middleware');
  });

  it('says network problem in the page language', () => {
    expect(render('en_US', <NetworkProblem />)).toContain('network problem');
    expect(render('zh_CN', <NetworkProblem />)).toContain('网络出现问题');
  });

  it('gives every error page a document title in the page language', () => {
    expect(titleOf('en_US', <ErrorPage status={404} />)).toBe('This page could not be found - Panda Sports');
    expect(titleOf('en_US', <ErrorPage status={403} />)).toMatch(
      /^Sorry, you don't have permission.+ - Panda Sports$/,
    );
    expect(titleOf('zh_CN', <NetworkProblem />)).toMatch(/^网络出现问题.* - /);
    expect(titleOf('ar', <ErrorPage status={500} />)).not.toBe('');
    expect(titleOf('en_US', <ErrorPageWithBrokenContent />)).toBe(
      'An error occurred while showing the error page',
    );
  });

  it('falls back to a plain message with a link home when the error page fails', () => {
    const html = render('en_US', <ErrorPageWithBrokenContent />);
    expect(html).toContain('An error occurred while showing the error page');
    expect(html).toContain('href="/"');
  });
});

/** A message that fails to render stands for any failure inside the error page. */
function ErrorPageWithBrokenContent() {
  return <ErrorPage status={500} message={(<Broken />) as unknown as string} />;
}
