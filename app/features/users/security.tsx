import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import { passwordRule } from '../../../modules/accounts/accounts.contract';
import type { SecuritySummary } from '../../../modules/users/users.contract';
import {
  buttonClass,
  Dialog,
  FormStatus,
  failureMessage,
  hintClass,
  inputClass,
  labelClass,
} from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { clearSession } from '../../lib/session';
import { SendCodeButton } from './send-code-button';

type Kind = 'email' | 'phone';

/** The security centre: bound email and phone (masked), the password, logging out everywhere. */
export function SecurityCentre({ summary }: { summary: SecuritySummary }) {
  const { t } = useTranslation('user');
  const [open, setOpen] = useState<Kind | 'password' | null>(null);
  const toggle = (which: Kind | 'password') => setOpen(open === which ? null : which);
  const rows: { key: Kind | 'password'; label: string; value: string | null; action: string }[] = [
    {
      key: 'email',
      label: t('security.email'),
      value: summary.maskedEmail,
      action: summary.email ? t('security.change') : t('security.bind'),
    },
    {
      key: 'phone',
      label: t('security.phone'),
      value: summary.maskedPhone && `${summary.areaCode ?? ''} ${summary.maskedPhone}`,
      action: summary.phone ? t('security.change') : t('security.bind'),
    },
    {
      key: 'password',
      label: t('security.password'),
      value: summary.hasPassword ? t('security.passwordSet') : null,
      action: summary.hasPassword ? t('security.changePassword') : t('security.setPassword'),
    },
  ];
  return (
    <div className="flex flex-col">
      <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
        {rows.map((row) => (
          <li key={row.key} className="py-3">
            <div className="flex items-center gap-3">
              <span className="w-20 shrink-0 text-sm font-medium">{row.label}</span>
              <span
                className={`min-w-0 flex-1 truncate text-sm ${row.value ? '' : 'text-zinc-500 dark:text-zinc-400'}`}
              >
                {row.value ??
                  (row.key === 'password' ? t('security.passwordNotSet') : t('security.notBound'))}
              </span>
              <button
                type="button"
                onClick={() => toggle(row.key)}
                aria-expanded={open === row.key}
                className="shrink-0 text-sm font-medium text-brand-ink hover:underline"
              >
                {open === row.key ? t('security.cancel') : row.action}
              </button>
            </div>
            {open === row.key && (
              <div className="mt-3 rounded-xl bg-zinc-50 p-4 dark:bg-zinc-800/60">
                {row.key === 'password' ? (
                  <PasswordForm summary={summary} onDone={() => setOpen(null)} />
                ) : (
                  <AddressForm kind={row.key} onDone={() => setOpen(null)} />
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
      <LogoutEverywhere />
    </div>
  );
}

function Field({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
      {hint && <p className={hintClass}>{hint}</p>}
    </div>
  );
}

/** Sends the code of the login dialog's calls to `address`. */
function useSendCode() {
  const api = useApi();
  return (kind: Kind, address: string, areaCode: string) =>
    kind === 'email'
      ? api.post('/login/V2/sendEmailcheckCode', { mobileOrEmail: address }, { quiet: true })
      : api.post('/login/V2/sendMobilecheckCode', { mobileOrEmail: address, areaCode }, { quiet: true });
}

/** Binds or replaces the email or phone number: a code sent to the new address proves it. */
function AddressForm({ kind, onDone }: { kind: Kind; onDone: () => void }) {
  const { t } = useTranslation('user');
  const api = useApi();
  const revalidator = useRevalidator();
  const sendCode = useSendCode();
  const id = useId();
  const [address, setAddress] = useState('');
  const [areaCode, setAreaCode] = useState('+86');
  const [code, setCode] = useState('');
  const [sendError, setSendError] = useState<unknown>(null);
  const change = useMutation({
    mutationFn: () =>
      api.post(
        '/user/V2/mobileOrNameToChange',
        { mobileOrEmail: address.trim(), ...(kind === 'phone' && { areaCode }), checkCode: code.trim() },
        { quiet: true },
      ),
    onSuccess: async () => {
      await revalidator.revalidate();
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSendError(null);
    change.mutate();
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
      {kind === 'email' ? (
        <Field id={`${id}-address`} label={t('security.newEmail')}>
          <input
            id={`${id}-address`}
            type="email"
            autoComplete="email"
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            className={inputClass}
          />
        </Field>
      ) : (
        <div className="flex gap-2">
          <div className="w-24 shrink-0">
            <Field id={`${id}-area`} label={t('security.areaCode')}>
              <input
                id={`${id}-area`}
                inputMode="tel"
                value={areaCode}
                onChange={(e) => setAreaCode(e.target.value)}
                maxLength={5}
                className={inputClass}
              />
            </Field>
          </div>
          <div className="min-w-0 flex-1">
            <Field id={`${id}-address`} label={t('security.newPhone')}>
              <input
                id={`${id}-address`}
                type="tel"
                autoComplete="tel-national"
                value={address}
                onChange={(e) => setAddress(e.target.value.replace(/\D/g, ''))}
                maxLength={11}
                className={inputClass}
              />
            </Field>
          </div>
        </div>
      )}
      <CodeField
        id={`${id}-code`}
        value={code}
        onChange={setCode}
        send={() => sendCode(kind, address.trim(), areaCode)}
        onSendError={setSendError}
        canSend={address.trim() !== ''}
      />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={change.isPending || !code.trim()} className={buttonClass.primary}>
          {t('security.confirm')}
        </button>
        <FormStatus error={failureMessage(sendError ?? change.error, t('messages:systemError'))} />
      </div>
    </form>
  );
}

function CodeField({
  id,
  value,
  onChange,
  send,
  onSendError,
  canSend,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  send: () => Promise<unknown>;
  onSendError: (error: unknown) => void;
  canSend: boolean;
}) {
  const { t } = useTranslation('user');
  return (
    <Field id={id} label={t('security.code')}>
      <div className="flex gap-2">
        <input
          id={id}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={value}
          onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
          className={`${inputClass} min-w-0 flex-1`}
        />
        <SendCodeButton
          send={async () => {
            onSendError(null);
            await send();
          }}
          onError={onSendError}
          disabled={!canSend}
        />
      </div>
    </Field>
  );
}

/** A new password, proved by a code sent to one of the account's own addresses. */
function PasswordForm({ summary, onDone }: { summary: SecuritySummary; onDone: () => void }) {
  const { t } = useTranslation('user');
  const api = useApi();
  const revalidator = useRevalidator();
  const sendCode = useSendCode();
  const id = useId();
  const targets: { kind: Kind; address: string; areaCode: string; shown: string }[] = [];
  if (summary.email)
    targets.push({ kind: 'email', address: summary.email, areaCode: '', shown: summary.maskedEmail ?? '' });
  if (summary.phone)
    targets.push({
      kind: 'phone',
      address: summary.phone,
      areaCode: summary.areaCode ?? '+86',
      shown: `${summary.areaCode ?? ''} ${summary.maskedPhone ?? ''}`,
    });
  const [targetIndex, setTargetIndex] = useState(0);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sendError, setSendError] = useState<unknown>(null);
  const target = targets[targetIndex];
  const change = useMutation({
    mutationFn: () =>
      api.post(
        '/user/V2/mobileOrNameToChangePass',
        {
          mobileOrEmail: target?.address,
          ...(target?.kind === 'phone' && { areaCode: target.areaCode }),
          checkCode: code.trim(),
          password,
        },
        { quiet: true },
      ),
    onSuccess: async () => {
      await revalidator.revalidate();
      onDone();
    },
  });
  if (!target) return <p className="text-sm">{t('security.noAddress')}</p>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSendError(null);
    const checked = passwordRule.safeParse(password);
    if (!checked.success) {
      setProblem(t(`messages:${checked.error.issues[0]?.message ?? 'passwordRule'}`));
      return;
    }
    setProblem(null);
    change.mutate();
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
      <fieldset>
        <legend className={labelClass}>{t('security.sendTo')}</legend>
        <div className="flex flex-col gap-1">
          {targets.map((option, index) => (
            <label key={option.kind} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-target`}
                checked={index === targetIndex}
                onChange={() => setTargetIndex(index)}
                className="accent-brand"
              />
              {option.shown}
            </label>
          ))}
        </div>
      </fieldset>
      <CodeField
        id={`${id}-code`}
        value={code}
        onChange={setCode}
        send={() => sendCode(target.kind, target.address, target.areaCode)}
        onSendError={setSendError}
        canSend
      />
      <Field id={`${id}-password`} label={t('security.newPassword')} hint={t('security.passwordHint')}>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          className={inputClass}
        />
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={change.isPending || !code.trim()} className={buttonClass.primary}>
          {t('security.confirm')}
        </button>
        <FormStatus error={problem ?? failureMessage(sendError ?? change.error, t('messages:systemError'))} />
      </div>
    </form>
  );
}

/** Ends every login of the account, this one too, then back to the home page as a guest. */
function LogoutEverywhere() {
  const { t } = useTranslation('user');
  const api = useApi();
  const [open, setOpen] = useState(false);
  const logout = useMutation({
    mutationFn: () => api.post('/user/logoutAll', {}),
    onSuccess: () => {
      clearSession();
      window.location.assign('/');
    },
  });
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-zinc-100 pt-4 dark:border-zinc-800">
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium">{t('security.logoutAll')}</p>
        <p className={hintClass}>{t('security.logoutAllHint')}</p>
      </div>
      <button type="button" onClick={() => setOpen(true)} className={buttonClass.secondary}>
        {t('security.logoutAll')}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('security.logoutAllConfirm')}>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('security.logoutAllHint')}</p>
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <button type="button" onClick={() => setOpen(false)} className={buttonClass.secondary}>
            {t('security.cancel')}
          </button>
          <button
            type="button"
            onClick={() => logout.mutate()}
            disabled={logout.isPending}
            className={buttonClass.primary}
          >
            {t('security.logoutAll')}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
