import * as Dialog from '@radix-ui/react-dialog';
import { type InputHTMLAttributes, type ReactNode, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../components/icon';
import { Tagged } from '../../i18n/tagged';
import { useTranslation } from '../../i18n/translations';
import { type CountryItem, useCountries } from './countries';
import { useStatus } from './flow';
import { useCountdown } from './use-countdown';

/** Most phone numbers fit; the spec caps the input at 11 characters. */
export const PHONE_MAX_LENGTH = 11;

const INPUT =
  'h-11 w-full min-w-0 rounded-lg border border-zinc-300 bg-white px-3 text-base text-zinc-900 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100';
const LABEL = 'text-sm font-medium text-zinc-700 dark:text-zinc-300';

/** The dialog's title, with a back arrow when there is somewhere to go back to. */
export function DialogHeader({ title, onBack }: { title: string; onBack?: () => void }) {
  const { t } = useTranslation('login');
  const { clear } = useStatus();
  return (
    <div className="mb-4 flex min-h-9 items-center gap-2 pe-10">
      {onBack && (
        <button
          type="button"
          onClick={() => {
            clear();
            onBack();
          }}
          className="-ms-2 flex size-9 items-center justify-center rounded-full hover:bg-zinc-100 dark:hover:bg-zinc-800"
        >
          <Icon className="rtl:rotate-180">
            <path d="M15 5l-7 7 7 7" />
          </Icon>
          <span className="sr-only">{t('back')}</span>
        </button>
      )}
      <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>;

export function TextField({
  label,
  value,
  onChange,
  ...input
}: { label: string; value: string; onChange(value: string): void } & InputProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <input id={id} value={value} onChange={(e) => onChange(e.target.value)} className={INPUT} {...input} />
    </div>
  );
}

export function PasswordField({
  label,
  value,
  onChange,
  isNew,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  /** A password being chosen rather than entered: browsers offer to generate one. */
  isNew?: boolean;
}) {
  return (
    <TextField
      label={label}
      type="password"
      value={value}
      onChange={onChange}
      autoComplete={isNew ? 'new-password' : 'current-password'}
      maxLength={128}
    />
  );
}

/**
 * A phone number with its area code, picked from the country list (+86 first); `orAccount` takes
 * an email or a username in its place too (the old layout's password login).
 */
export function PhoneField({
  value,
  onChange,
  country,
  onCountry,
  orAccount = false,
}: {
  value: string;
  onChange(value: string): void;
  country: CountryItem;
  onCountry(country: CountryItem): void;
  orAccount?: boolean;
}) {
  const { t } = useTranslation('login');
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={LABEL}>
        {t(orAccount ? 'fields.account' : 'fields.phone')}
      </label>
      <div className="flex gap-2">
        <AreaCodePicker country={country} onCountry={onCountry} />
        <input
          id={id}
          {...(orAccount
            ? { type: 'text', autoComplete: 'username', maxLength: 254 }
            : {
                type: 'tel',
                inputMode: 'numeric',
                autoComplete: 'tel-national',
                maxLength: PHONE_MAX_LENGTH,
              })}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={INPUT}
          dir="ltr"
        />
      </div>
    </div>
  );
}

/** The browser's own select (a wheel on phones) over a compact flag-and-code face. */
function AreaCodePicker({
  country,
  onCountry,
}: {
  country: CountryItem;
  onCountry(country: CountryItem): void;
}) {
  const { t } = useTranslation('login');
  const countries = useCountries();
  return (
    <div className="relative flex h-11 shrink-0 items-center gap-1 rounded-lg border border-zinc-300 px-2 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand dark:border-zinc-700">
      <span aria-hidden="true">{country.countryAvatar}</span>
      <span dir="ltr">{country.countryArea}</span>
      <Icon size={14}>
        <path d="M6 9l6 6 6-6" />
      </Icon>
      <select
        aria-label={t('fields.areaCode')}
        value={country.countryAbbr}
        onChange={(e) => {
          const chosen = countries.find((item) => item.countryAbbr === e.target.value);
          if (chosen) onCountry(chosen);
        }}
        className="absolute inset-0 cursor-pointer opacity-0"
      >
        {countries.map((item) => (
          <option key={item.countryAbbr} value={item.countryAbbr}>
            {`${item.countryAvatar} ${item.countryName} ${item.countryArea}`}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The code input with its send button, which counts down 60 seconds once a code went out.
 * `onSend` checks the address and sends; it answers whether a code was sent.
 */
export function CodeField({
  value,
  onChange,
  onSend,
}: {
  value: string;
  onChange(value: string): void;
  onSend(): Promise<boolean>;
}) {
  const { t } = useTranslation('login');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [left, startCountdown] = useCountdown();
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    const sent = await onSend();
    setSending(false);
    if (!sent) return;
    startCountdown();
    // The button is disabled now; the next thing to do is typing the code.
    input.current?.focus();
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={LABEL}>
        {t('fields.code')}
      </label>
      <div className="flex gap-2">
        <input
          ref={input}
          id={id}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={INPUT}
          dir="ltr"
        />
        <button
          type="button"
          onClick={send}
          disabled={left > 0 || sending}
          className="h-11 shrink-0 rounded-lg border border-brand px-3 text-sm font-semibold text-brand-ink disabled:border-zinc-300 disabled:text-zinc-600 dark:text-red-400 dark:disabled:border-zinc-700 dark:disabled:text-zinc-400"
        >
          {left > 0 ? t('resendIn', { seconds: left }) : t('sendCode')}
        </button>
      </div>
      <p aria-live="polite" className="text-xs text-zinc-600 dark:text-zinc-400">
        {left > 0 ? t('codeSent') : ''}
      </p>
    </div>
  );
}

/** The red message area: local refusals and the server's errorMsg. */
export function Message() {
  const { message } = useStatus();
  return (
    <p aria-live="assertive" className="text-sm text-red-700 dark:text-red-400">
      {message}
    </p>
  );
}

export function SubmitButton({ children }: { children: ReactNode }) {
  const { busy } = useStatus();
  return (
    <button
      type="submit"
      disabled={busy}
      className="h-11 w-full rounded-lg bg-brand font-semibold text-white hover:brightness-110 disabled:opacity-60"
    >
      {children}
    </button>
  );
}

/** A link-like switch inside the dialog (use password, forgot password…). */
export function TextButton({ onClick, children }: { onClick(): void; children: ReactNode }) {
  const { clear } = useStatus();
  return (
    <button
      type="button"
      onClick={() => {
        clear();
        onClick();
      }}
      className="text-sm font-medium text-brand-ink hover:underline dark:text-red-400"
    >
      {children}
    </button>
  );
}

/** Agreement to the user agreement and privacy policy, required before any login. */
export function Agreement() {
  const { t } = useTranslation('login');
  const { agreed, setAgreed } = useStatus();
  const link = 'font-medium text-brand-ink underline dark:text-red-400';
  return (
    <label className="mt-4 flex items-start gap-2 text-xs leading-5 text-zinc-600 dark:text-zinc-400">
      <input
        type="checkbox"
        checked={agreed}
        onChange={(e) => setAgreed(e.target.checked)}
        className="mt-0.5 size-4 shrink-0 accent-brand"
      />
      <span>
        <Tagged
          text={t('agreement')}
          tags={{
            service: (inner) => (
              <Link to="/protocol/service" target="_blank" className={link}>
                {inner}
              </Link>
            ),
            privacy: (inner) => (
              <Link to="/protocol/privacy" target="_blank" className={link}>
                {inner}
              </Link>
            ),
          }}
        />
      </span>
    </label>
  );
}

/** A form that runs its submit handler instead of sending itself. */
export function Form({ onSubmit, children }: { onSubmit(): void; children: ReactNode }) {
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
