import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';

/**
 * The client session state of spec point 3 that is not server data: the login dialog
 * (showModel, modelState 1 login / 2 forgot password / 3 bind phone, modelTitle), the menu index,
 * theatre mode, danmu and stream-source toggles, and `boxUrl`: where the header's blind box section
 * leads. The dialog and menu index survive reloads in
 * local storage.
 */
export interface SessionState {
  showModel: boolean;
  modelState: 1 | 2 | 3;
  modelTitle: string;
  menuIndex: number;
  boxUrl: string;
  isTheater: boolean;
  isMatch: boolean;
  danmu: boolean;
  isSource: boolean;
}

const STORAGE_KEY = 'sessionState';
const PERSISTED: (keyof SessionState)[] = ['showModel', 'modelState', 'modelTitle', 'menuIndex'];

export const INITIAL_SESSION_STATE: SessionState = {
  showModel: false,
  modelState: 1,
  modelTitle: '',
  menuIndex: 0,
  boxUrl: '/mall/blindBox',
  isTheater: false,
  isMatch: false,
  danmu: true,
  isSource: false,
};

type Update = (patch: Partial<SessionState>) => void;
const Context = createContext<[SessionState, Update] | null>(null);

export function SessionStateProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState(INITIAL_SESSION_STATE);
  useEffect(() => {
    try {
      const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
      setState((current) => ({ ...current, ...pickPersisted(saved) }));
    } catch {
      localStorage.removeItem(STORAGE_KEY);
    }
  }, []);
  const update = useCallback<Update>((patch) => {
    setState((current) => {
      const next = { ...current, ...patch };
      localStorage.setItem(STORAGE_KEY, JSON.stringify(pickPersisted(next)));
      return next;
    });
  }, []);
  return <Context.Provider value={[state, update]}>{children}</Context.Provider>;
}

function pickPersisted(source: Partial<SessionState>): Partial<SessionState> {
  return Object.fromEntries(PERSISTED.filter((key) => key in source).map((key) => [key, source[key]]));
}

export function useSessionState(): [SessionState, Update] {
  const value = useContext(Context);
  if (!value) throw new Error('useSessionState outside SessionStateProvider');
  return value;
}
