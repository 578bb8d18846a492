import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatServerMessage } from '../../../modules/chat/chat.contract';
import {
  applyFrame,
  backoffMs,
  type ChatView,
  type ConnectionState,
  emptyView,
  MAX_ATTEMPTS,
  type Shown,
} from './chat-state';

/**
 * A room's chat over /ws/chat: the messages on screen, the connection state, and `reconnect` for
 * the manual button. A dropped socket reconnects with backoff and resumes from the last sequence
 * number it holds, so nothing is missed or shown twice; after MAX_ATTEMPTS it gives up until the
 * manual button or the browser's network comes back.
 */
export function useChatRoom(roomId: number, onFresh?: (events: Shown[]) => void) {
  const [view, setView] = useState<ChatView>(emptyView);
  const [state, setState] = useState<ConnectionState>('connecting');
  const [attempt, setAttempt] = useState(0);
  const viewRef = useRef(view);
  const freshRef = useRef(onFresh);
  freshRef.current = onFresh;
  const [generation, setGeneration] = useState(0);
  const roomRef = useRef(roomId);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `generation` starts a new run for the manual reconnect button.
  useEffect(() => {
    if (roomRef.current !== roomId) {
      roomRef.current = roomId;
      viewRef.current = emptyView;
      setView(emptyView);
    }
    let socket: WebSocket | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let tries = 0;
    let stopped = false;

    const open = () => {
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      socket = new WebSocket(`${scheme}://${window.location.host}/ws/chat`);
      socket.onopen = () => {
        tries = 0;
        setAttempt(0);
        setState('connected');
        socket?.send(JSON.stringify({ op: 'join', roomId, since: viewRef.current.last }));
      };
      socket.onmessage = (message) => {
        const { view: next, fresh } = applyFrame(
          viewRef.current,
          JSON.parse(String(message.data)) as ChatServerMessage[],
        );
        viewRef.current = next;
        setView(next);
        if (fresh.length > 0) freshRef.current?.(fresh);
      };
      socket.onclose = () => {
        if (stopped) return;
        tries += 1;
        if (tries > MAX_ATTEMPTS) return setState('disconnected');
        setState('reconnecting');
        setAttempt(tries);
        timer = setTimeout(open, backoffMs(tries));
      };
    };
    // A lost network shows at once as reconnecting (a dead socket may not close for minutes); a
    // network back is tried at once, not after the backoff's wait.
    const lost = () => socket?.close();
    const back = () => {
      if (socket && socket.readyState !== WebSocket.CLOSED) return;
      clearTimeout(timer);
      tries = 0;
      open();
    };
    window.addEventListener('offline', lost);
    window.addEventListener('online', back);
    setState('connecting');
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('offline', lost);
      window.removeEventListener('online', back);
      socket?.close();
    };
  }, [roomId, generation]);

  const reconnect = useCallback(() => setGeneration((n) => n + 1), []);
  return { view, state, attempt, reconnect };
}
