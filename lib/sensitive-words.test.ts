import { describe, expect, it } from 'vitest';
import { createSensitiveWordFilter, parseWordList } from './sensitive-words';

describe('the sensitive-word filter', () => {
  const filter = createSensitiveWordFilter(parseWordList('# abuse\nfuck\n\n赌博网站\n'));

  it('passes clean text', () => {
    expect(filter.find('What a goal by the number 9!')).toBeNull();
    expect(filter.find('今晚的比赛太精彩了')).toBeNull();
  });

  it('finds a listed word whatever the case, width or separators between its letters', () => {
    expect(filter.find('FUCK this referee')).toBe('fuck');
    expect(filter.find('ｆｕｃｋ')).toBe('fuck');
    expect(filter.find('f.u c-k')).toBe('fuck');
    expect(filter.find('来 赌 博 网 站 玩')).toBe('赌博网站');
  });

  it('leaves out notes and blank lines of the list', () => {
    expect(parseWordList('# note\n\n a \n')).toEqual(['a']);
  });
});
