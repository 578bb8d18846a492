import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import type { z } from 'zod';
import { codeRule, mobileRuleFor, passwordRule } from '../../../modules/accounts/accounts.contract';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { useLocale } from '../../lib/use-locale';
import { useSessionState } from '../../state/session-state';
import { withPromotionChannel } from '../channels';
import { type CountryItem, defaultCountry } from './countries';
import {
  CodeField,
  DialogHeader,
  Form,
  Message,
  PasswordField,
  PhoneField,
  SubmitButton,
  TextButton,
} from './fields';
import { type Extra, useLogIn, useStatus } from './flow';
import { ProviderIcons } from './third-party-buttons';

/**
 * The old layout (every channel but baxi, fifa48 and ty121), for mobile numbers: state 1
 * logs in by code or password, state 2 changes the password. State 3, binding a phone after a QQ
 * or WeChat login, is `BindPhoneForm`, shown when such a login needs it.
 */
export function OldLayout() {
  const [session, update] = useSessionState();
  return session.modelState === 2 ? (
    <ChangePasswordForm onBack={() => update({ modelState: 1 })} />
  ) : (
    <LoginTabs onForgot={() => update({ modelState: 2 })} />
  );
}

const TAB =
  'h-10 border-b-2 border-transparent text-sm font-medium text-zinc-600 data-[state=active]:border-brand data-[state=active]:text-zinc-900 dark:text-zinc-400 dark:data-[state=active]:text-zinc-100';

function LoginTabs({ onForgot }: { onForgot(): void }) {
  const { t } = useTranslation('login');
  const { clear } = useStatus();
  return (
    <>
      <DialogHeader title={t('logIn')} />
      <Tabs.Root defaultValue="code" onValueChange={clear}>
        <Tabs.List
          aria-label={t('tabs.label')}
          className="mb-4 grid grid-cols-2 border-b border-zinc-200 dark:border-zinc-800"
        >
          <Tabs.Trigger value="code" className={TAB}>
            {t('tabs.code')}
          </Tabs.Trigger>
          <Tabs.Trigger value="password" className={TAB}>
            {t('tabs.password')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="code">
          <CodeLogin />
        </Tabs.Content>
        <Tabs.Content value="password">
          <PasswordLogin onForgot={onForgot} />
        </Tabs.Content>
      </Tabs.Root>
      <ProviderIcons />
    </>
  );
}

/**
 * A mobile number with its country, +86 until another is picked; `orAccount` takes an email or a
 * username instead too.
 */
function useMobile(orAccount = false) {
  const locale = useLocale();
  const [phone, setPhone] = useState('');
  const [country, setCountry] = useState<CountryItem>(() => defaultCountry(locale));
  return {
    field: (
      <PhoneField
        value={phone}
        onChange={setPhone}
        country={country}
        onCountry={setCountry}
        orAccount={orAccount}
      />
    ),
    /** The number's check: China's mobile pattern for +86 only (spec point 5). */
    check: [mobileRuleFor(country.countryArea), phone] as [z.ZodType, unknown],
    body: { mobile: phone.trim(), areaCode: country.countryArea },
  };
}

/**
 * A mobile number and the code sent to it, as the code login, the password change and the phone
 * binding all ask for them: the fields, their checks and the body of the call.
 */
function usePhoneAndCode() {
  const api = useApi();
  const { check, run } = useStatus();
  const mobile = useMobile();
  const [code, setCode] = useState('');
  const sendCode = async () =>
    check([mobile.check]) && run(() => api.post('/login/sendVerificationCode', mobile.body, { quiet: true }));
  return {
    fields: (
      <>
        {mobile.field}
        <CodeField value={code} onChange={setCode} onSend={sendCode} />
      </>
    ),
    /** Checks the number, the code, then `more`, then the agreement; each refusal has its own message. */
    check: (more: [z.ZodType, unknown][] = []) =>
      check([mobile.check, [codeRule, code], ...more], { agreement: true }),
    body: { ...mobile.body, checkCode: code.trim() },
  };
}

function CodeLogin() {
  const { t } = useTranslation('login');
  const phoneAndCode = usePhoneAndCode();
  const logIn = useLogIn();
  const submit = () =>
    phoneAndCode.check() && logIn('/login/checkCode', withPromotionChannel(phoneAndCode.body));
  return (
    <Form onSubmit={submit}>
      {phoneAndCode.fields}
      <Message />
      <SubmitButton>{t('logIn')}</SubmitButton>
    </Form>
  );
}

/** The spec wants no check here beyond the agreement: the server's reply says what is wrong. */
function PasswordLogin({ onForgot }: { onForgot(): void }) {
  const { t } = useTranslation('login');
  const { check } = useStatus();
  // Any account with a password logs in here: by phone, email or username.
  const mobile = useMobile(true);
  const [password, setPassword] = useState('');
  const logIn = useLogIn();
  const submit = () =>
    check([], { agreement: true }) && logIn('/login/mobileandpw', { ...mobile.body, password });
  return (
    <Form onSubmit={submit}>
      {mobile.field}
      <PasswordField label={t('fields.password')} value={password} onChange={setPassword} />
      <Message />
      <SubmitButton>{t('logIn')}</SubmitButton>
      <div className="flex justify-end">
        <TextButton onClick={onForgot}>{t('forgotPassword')}</TextButton>
      </div>
    </Form>
  );
}

/** State 2: a new password for a mobile number, proved by a code; each check its own message. */
function ChangePasswordForm({ onBack }: { onBack(): void }) {
  const { t } = useTranslation('login');
  const phoneAndCode = usePhoneAndCode();
  const [password, setPassword] = useState('');
  const logIn = useLogIn();
  const submit = () =>
    phoneAndCode.check([[passwordRule, password]]) &&
    logIn('/login/modifyPassword', { ...phoneAndCode.body, password });
  return (
    <>
      <DialogHeader title={t('changePassword.title')} onBack={onBack} />
      <Form onSubmit={submit}>
        {phoneAndCode.fields}
        <PasswordField label={t('fields.newPassword')} value={password} onChange={setPassword} isNew />
        <Message />
        <SubmitButton>{t('changePassword.submit')}</SubmitButton>
        <div className="flex justify-end">
          <TextButton onClick={onBack}>{t('backToLogin')}</TextButton>
        </div>
      </Form>
    </>
  );
}

/** State 3: after a QQ or WeChat login, the account binds a mobile number to finish. */
export function BindPhoneForm({ account }: { account: Extract<Extra, { kind: 'bindPhone' }> }) {
  const { t } = useTranslation('login');
  const phoneAndCode = usePhoneAndCode();
  const logIn = useLogIn();
  const submit = () =>
    phoneAndCode.check() &&
    logIn('/login/bindAccount', {
      ...phoneAndCode.body,
      accountNumber: account.accountNumber,
      qqOrWechatName: account.qqOrWechatName,
      type: account.type,
      headimgurl: account.headimgurl,
    });
  return (
    <>
      <DialogHeader title={t('bindPhone.title')} />
      <div className="mb-3 flex items-center gap-3">
        {account.headimgurl && (
          <img src={account.headimgurl} alt="" width={40} height={40} className="size-10 rounded-full" />
        )}
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {t('bindPhone.hint', { name: account.qqOrWechatName })}
        </p>
      </div>
      <Form onSubmit={submit}>
        {phoneAndCode.fields}
        <Message />
        <SubmitButton>{t('bindPhone.submit')}</SubmitButton>
      </Form>
    </>
  );
}
