import { act, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { createRoutesStub } from 'react-router';
import type { Locale } from '../../lib/locales';
import { createTranslator } from '../../platform/i18n';
import { pageTranslations, TranslationsProvider } from '../i18n/translations';

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
      <TranslationsProvider value={pageTranslations(locale, resources)}>
        <Stub />
      </TranslationsProvider>,
    ),
  );
  return container;
}
