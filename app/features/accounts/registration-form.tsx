import { useState } from 'react';
import { type LoginResult, passwordRule, usernameRule } from '../../../modules/accounts/accounts.contract';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { DialogHeader, Form, Message, PasswordField, SubmitButton, TextField } from './fields';
import { useLoginFlow, useStatus } from './flow';

/**
 * After a first login: the new account chooses its username and first password, then logs in again
 * with them and keeps the token that login returns (spec point 4), which proves the new password
 * works. Skipping keeps the generated name and the first login.
 */
export function RegistrationForm({ username: generated }: { username: string }) {
  const { t } = useTranslation('login');
  const api = useApi();
  const { finish, loggedIn } = useLoginFlow();
  const { check, run } = useStatus();
  const [username, setUsername] = useState(generated);
  const [password, setPassword] = useState('');
  const submit = () =>
    check([
      [usernameRule, username],
      [passwordRule, password],
    ]) &&
    run(async () => {
      await api.post('/user/V2/modifyUser', { uname: username, password }, { quiet: true });
      loggedIn(
        await api.post<LoginResult>(
          '/login/V2/mobileOrNameToLogin',
          { name: username, password },
          { quiet: true },
        ),
      );
    });
  return (
    <>
      <DialogHeader title={t('register.title')} />
      <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">{t('register.hint')}</p>
      <Form onSubmit={submit}>
        <TextField
          label={t('fields.username')}
          autoComplete="username"
          maxLength={20}
          value={username}
          onChange={setUsername}
          dir="ltr"
        />
        <PasswordField label={t('fields.password')} value={password} onChange={setPassword} isNew />
        <Message />
        <SubmitButton>{t('register.submit')}</SubmitButton>
        <button
          type="button"
          onClick={finish}
          className="h-11 rounded-lg border border-zinc-300 font-semibold hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
        >
          {t('register.skip')}
        </button>
      </Form>
    </>
  );
}
