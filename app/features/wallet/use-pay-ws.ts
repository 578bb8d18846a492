import { useEffect, useRef } from 'react';
import { type PaymentPush, userChannel } from '../../../modules/wallet/wallet.contract';
import { readUserCookie, TOKEN_COOKIE } from '../../lib/session';

const RECONNECT_MS = 3000;

function token(): string | undefined {
  const pair = document.cookie.split('; ').find((part) => part.startsWith(`${TOKEN_COOKIE}=`));
  return pair && decodeURIComponent(pair.slice(TOKEN_COOKIE.length + 1));
}

/**
 * The spec's payWs: while the page is open, payment results arrive on the signed-in user's
 * private push channel (the socket proves who it is with the login token first).
 */
export function usePayWs(onPayment: (push: PaymentPush) => void) {
  const handler = useRef(onPayment);
  handler.current = onPayment;
  useEffect(() => {
    const uid = readUserCookie()?.uid;
    const login = token();
    if (!uid || !login) return;
    const channel = userChannel(uid);
    let socket: WebSocket | undefined;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      socket = new WebSocket(`${scheme}://${window.location.host}/ws/push`);
      socket.onopen = () => socket?.send(JSON.stringify({ op: 'auth', token: login }));
      socket.onmessage = (event) => {
        const frame = JSON.parse(String(event.data));
        // Subscribing waits for the server to have checked the login.
        if (frame.op === 'authed') socket?.send(JSON.stringify({ op: 'sub', channel }));
        if (frame.channel === channel && frame.data?.type === 'payment') handler.current(frame.data);
      };
      socket.onclose = () => {
        if (!stopped) retry = setTimeout(connect, RECONNECT_MS);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, []);
}
