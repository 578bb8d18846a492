import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { FEEDBACK_MAX, FEEDBACK_MIN } from '../../../modules/users/users.contract';
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

/** Feedback to the team (`POST /user/feedback`), with a contact if the user wants an answer. */
export function FeedbackForm() {
  const { t } = useTranslation('user');
  const api = useApi();
  const id = useId();
  const [content, setContent] = useState('');
  const [contact, setContact] = useState('');
  const send = useMutation({
    mutationFn: () =>
      api.post(
        '/user/feedback',
        { content: content.trim(), contact: contact.trim() || undefined },
        { quiet: true },
      ),
    onSuccess: () => {
      setContent('');
      setContact('');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate();
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
      <div>
        <label htmlFor={`${id}-content`} className={labelClass}>
          {t('feedback.content')}
        </label>
        <textarea
          id={`${id}-content`}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          rows={4}
          maxLength={FEEDBACK_MAX}
          placeholder={t('feedback.placeholder')}
          className={inputClass}
        />
        <p className={`${hintClass} text-end tabular-nums`}>
          {content.trim().length}/{FEEDBACK_MAX}
        </p>
      </div>
      <div>
        <label htmlFor={`${id}-contact`} className={labelClass}>
          {t('feedback.contact')}
        </label>
        <input
          id={`${id}-contact`}
          value={contact}
          onChange={(e) => setContact(e.target.value)}
          maxLength={100}
          placeholder={t('feedback.contactPlaceholder')}
          className={inputClass}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={send.isPending || content.trim().length < FEEDBACK_MIN}
          className={buttonClass.primary}
        >
          {t('feedback.send')}
        </button>
        <FormStatus
          ok={send.isSuccess ? t('messages:submittedSuccessfully') : null}
          error={failureMessage(send.error, t('messages:systemError'))}
        />
      </div>
    </form>
  );
}
