// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../../lib/locales';
import { renderInPage } from '../../test-support/render-in-page';
import { Counts } from './list-parts';

const counts = (locale: Locale, views: number, likes?: number, comments?: number) =>
  [
    ...renderInPage(<Counts views={views} likes={likes} comments={comments} />, locale, [
      'common',
      'content',
    ]).querySelectorAll('span'),
  ].map((span) => span.textContent);

describe('the counts of a news or video list', () => {
  it('put English nouns in the singular for one and the plural otherwise', () => {
    expect(counts('en_US', 1, 1, 1)).toEqual(['1 view', '1 like', '1 comment']);
    expect(counts('en_US', 2, 0, 1234)).toEqual(['2 views', '0 likes', '1.2k comments']);
  });

  it('abbreviate large counts as the language does', () => {
    expect(counts('zh_CN', 12_345)).toEqual(['1.2万 阅读']);
    expect(counts('de', 1, 2)).toEqual(['1 Aufruf', '2 Likes']);
    expect(counts('fr', 1, 1234)).toEqual(['1 vue', "1,2\u00a0k j'aime"]);
  });

  it('use the only form of languages without plurals, whose codes are not language tags', () => {
    expect(counts('jp', 1)).toEqual(['1 回閲覧']);
    expect(counts('thai', 1)).toEqual(['ดู 1 ครั้ง']);
  });

  it('follow Arabic plural forms', () => {
    expect(counts('ar', 3, 1)).toEqual(['3 مشاهدات', '1 إعجاب']);
  });
});
