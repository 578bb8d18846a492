import { useEffect, useRef } from 'react';
import { useApi } from '../../lib/api';
import { recogniseCallback } from './callback';
import type { Extra, LoginFlow } from './flow';
import { asLoginResult, completeCallback } from './third-party';

type BindPhone = Extract<Extra, { kind: 'bindPhone' }>;

/**
 * On page load, a provider's return (recognised from the query) is exchanged for a login. A QQ
 * or WeChat account without a phone goes on to bind one; 2010 goes on to bind an email. Failures
 * show as toasts ('please sign in' for 2010), since the dialog is not open yet.
 */
export function useThirdPartyCallback(flow: LoginFlow, bindPhone: (account: BindPhone) => void) {
  const api = useApi();
  const started = useRef(false);
  useEffect(() => {
    const callback = recogniseCallback(new URLSearchParams(window.location.search));
    // Once per page load, even when an effect runs twice: a provider's code works only once.
    if (!callback || started.current) return;
    started.current = true;
    completeCallback(api, callback).then(
      (answer) => {
        const result = asLoginResult(answer);
        if (result) flow.loggedIn(result);
        else if (answer.wxBind === false && answer.accountNumber && callback.provider === 'qqOrWechat') {
          bindPhone({
            kind: 'bindPhone',
            accountNumber: answer.accountNumber,
            qqOrWechatName: answer.qqOrWechatName ?? '',
            headimgurl: answer.headimgurl ?? '',
            type: callback.type,
          });
        } else flow.close();
      },
      (err) => flow.needsEmail(err) || flow.close(),
    );
  }, [api, flow, bindPhone]);
}
