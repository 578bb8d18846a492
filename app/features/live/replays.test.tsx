// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { renderInPage } from '../../test-support/render-in-page';
import { ClipHeadline } from './replays';

describe("a clip's headline", () => {
  const headline = (clip: Parameters<typeof ClipHeadline>[0]['clip'], locale: 'en_US' | 'zh_CN' = 'en_US') =>
    renderInPage(<ClipHeadline clip={clip} />, locale, ['common', 'live']).textContent;

  it("is the score the match's moment made, or who clipped it", () => {
    expect(headline({ score: '1-0', clippedBy: null })).toBe('Score 1-0');
    expect(headline({ score: null, clippedBy: 'fan1234' })).toBe('Clipped by fan1234');
    expect(headline({ score: null, clippedBy: 'fan1234' }, 'zh_CN')).toBe('fan1234 剪辑');
  });

  it('says a viewer clipped it when their account is gone, not an empty name', () => {
    expect(headline({ score: null, clippedBy: null })).toBe('Clipped by a viewer');
    expect(headline({ score: null, clippedBy: null }, 'zh_CN')).toBe('观众剪辑');
  });
});
