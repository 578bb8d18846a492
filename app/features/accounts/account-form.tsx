import { useState } from 'react';
import type { z } from 'zod';
import { codeRule, emailRule, passwordRule } from '../../../modules/accounts/accounts.contract';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { useLocale } from '../../lib/use-locale';
import { withPromotionChannel } from '../channels';
import { defaultCountry } from './countries';
import {
  CodeField,
  DialogHeader,
  Form,
  Message,
  PasswordField,
  PhoneField,
  SubmitButton,
  TextButton,
  TextField,
} from './fields';
import { useLogIn, useStatus } from './flow';
import { required } from './validation';

type By = 'email' | 'phone';
/** Sub-modes of spec point 4: 1 code, 2 password, 3 reset (code and new password). */
type Mode = 1 | 2 | 3;

/** The new layout's panel 2: email or phone login by code or password, and the password reset. */
export function AccountForm({ onBack }: { onBack(): void }) {
  const { t } = useTranslation('login');
  const api = useApi();
  const locale = useLocale();
  const { check, run } = useStatus();
  const logIn = useLogIn();
  const [by, setBy] = useState<By>('email');
  const [mode, setMode] = useState<Mode>(1);
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [country, setCountry] = useState(() => defaultCountry(locale));
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');

  // The new layout only asks for a phone number to be there; the server checks its form.
  const address: [z.ZodType, string] =
    by === 'email' ? [emailRule, email] : [required('phoneRequired'), phone];
  const target =
    by === 'email'
      ? { mobileOrEmail: email.trim() }
      : { mobileOrEmail: phone.trim(), areaCode: country.countryArea };

  const sendCode = async () =>
    check([address]) &&
    run(() =>
      api.post(by === 'email' ? '/login/V2/sendEmailcheckCode' : '/login/V2/sendMobilecheckCode', target, {
        quiet: true,
      }),
    );

  const submit = () => {
    if (mode === 2) {
      const who: [z.ZodType, string] = by === 'email' ? [required('emailRequired'), email] : address;
      if (!check([who, [required('passwordRequired'), password]], { agreement: true })) return;
      // What does not look like an email is a username.
      const login = by === 'email' && !email.includes('@') ? { name: email.trim() } : target;
      return logIn('/login/V2/mobileOrNameToLogin', { ...login, password });
    }
    const checks: [z.ZodType, string][] = [address, [codeRule, code]];
    if (mode === 3) checks.push([passwordRule, password]);
    if (!check(checks, { agreement: true })) return;
    return logIn(
      '/login/V2/getLoginByEmailCheckCode',
      withPromotionChannel({ ...target, checkCode: code.trim(), ...(mode === 3 && { password }) }),
    );
  };

  const other: By = by === 'email' ? 'phone' : 'email';
  return (
    <>
      <DialogHeader title={t(mode === 3 ? 'reset.title' : mode === 2 ? 'logIn' : 'title')} onBack={onBack} />
      <Form onSubmit={submit}>
        {mode !== 3 && <ByToggle by={by} onChange={setBy} />}
        {by === 'phone' ? (
          <PhoneField value={phone} onChange={setPhone} country={country} onCountry={setCountry} />
        ) : (
          <TextField
            label={t(mode === 2 ? 'fields.emailOrUsername' : 'fields.email')}
            type={mode === 2 ? 'text' : 'email'}
            autoComplete={mode === 2 ? 'username' : 'email'}
            maxLength={254}
            value={email}
            onChange={setEmail}
            dir="ltr"
          />
        )}
        {mode !== 2 && <CodeField value={code} onChange={setCode} onSend={sendCode} />}
        {mode !== 1 && (
          <PasswordField
            label={t(mode === 3 ? 'fields.newPassword' : 'fields.password')}
            value={password}
            onChange={setPassword}
            isNew={mode === 3}
          />
        )}
        <Message />
        <SubmitButton>{t(mode === 3 ? 'reset.submit' : 'logIn')}</SubmitButton>
        <div className="flex flex-wrap justify-between gap-2">
          {mode === 1 && <TextButton onClick={() => setMode(2)}>{t('usePassword')}</TextButton>}
          {mode === 2 && <TextButton onClick={() => setMode(1)}>{t('useCode')}</TextButton>}
          {mode === 2 && <TextButton onClick={() => setMode(3)}>{t('forgotPassword')}</TextButton>}
          {mode === 3 && (
            <TextButton onClick={() => setBy(other)}>
              {t(other === 'phone' ? 'resetByPhone' : 'resetByEmail')}
            </TextButton>
          )}
          {mode === 3 && <TextButton onClick={() => setMode(2)}>{t('backToLogin')}</TextButton>}
        </div>
      </Form>
    </>
  );
}

/** Email or phone: two pressed-or-not buttons. */
function ByToggle({ by, onChange }: { by: By; onChange(by: By): void }) {
  const { t } = useTranslation('login');
  const { clear } = useStatus();
  return (
    <fieldset className="grid grid-cols-2 gap-1 rounded-lg bg-zinc-100 p-1 dark:bg-zinc-800">
      <legend className="sr-only">{t('by.label')}</legend>
      {(['email', 'phone'] as const).map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={by === option}
          onClick={() => {
            clear();
            onChange(option);
          }}
          className="h-9 rounded-md text-sm font-medium text-zinc-600 aria-pressed:bg-white aria-pressed:text-zinc-900 aria-pressed:shadow-sm dark:text-zinc-300 dark:aria-pressed:bg-zinc-950 dark:aria-pressed:text-zinc-100"
        >
          {t(`by.${option}`)}
        </button>
      ))}
    </fieldset>
  );
}
