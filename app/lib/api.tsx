import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { isLocale } from '../../lib/locales';
import { useTranslation } from '../i18n/translations';
import { type ApiClient, createApiClient, endBrowserSession } from './api-client';
import { refusalSentence } from './field-refusals';

interface Toast {
  id: number;
  message: string;
}

interface ApiState {
  api: ApiClient;
  toasts: Toast[];
  dismiss(id: number): void;
  /** Shows a message in the toaster, as a failure would be. */
  notify(message: string): void;
  networkDown: boolean;
  retryNetwork(): void;
}

const Context = createContext<ApiState | null>(null);
const TOAST_MS = 4000;

/** The API client of the page, with its toasts and the network-problem state. */
export function ApiProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [networkDown, setNetworkDown] = useState(false);
  const nextId = useRef(0);
  const translate = useRef(t);
  translate.current = t;
  // The network-problem page gives the page back once the browser is online again.
  useEffect(() => {
    const back = () => setNetworkDown(false);
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, []);

  const dismiss = useCallback(
    (id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)),
    [],
  );
  const notify = useCallback(
    (message: string) => {
      const id = ++nextId.current;
      setToasts((list) => [...list.slice(-2), { id, message }]);
      setTimeout(() => dismiss(id), TOAST_MS);
    },
    [dismiss],
  );
  const api = useMemo(
    () =>
      createApiClient({
        locale: () => (isLocale(i18n.language) ? i18n.language : 'zh_CN'),
        fallbackMessage: () => translate.current('messages:systemError'),
        describeRefusal: (refusal, label) => refusalSentence(i18n, refusal, label),
        toast: notify,
        sessionEnded: () => {
          void endBrowserSession().then(() => window.location.assign('/'));
        },
        networkFailed: () => setNetworkDown(true),
      }),
    [i18n, notify],
  );
  const value = useMemo(
    () => ({ api, toasts, dismiss, notify, networkDown, retryNetwork: () => setNetworkDown(false) }),
    [api, toasts, dismiss, notify, networkDown],
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
  const { toasts, dismiss, notify } = useApiState();
  return { toasts, dismiss, notify };
};
export const useNetworkState = () => {
  const { networkDown, retryNetwork } = useApiState();
  return { networkDown, retryNetwork };
};
