import { useEffect, useRef } from 'react';
import { type PaymentPush, userChannel } from '../../../modules/wallet/wallet.contract';
import { useApi } from '../../lib/api';
import { readUserCookie } from '../../lib/session';

const RECONNECT_MS = 3000;

/**
 * The spec's payWs: while the page is open, payment results arrive on the signed-in user's
 * private push channel. The socket proves who it is first, with a one-minute ticket of the login
 * (the page cannot read the login token: its cookie is HttpOnly).
 */
export function usePayWs(onPayment: (push: PaymentPush) => void) {
  const handler = useRef(onPayment);
  handler.current = onPayment;
  const api = useApi();
  useEffect(() => {
    const uid = readUserCookie()?.uid;
    if (!uid) return;
    const channel = userChannel(uid);
    let socket: WebSocket | undefined;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const reconnect = () => {
      if (!stopped) retry = setTimeout(connect, RECONNECT_MS);
    };
    const connect = async () => {
      const ticket = await api
        .post<{ ticket: string }>('/user/socketTicket', {}, { quiet: true })
        .then((answer) => answer.ticket)
        .catch(() => undefined);
      if (stopped) return;
      if (!ticket) return reconnect();
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      socket = new WebSocket(`${scheme}://${window.location.host}/ws/push`);
      socket.onopen = () => socket?.send(JSON.stringify({ op: 'auth', token: ticket }));
      socket.onmessage = (event) => {
        const frame = JSON.parse(String(event.data));
        // Subscribing waits for the server to have checked the login.
        if (frame.op === 'authed') socket?.send(JSON.stringify({ op: 'sub', channel }));
        if (frame.channel === channel && frame.data?.type === 'payment') handler.current(frame.data);
      };
      socket.onclose = reconnect;
    };
    void connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, [api]);
}
