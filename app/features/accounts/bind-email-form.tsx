import { useState } from 'react';
import { codeRule, emailRule } from '../../../modules/accounts/accounts.contract';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { CodeField, DialogHeader, Form, Message, SubmitButton, TextField } from './fields';
import { useLogIn, useStatus } from './flow';

/**
 * A third-party account without an email (errorCode 2010) binds one with a code, then it is
 * logged in. The provider's account id from the 2010 answer goes with it.
 */
export function BindEmailForm({ twitterId }: { twitterId: number }) {
  const { t } = useTranslation('login');
  const api = useApi();
  const { check, run } = useStatus();
  const logIn = useLogIn();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const sendCode = async () =>
    check([[emailRule, email]]) &&
    run(() => api.post('/login/V2/sendEmailcheckCode', { mobileOrEmail: email.trim() }, { quiet: true }));
  const submit = () =>
    check(
      [
        [emailRule, email],
        [codeRule, code],
      ],
      { agreement: true },
    ) && logIn('/login/V2/bindEmail', { checkCode: code.trim(), email: email.trim(), twitterId });
  return (
    <>
      <DialogHeader title={t('bindEmail.title')} />
      <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">{t('bindEmail.hint')}</p>
      <Form onSubmit={submit}>
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          maxLength={254}
          value={email}
          onChange={setEmail}
          dir="ltr"
        />
        <CodeField value={code} onChange={setCode} onSend={sendCode} />
        <Message />
        <SubmitButton>{t('bindEmail.submit')}</SubmitButton>
      </Form>
    </>
  );
}
