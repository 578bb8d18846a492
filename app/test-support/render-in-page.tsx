import { act, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import type { Locale } from '../../lib/locales';
import { createTranslator } from '../../platform/i18n';
import { pageI18n } from '../i18n/i18n';

const translator = createTranslator();

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Renders part of a page in a language, inside a router, and answers its container. */
export function renderInPage(
  element: ReactElement,
  locale: Locale,
  namespaces: readonly string[] = ['common', 'messages', 'match', 'matches'],
): HTMLElement {
  const resources = translator.resources(locale, namespaces);
  // biome-ignore lint/correctness/noComponentHookFactories: each render stubs a router around its element
  const Stub = createRoutesStub([{ path: '/', Component: () => element }]);
  const container = document.createElement('div');
  act(() =>
    createRoot(container).render(
      <I18nextProvider i18n={pageI18n(locale, resources)}>
        <Stub />
      </I18nextProvider>,
    ),
  );
  return container;
}
