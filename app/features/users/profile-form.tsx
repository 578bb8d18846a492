import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import { type UserInfo, usernameRule } from '../../../modules/accounts/accounts.contract';
import { SIGNATURE_MAX } from '../../../modules/users/users.contract';
import {
  buttonClass,
  FormStatus,
  failureMessage,
  hintClass,
  inputClass,
  labelClass,
} from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { readUserCookie, saveUser } from '../../lib/session';

/** Username and signature (`POST /user/modifyUser`); only what changed is sent. */
export function ProfileForm({ username, signature }: { username: string; signature: string }) {
  const { t } = useTranslation('user');
  const api = useApi();
  const revalidator = useRevalidator();
  const id = useId();
  const [name, setName] = useState(username);
  const [text, setText] = useState(signature);
  const [invalid, setInvalid] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: { uname?: string; signature?: string }) =>
      api.post<UserInfo>('/user/modifyUser', body, { quiet: true }),
    onSuccess: (user) => {
      setName(user.username);
      setText(user.signature);
      // The header and sister sites read the name from the user cookie.
      if (readUserCookie()) saveUser(user);
      revalidator.revalidate();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = usernameRule.safeParse(name.trim());
    if (!checked.success) {
      setInvalid(t(`messages:${checked.error.issues[0]?.message ?? 'usernameRule'}`));
      return;
    }
    setInvalid(null);
    save.mutate({
      ...(checked.data !== username && { uname: checked.data }),
      ...(text.trim() !== signature && { signature: text.trim() }),
    });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <div>
        <label htmlFor={`${id}-name`} className={labelClass}>
          {t('info.username')}
        </label>
        <input
          id={`${id}-name`}
          name="uname"
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoComplete="username"
          maxLength={20}
          aria-describedby={`${id}-name-hint`}
          className={inputClass}
        />
        <p id={`${id}-name-hint`} className={hintClass}>
          {t('info.usernameHint')}
        </p>
      </div>
      <div>
        <label htmlFor={`${id}-sig`} className={labelClass}>
          {t('info.signature')}
        </label>
        <textarea
          id={`${id}-sig`}
          name="signature"
          value={text}
          onChange={(e) => setText(e.target.value.replace(/\n/g, ' '))}
          maxLength={SIGNATURE_MAX}
          rows={2}
          placeholder={t('info.signaturePlaceholder')}
          aria-describedby={`${id}-sig-count`}
          className={`${inputClass} resize-none`}
        />
        <p id={`${id}-sig-count`} className={`${hintClass} text-end tabular-nums`}>
          {text.length}/{SIGNATURE_MAX}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={save.isPending} className={buttonClass.primary}>
          {save.isPending ? t('state.saving') : t('info.save')}
        </button>
        <FormStatus
          ok={save.isSuccess ? t('messages:savedSuccessfully') : null}
          error={invalid ?? failureMessage(save.error, t('messages:systemError'))}
        />
      </div>
    </form>
  );
}
