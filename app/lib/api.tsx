import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale } from '../../lib/locales';
import { type ApiClient, clearSessionCookies, createApiClient } from './api-client';

interface Toast {
  id: number;
  message: string;
}

interface ApiState {
  api: ApiClient;
  toasts: Toast[];
  dismiss(id: number): void;
  networkDown: boolean;
  retryNetwork(): void;
}

const Context = createContext<ApiState | null>(null);
const TOAST_MS = 4000;

function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((pair) => pair.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

/** The API client of the page, with its toasts and the network-problem state. */
export function ApiProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [networkDown, setNetworkDown] = useState(false);
  const nextId = useRef(0);
  const translate = useRef(t);
  translate.current = t;

  const dismiss = useCallback(
    (id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)),
    [],
  );
  const api = useMemo(
    () =>
      createApiClient({
        locale: () => (isLocale(i18n.language) ? i18n.language : 'zh_CN'),
        token: () => readCookie('token'),
        fallbackMessage: () => translate.current('messages:systemError'),
        toast: (message) => {
          const id = ++nextId.current;
          setToasts((list) => [...list.slice(-2), { id, message }]);
          setTimeout(() => dismiss(id), TOAST_MS);
        },
        sessionEnded: () => {
          clearSessionCookies();
          window.location.assign('/');
        },
        networkFailed: () => setNetworkDown(true),
      }),
    [i18n, dismiss],
  );
  const value = useMemo(
    () => ({ api, toasts, dismiss, networkDown, retryNetwork: () => setNetworkDown(false) }),
    [api, toasts, dismiss, networkDown],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

function useApiState(): ApiState {
  const state = useContext(Context);
  if (!state) throw new Error('useApi outside ApiProvider');
  return state;
}

export const useApi = () => useApiState().api;
export const useToasts = () => {
  const { toasts, dismiss } = useApiState();
  return { toasts, dismiss };
};
export const useNetworkState = () => {
  const { networkDown, retryNetwork } = useApiState();
  return { networkDown, retryNetwork };
};
