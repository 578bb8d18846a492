// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { renderInPage } from '../../test-support/render-in-page';
import { EmptyContentTab } from './list-states';

describe("the home page's Highlights and Hot list tabs with nothing in them", () => {
  it('say no data, never that the feature is coming, and lead back to the matches', () => {
    for (const tab of ['highlights', 'hot'] as const) {
      const panel = renderInPage(<EmptyContentTab tab={tab} />, 'en_US');
      expect(panel.textContent).toContain('no data');
      expect(panel.textContent).not.toMatch(/coming|soon/i);
      expect(panel.querySelector('a')?.textContent).toBe("See today's matches");
    }
  });

  it('speak the page language', () => {
    expect(renderInPage(<EmptyContentTab tab="hot" />, 'zh_CN').textContent).toContain('暂无数据');
  });
});
