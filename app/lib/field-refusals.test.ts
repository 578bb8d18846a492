import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../lib/locales';
import { createTranslations } from '../../lib/translate';
import { refusalSentence } from './field-refusals';

const translations = (locale: Locale) =>
  createTranslations(locale, {
    messages: JSON.parse(
      readFileSync(new URL(`../i18n/locales/${locale}/messages.json`, import.meta.url), 'utf8'),
    ),
  });

describe('a refused field as a person reads it', () => {
  const en = translations('en_US');
  const zh = translations('zh_CN');

  it('puts the field label before a generic reason, in the page language', () => {
    expect(refusalSentence(en, { field: 'recipient', reason: 'required' }, 'Recipient')).toBe(
      'Recipient is required',
    );
    expect(refusalSentence(zh, { field: 'recipient', reason: 'required' }, '收件人')).toBe('收件人为必填项');
    expect(refusalSentence(en, { field: 'title', reason: 'tooLong', params: { max: 60 } }, 'Title')).toBe(
      'Title must be at most 60 characters',
    );
  });

  it('names no field when the form gave no label, never the name in the request', () => {
    const sentence = refusalSentence(en, { field: 'cover', reason: 'invalidValue', message: 'cover: x' });
    expect(sentence).toBe('Something you entered was not accepted. Please check the form.');
  });

  it("shows a catalogue rule's own sentence", () => {
    expect(refusalSentence(en, { field: 'price', reason: 'planPriceRule' }, 'Price')).toBe(
      'Please choose one of the offered prices, or free',
    );
  });
});
