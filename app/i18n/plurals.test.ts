import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../platform/i18n';
import { pageTranslations } from './translations';

const translator = createTranslator();

describe('nouns after a count take the plural form of the count', () => {
  it('on the server and in pages alike', () => {
    expect(translator.t('en_US', 'squads:library.results', { count: 1 })).toBe('1 team');
    expect(translator.t('en_US', 'squads:library.results', { count: 12 })).toBe('12 teams');
    const page = pageTranslations('en_US', translator.resources('en_US', ['match', 'leagues'])).fixed(
      'common',
    );
    expect(page('match:table.wonByWickets', { team: 'Harbour City', count: 1 })).toBe(
      'Harbour City won by 1 wicket',
    );
    expect(page('leagues:library.results', { count: 0 })).toBe('0 competitions');
  });

  it('in languages with more forms or none, whose codes need not be language tags', () => {
    expect(translator.t('fr', 'squads:players.results', { count: 1 })).toBe('1 joueur');
    expect(translator.t('ar', 'match:table.wonByRuns', { team: 'أ', count: 3 })).toBe('فاز أ بفارق 3 ركضات');
    expect(translator.t('jp', 'squads:library.results', { count: 1 })).toBe(
      translator.t('jp', 'squads:library.results', { count: 2 }).replace('2', '1'),
    );
    expect(translator.t('thai', 'content:views', { count: 1, n: '1' })).toBe('ดู 1 ครั้ง');
  });
});
