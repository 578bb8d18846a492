/**
 * What the simulator plays for each game of the catalogue: its competitions, how they are
 * scheduled in a week, and how its teams are made up. Weekdays run Monday (0) to Sunday (6) in
 * UTC; hours are UTC.
 */

import type { TieBreaker } from '../../library';

/** Matches (or lobbies) on each weekday, Monday first. */
export type Week = readonly [number, number, number, number, number, number, number];

export type Schedule =
  /** A double round robin, played on as the weeks pass; `week` matches are taken each week. */
  | { kind: 'league'; teams: number; week: Week }
  /**
   * A continental cup in a 16-week cycle: six group matchdays (groups of four), two-legged
   * round of 16, quarter- and semi-finals, then a single final; three weeks of rest.
   */
  | { kind: 'cup'; groups: number; days: readonly number[]; finalDay: number; weekOffset: number }
  /** A knockout tournament held every week from `startDay`; its rounds spread over the days. */
  | { kind: 'bracket'; size: 16 | 32; startDay: number; bestOf?: readonly number[] }
  /** Battle-royale lobbies of `lobbyTeams` drawn from the league's teams. */
  | { kind: 'lobbies'; teams: number; week: Week };

export interface CompetitionTemplate {
  key: string;
  name: string;
  shortName: string;
  /** ISO 3166 alpha-2 country, or 'world' / 'EU' / 'AS' / 'AM' for international ones. */
  region: string;
  format: 'league' | 'cup' | 'tournament';
  rank: number;
  schedule: Schedule;
  /**
   * First and last kick-off hour of a day (UTC); past 24 runs into the night after, so American
   * evenings span midnight UTC.
   */
  hours: readonly [number, number];
  /** Series length of its matches (esports, rally sports, snooker). */
  bestOf?: number;
  /**
   * International competitions enter teams of the game's other competitions; `from` lists them.
   * Others make teams of their own, from `region`.
   */
  from?: readonly string[];
  /** Countries the players of an international pool come from. */
  countries?: readonly string[];
}

/**
 * The competitions' names in Chinese (Simplified characters), and the brands, regions and kinds of
 * event that esports circuits put their names together from ("Rift Champions Korea").
 */
const CHINESE_NAMES: Record<string, string> = {
  'English Premier Division': '英格兰超级联赛',
  'Spanish Primera Liga': '西班牙甲级联赛',
  'German Erste Liga': '德国甲级联赛',
  'Italian Lega Prima': '意大利甲级联赛',
  'French Division Élite': '法国精英联赛',
  'Portuguese Liga Principal': '葡萄牙超级联赛',
  'Dutch Topdivisie': '荷兰顶级联赛',
  'Brazilian Série Principal': '巴西甲级联赛',
  'Argentine Primera Nacional': '阿根廷全国甲级联赛',
  'Chinese Super Division': '中国超级联赛',
  'Japanese Premier J': '日本J超级联赛',
  'American Major Soccer': '美国职业足球大联盟',
  'Continental Champions Cup': '洲际冠军杯',
  'Continental Challenge Cup': '洲际挑战杯',
  'North American Basketball League': '北美篮球联赛',
  'European Hoops League': '欧洲篮圈联赛',
  'Chinese Basketball Premier': '中国篮球超级联赛',
  'Spanish Liga de Baloncesto': '西班牙篮球联赛',
  'Indian Premier Twenty': '印度超级二十强',
  'Southern Bash League': '南方狂欢联赛',
  'Cape Twenty Series': '开普二十系列赛',
  'Valmonte Open': '瓦尔蒙特公开赛',
  'Harbourside International': '海港国际赛',
  'Lindenfeld Challenger': '林登费尔德挑战赛',
  'Kingsbridge Open': '金斯布里奇公开赛',
  'Eastern Classic': '东方经典赛',
  'National American Baseball': '全美棒球联盟',
  'Japan Pro Baseball': '日本职业棒球联赛',
  'Korea Baseball Premier': '韩国棒球超级联赛',
  'Pro Football League': '职业橄榄球联盟',
  'National College Football': '全国大学橄榄球联赛',
  'Arena Football Association': '室内橄榄球协会',
  'Italian Volley League': '意大利排球联赛',
  'Polish Volley League': '波兰排球联赛',
  'Brazilian Superliga': '巴西排球超级联赛',
  'Japan V Premier': '日本V超级联赛',
  'Table Tennis Star Contender': '乒乓球球星挑战赛',
  'Table Tennis Feeder Series': '乒乓球支线赛',
  'Shuttle Super 500': '羽毛球超级500赛',
  'Shuttle International Open': '羽毛球国际公开赛',
  'Battlegrounds Global Series': '绝地全球系列赛',
  'Battlegrounds Asia League': '绝地亚洲联赛',
  'Battlegrounds Online Series': '绝地线上系列赛',
  'Mobile Battlegrounds Championship': '绝地手游冠军赛',
  'Mobile Battlegrounds SEA League': '绝地手游东南亚联赛',
  'Mobile Battlegrounds Online Series': '绝地手游线上系列赛',
  'Legends Global Series': '传奇全球系列赛',
  'Fire Squad World Series': '火力小队世界系列赛',
  'Fire Squad Brazil League': '火力小队巴西联赛',
  'Nordic Handball League': '北欧手球联赛',
  'German Field Hockey League': '德国曲棍球联赛',
  // Esports brands.
  'Rift Champions': '峡谷冠军',
  'Spike Series': '尖峰系列赛',
  'Ancient League': '遗迹联赛',
  'Defuse Pro League': '拆弹职业联赛',
  'Glory Kings': '荣耀王者',
  'Rift Mobile': '峡谷手游',
  'Land of Dawn': '黎明之地',
  'Siege Circuit': '围攻巡回赛',
  'Payload League': '运载联赛',
  'Duty League': '使命联赛',
  'Boost Series': '加速系列赛',
  'Valor Arena': '勇气竞技场',
  'Storm Cup': '风暴杯',
  'Open Esports': '公开电竞',
  'Starfield Legends': '星域传奇',
  'Tactics Arena': '战术竞技场',
  'Tavern Masters': '酒馆大师',
  'Virtual Football Pro': '虚拟足球职业赛',
  'Street Clash Pro': '街头对决职业赛',
  'Iron Fist World': '铁拳世界',
  'Frozen Throne Masters': '冰封王座大师',
  // Their regional leagues and events.
  Korea: '韩国赛区',
  China: '中国赛区',
  Europe: '欧洲赛区',
  Americas: '美洲赛区',
  Pacific: '太平洋赛区',
  EMEA: '欧非中东赛区',
  'Southeast Asia': '东南亚赛区',
  Asia: '亚洲赛区',
  'Pro League': '职业联赛',
  'Development League': '发展联赛',
  Indonesia: '印度尼西亚赛区',
  Philippines: '菲律宾赛区',
  Brazil: '巴西赛区',
  'North America': '北美赛区',
  'Major League': '大联盟',
  Challengers: '挑战者赛区',
  Thailand: '泰国赛区',
  Vietnam: '越南赛区',
  Masters: '大师赛',
  'World Tour': '世界巡回赛',
  'Open Cup': '公开杯',
};

/**
 * A competition's name in Chinese: from the table, whole or as a brand followed by an event;
 * undefined for a name the table does not know.
 */
export function competitionNameZh(name: string): string | undefined {
  const whole = CHINESE_NAMES[name];
  if (whole) return whole;
  const words = name.split(' ');
  for (let split = words.length - 1; split > 0; split -= 1) {
    const brand = CHINESE_NAMES[words.slice(0, split).join(' ')];
    const event = CHINESE_NAMES[words.slice(split).join(' ')];
    if (brand && event) return `${brand}${event}`;
  }
  return undefined;
}

export type SquadKind = 'club' | 'franchise' | 'esports' | 'individual';

export interface GameSetup {
  slug: string;
  squad: SquadKind;
  /** Positions and how many of each a squad has; the first `starters` of them start. */
  positions: readonly (readonly [position: string, count: number])[];
  starters: readonly string[];
  /** Stadium or indoor arena, for venue names. */
  venue: 'stadium' | 'arena' | null;
  /** Season names run across two years ('2026/27') from July, or by calendar year. */
  season: 'split' | 'year';
  competitions: readonly CompetitionTemplate[];
  rules: SeasonRules;
}

export interface SeasonRules {
  points: { win: number; draw: number; loss: number };
  /** The order of the table in the data library's terms: the first decides, the next break ties. */
  order: readonly TieBreaker[];
  zones: readonly { from: number; to: number; zone: string }[];
}

const EVERY_DAY = (count: number): Week => [count, count, count, count, count, count, count];

const league = (
  key: string,
  name: string,
  shortName: string,
  region: string,
  teams: number,
  week: Week,
  hours: readonly [number, number],
  rank: number,
  bestOf?: number,
): CompetitionTemplate => ({
  key,
  name,
  shortName,
  region,
  format: 'league',
  rank,
  schedule: { kind: 'league', teams, week },
  hours,
  bestOf,
});

const bracket = (
  key: string,
  name: string,
  shortName: string,
  region: string,
  size: 16 | 32,
  startDay: number,
  hours: readonly [number, number],
  rank: number,
  bestOf?: readonly number[],
  countries?: readonly string[],
): CompetitionTemplate => ({
  key,
  name,
  shortName,
  region,
  format: 'tournament',
  rank,
  schedule: { kind: 'bracket', size, startDay, bestOf },
  hours,
  countries,
});

const lobbies = (
  key: string,
  name: string,
  shortName: string,
  region: string,
  teams: number,
  week: Week,
  hours: readonly [number, number],
  rank: number,
): CompetitionTemplate => ({
  key,
  name,
  shortName,
  region,
  format: 'league',
  rank,
  schedule: { kind: 'lobbies', teams, week },
  hours,
});

const FOOTBALL_RULES: SeasonRules = {
  points: { win: 3, draw: 1, loss: 0 },
  // As in the Premier League and the Bundesliga: goal difference, then goals scored, before head-to-head.
  order: ['points', 'difference', 'scored', 'head_to_head'],
  zones: [
    { from: 1, to: 4, zone: 'continental_cup' },
    { from: 5, to: 6, zone: 'continental_challenge' },
    { from: -3, to: -1, zone: 'relegation' },
  ],
};

const WIN_LOSS_RULES: SeasonRules = {
  points: { win: 1, draw: 0, loss: 0 },
  // As in the NBA: winning percentage, then head-to-head, then point difference.
  order: ['win_pct', 'head_to_head', 'difference', 'scored'],
  zones: [
    { from: 1, to: 8, zone: 'playoffs' },
    { from: 9, to: 10, zone: 'play_in' },
  ],
};

/** Series won, then map (or set) difference, then head-to-head. */
const SERIES_ORDER: readonly TieBreaker[] = ['wins', 'difference', 'head_to_head', 'scored'];

const SERIES_RULES: SeasonRules = {
  points: { win: 3, draw: 0, loss: 0 },
  order: SERIES_ORDER,
  zones: [
    { from: 1, to: 4, zone: 'playoffs' },
    { from: -1, to: -1, zone: 'relegation' },
  ],
};

const TOURNAMENT_RULES: SeasonRules = {
  points: { win: 1, draw: 0, loss: 0 },
  order: SERIES_ORDER,
  zones: [],
};

const LOBBY_RULES: SeasonRules = {
  points: { win: 0, draw: 0, loss: 0 },
  order: SERIES_ORDER,
  zones: [{ from: 1, to: 4, zone: 'finals' }],
};

/** Where esports players come from. */
export const ESPORTS_NATIONS = [
  'KR',
  'CN',
  'US',
  'SE',
  'DK',
  'FR',
  'DE',
  'PL',
  'BR',
  'VN',
  'PH',
  'ID',
  'TH',
  'JP',
  'FI',
];

/** A title's regional leagues, played in series, and its international event. */
function esportsCircuit(
  slug: string,
  brand: string,
  regions: readonly (readonly [
    key: string,
    name: string,
    region: string,
    hours: readonly [number, number],
  ])[],
  perDay: number,
  bestOf: number,
): CompetitionTemplate[] {
  const leagues = regions.map(([key, name, region, hours], index) =>
    league(
      `${slug}-${key}`,
      `${brand} ${name}`,
      `${brand.split(' ')[0]} ${key.toUpperCase()}`,
      region,
      10,
      EVERY_DAY(perDay),
      hours,
      10 + index,
      bestOf,
    ),
  );
  // The international event is played online, at hours that suit each of its regions in turn.
  const first = Math.min(...regions.map(([, , , hours]) => hours[0]));
  const last = Math.max(...regions.map(([, , , hours]) => hours[1]));
  const event: CompetitionTemplate = {
    ...bracket(
      `${slug}-masters`,
      `${brand} Masters`,
      `${brand.split(' ')[0]} Masters`,
      'world',
      16,
      3,
      [first, Math.max(last, first + 12)],
      1,
      [3, 3, 5, 5],
    ),
    from: leagues.map((l) => l.key),
  };
  // After its leagues: the event draws its field from their teams.
  return [...leagues, event];
}

/**
 * A head-to-head esport played one against one, on an open online tour: its rounds run around the
 * clock from `firstHour`, which differs between titles so that their matches do not all start together.
 */
function soloCircuit(
  slug: string,
  brand: string,
  bestOf: readonly number[],
  firstHour: number,
): CompetitionTemplate[] {
  return [
    bracket(
      `${slug}-tour`,
      `${brand} World Tour`,
      `${brand} WT`,
      'world',
      16,
      0,
      [firstHour, firstHour + 23],
      1,
      bestOf,
      ESPORTS_NATIONS,
    ),
    bracket(
      `${slug}-open`,
      `${brand} Open Cup`,
      `${brand} Open`,
      'world',
      16,
      3,
      [firstHour + 12, firstHour + 35],
      2,
      bestOf,
      ESPORTS_NATIONS,
    ),
  ];
}

const MOBA_ROLES = ['TOP', 'JGL', 'MID', 'ADC', 'SUP'];
const MOBILE_ROLES = ['CLASH', 'JGL', 'MID', 'FARM', 'ROAM'];

export const GAME_SETUPS: readonly GameSetup[] = [
  {
    slug: 'soccer',
    squad: 'club',
    positions: [
      ['GK', 2],
      ['DF', 6],
      ['MF', 6],
      ['FW', 4],
    ],
    starters: [],
    venue: 'stadium',
    season: 'split',
    rules: FOOTBALL_RULES,
    competitions: [
      league('eng', 'English Premier Division', 'EPD', 'GB', 20, [1, 0, 0, 0, 1, 5, 3], [12, 20], 1),
      league('esp', 'Spanish Primera Liga', 'SPL', 'ES', 20, [1, 0, 0, 0, 1, 4, 4], [12, 20], 2),
      league('ger', 'German Erste Liga', 'GEL', 'DE', 18, [0, 0, 0, 0, 1, 5, 3], [13, 19], 3),
      league('ita', 'Italian Lega Prima', 'ILP', 'IT', 20, [1, 0, 0, 0, 1, 4, 4], [11, 20], 4),
      league('fra', 'French Division Élite', 'FDE', 'FR', 18, [0, 0, 0, 0, 1, 4, 4], [12, 20], 5),
      league('por', 'Portuguese Liga Principal', 'PLP', 'PT', 18, [1, 0, 0, 0, 1, 4, 3], [14, 21], 8),
      league('ned', 'Dutch Topdivisie', 'DTD', 'NL', 18, [0, 0, 0, 0, 1, 4, 4], [11, 20], 9),
      league('bra', 'Brazilian Série Principal', 'BSP', 'BR', 20, [0, 1, 2, 1, 0, 3, 3], [19, 23], 10),
      league('arg', 'Argentine Primera Nacional', 'APN', 'AR', 20, [1, 0, 0, 0, 2, 4, 3], [18, 23], 11),
      league('chn', 'Chinese Super Division', 'CSD', 'CN', 16, [0, 0, 2, 0, 1, 3, 2], [5, 12], 12),
      league('jpn', 'Japanese Premier J', 'JPJ', 'JP', 18, [0, 0, 1, 0, 1, 4, 3], [3, 10], 13),
      league('usa', 'American Major Soccer', 'AMS', 'US', 18, [0, 0, 1, 0, 0, 5, 3], [22, 27], 14),
      {
        key: 'champions',
        name: 'Continental Champions Cup',
        shortName: 'CCC',
        region: 'EU',
        format: 'cup',
        rank: 0,
        schedule: { kind: 'cup', groups: 8, days: [1, 2], finalDay: 5, weekOffset: 0 },
        hours: [17, 20],
        from: ['eng', 'esp', 'ger', 'ita', 'fra', 'por', 'ned'],
      },
      {
        key: 'challenge',
        name: 'Continental Challenge Cup',
        shortName: 'CHC',
        region: 'EU',
        format: 'cup',
        rank: 6,
        schedule: { kind: 'cup', groups: 8, days: [3], finalDay: 2, weekOffset: 6 },
        hours: [16, 20],
        from: ['eng', 'esp', 'ger', 'ita', 'fra', 'por', 'ned'],
      },
    ],
  },
  {
    slug: 'basketball',
    squad: 'franchise',
    positions: [
      ['PG', 3],
      ['SG', 2],
      ['SF', 3],
      ['PF', 2],
      ['C', 3],
    ],
    starters: ['PG', 'SG', 'SF', 'PF', 'C'],
    venue: 'arena',
    season: 'split',
    rules: WIN_LOSS_RULES,
    competitions: [
      league(
        'nabl',
        'North American Basketball League',
        'NABL',
        'US',
        30,
        [7, 7, 6, 7, 7, 7, 7],
        [22, 28],
        1,
      ),
      league('ehl', 'European Hoops League', 'EHL', 'EU', 18, [0, 0, 0, 9, 9, 0, 0], [16, 20], 2),
      league('cbp', 'Chinese Basketball Premier', 'CBP', 'CN', 20, [3, 3, 3, 3, 3, 3, 3], [10, 13], 3),
      league('lba', 'Spanish Liga de Baloncesto', 'SLB', 'ES', 18, [0, 0, 0, 0, 0, 4, 5], [15, 20], 4),
    ],
  },
  esportsSetup(
    'lol',
    MOBA_ROLES,
    esportsCircuit(
      'lol',
      'Rift Champions',
      [
        ['kr', 'Korea', 'KR', [4, 12]],
        ['cn', 'China', 'CN', [9, 14]],
        ['eu', 'Europe', 'EU', [16, 21]],
        ['na', 'Americas', 'US', [21, 25]],
      ],
      4,
      3,
    ),
  ),
  esportsSetup(
    'valorant',
    ['DUELIST', 'DUELIST', 'INITIATOR', 'CONTROLLER', 'SENTINEL'],
    esportsCircuit(
      'valorant',
      'Spike Series',
      [
        ['pac', 'Pacific', 'AS', [3, 10]],
        ['emea', 'EMEA', 'EU', [14, 21]],
        ['am', 'Americas', 'US', [20, 26]],
      ],
      4,
      3,
    ),
  ),
  esportsSetup(
    'dota2',
    ['CARRY', 'MID', 'OFF', 'SOFT', 'HARD'],
    esportsCircuit(
      'dota2',
      'Ancient League',
      [
        ['sea', 'Southeast Asia', 'AS', [1, 9]],
        ['eu', 'Europe', 'EU', [13, 20]],
        ['cn', 'China', 'CN', [5, 12]],
      ],
      4,
      3,
    ),
  ),
  esportsSetup(
    'csgo',
    ['IGL', 'AWP', 'ENTRY', 'RIFLER', 'SUPPORT'],
    esportsCircuit(
      'csgo',
      'Defuse Pro League',
      [
        ['eu', 'Europe', 'EU', [12, 21]],
        ['am', 'Americas', 'US', [19, 25]],
        ['as', 'Asia', 'AS', [2, 10]],
      ],
      4,
      3,
    ),
  ),
  {
    slug: 'cricket',
    squad: 'franchise',
    positions: [
      ['BAT', 5],
      ['WK', 2],
      ['AR', 3],
      ['BOWL', 5],
    ],
    starters: ['BAT', 'BAT', 'BAT', 'BAT', 'WK', 'AR', 'AR', 'BOWL', 'BOWL', 'BOWL', 'BOWL'],
    venue: 'stadium',
    season: 'year',
    rules: {
      ...WIN_LOSS_RULES,
      points: { win: 2, draw: 1, loss: 0 },
      // Net run rate is not kept: head-to-head, then run difference.
      order: ['points', 'head_to_head', 'difference', 'scored'],
    },
    competitions: [
      league('ipl', 'Indian Premier Twenty', 'IPT', 'IN', 10, EVERY_DAY(1), [10, 14], 1),
      league('bbl', 'Southern Bash League', 'SBL', 'AU', 8, EVERY_DAY(2), [3, 8], 2),
      league('sa20', 'Cape Twenty Series', 'CTS', 'ZA', 6, [0, 0, 1, 0, 1, 1, 1], [14, 16], 3),
    ],
  },
  esportsSetup(
    'kog',
    MOBILE_ROLES,
    esportsCircuit(
      'kog',
      'Glory Kings',
      [
        ['cn', 'Pro League', 'CN', [8, 14]],
        ['dev', 'Development League', 'CN', [2, 7]],
      ],
      2,
      5,
    ),
  ),
  esportsSetup(
    'lolmobile',
    MOBA_ROLES,
    esportsCircuit(
      'lolmobile',
      'Rift Mobile',
      [
        ['as', 'Asia', 'AS', [6, 12]],
        ['cn', 'China', 'CN', [10, 14]],
      ],
      2,
      5,
    ),
  ),
  {
    slug: 'tennis',
    squad: 'individual',
    positions: [],
    starters: [],
    venue: null,
    season: 'year',
    rules: TOURNAMENT_RULES,
    competitions: [
      bracket(
        'tour-a',
        'Valmonte Open',
        'VAL',
        'ES',
        32,
        0,
        [9, 19],
        1,
        [3, 3, 3, 3, 3],
        ['ES', 'FR', 'IT', 'DE', 'US', 'AR', 'GB', 'AU', 'SE', 'JP'],
      ),
      bracket(
        'tour-b',
        'Harbourside International',
        'HBI',
        'AU',
        32,
        3,
        [22, 33],
        2,
        [3, 3, 3, 3, 3],
        ['AU', 'US', 'GB', 'JP', 'CN', 'KR', 'FR', 'DE', 'CA', 'IT'],
      ),
      bracket(
        'challenger',
        'Lindenfeld Challenger',
        'LDC',
        'DE',
        16,
        1,
        [10, 17],
        5,
        [3, 3, 3, 3],
        ['DE', 'AT', 'NL', 'PL', 'FR', 'IT', 'ES', 'SE'],
      ),
    ],
  },
  {
    slug: 'snooker',
    squad: 'individual',
    positions: [],
    starters: [],
    venue: null,
    season: 'split',
    rules: TOURNAMENT_RULES,
    competitions: [
      bracket(
        'open',
        'Kingsbridge Open',
        'KBO',
        'GB',
        16,
        0,
        [10, 20],
        1,
        [7, 9, 11, 13],
        ['GB', 'CN', 'AU', 'BE', 'TH', 'DE'],
      ),
      bracket(
        'classic',
        'Eastern Classic',
        'EAC',
        'CN',
        16,
        3,
        [2, 13],
        2,
        [7, 9, 11, 13],
        ['CN', 'GB', 'TH', 'AU', 'BE', 'FR'],
      ),
    ],
  },
  {
    slug: 'baseball',
    squad: 'franchise',
    positions: [
      ['SP', 4],
      ['RP', 2],
      ['C', 1],
      ['1B', 1],
      ['2B', 1],
      ['3B', 1],
      ['SS', 1],
      ['LF', 1],
      ['CF', 1],
      ['RF', 1],
      ['DH', 1],
    ],
    starters: ['SP', 'C', '1B', '2B', '3B', 'SS', 'LF', 'CF', 'RF', 'DH'],
    venue: 'stadium',
    season: 'year',
    rules: WIN_LOSS_RULES,
    competitions: [
      league('nab', 'National American Baseball', 'NAB', 'US', 30, [4, 6, 6, 4, 6, 7, 7], [22, 27], 1),
      league('jpb', 'Japan Pro Baseball', 'JPB', 'JP', 12, [0, 3, 3, 3, 3, 3, 3], [8, 10], 2),
      league('kbo', 'Korea Baseball Premier', 'KBP', 'KR', 10, [0, 2, 2, 2, 2, 2, 2], [9, 10], 3),
    ],
  },
  {
    slug: 'americanfootball',
    squad: 'franchise',
    positions: [
      ['QB', 1],
      ['RB', 2],
      ['WR', 3],
      ['TE', 1],
      ['OL', 5],
      ['DL', 3],
      ['LB', 3],
      ['CB', 2],
      ['S', 1],
      ['K', 1],
    ],
    starters: ['QB', 'RB', 'WR', 'WR', 'WR', 'TE', 'OL', 'OL', 'OL', 'OL', 'OL'],
    venue: 'stadium',
    season: 'split',
    rules: { ...WIN_LOSS_RULES, zones: [{ from: 1, to: 7, zone: 'playoffs' }] },
    competitions: [
      league('pfl', 'Pro Football League', 'PFL', 'US', 32, [1, 0, 0, 1, 0, 0, 14], [0, 21], 1),
      league('ncf', 'National College Football', 'NCF', 'US', 20, [0, 0, 0, 0, 0, 10, 0], [16, 23], 2),
      league('afa', 'Arena Football Association', 'AFA', 'US', 10, [0, 2, 2, 0, 2, 0, 0], [0, 2], 3),
    ],
  },
  {
    slug: 'volleyball',
    squad: 'club',
    positions: [
      ['S', 2],
      ['OH', 4],
      ['MB', 3],
      ['OPP', 2],
      ['L', 2],
    ],
    starters: ['S', 'OH', 'OH', 'MB', 'MB', 'OPP', 'L'],
    venue: 'arena',
    season: 'split',
    rules: SERIES_RULES,
    competitions: [
      league('ita', 'Italian Volley League', 'IVL', 'IT', 12, [0, 0, 3, 0, 0, 3, 3], [15, 19], 1, 5),
      league('pol', 'Polish Volley League', 'PVL', 'PL', 14, [1, 1, 0, 2, 2, 1, 0], [15, 18], 2, 5),
      league('bra', 'Brazilian Superliga', 'BSV', 'BR', 12, [0, 2, 0, 2, 2, 0, 0], [21, 23], 3, 5),
      league('jpn', 'Japan V Premier', 'JVP', 'JP', 10, [0, 0, 0, 0, 0, 2, 3], [4, 8], 4, 5),
    ],
  },
  {
    slug: 'tabletennis',
    squad: 'individual',
    positions: [],
    starters: [],
    venue: null,
    season: 'year',
    rules: TOURNAMENT_RULES,
    competitions: [
      bracket(
        'star',
        'Table Tennis Star Contender',
        'TSC',
        'CN',
        32,
        0,
        [1, 13],
        1,
        [5, 5, 7, 7, 7],
        ['CN', 'JP', 'KR', 'DE', 'SE', 'FR', 'BR', 'TW'],
      ),
      bracket(
        'feeder',
        'Table Tennis Feeder Series',
        'TFS',
        'EU',
        16,
        3,
        [9, 18],
        2,
        [5, 5, 5, 7],
        ['DE', 'FR', 'SE', 'PL', 'PT', 'JP', 'KR', 'CN'],
      ),
    ],
  },
  {
    slug: 'badminton',
    squad: 'individual',
    positions: [],
    starters: [],
    venue: null,
    season: 'year',
    rules: TOURNAMENT_RULES,
    competitions: [
      bracket('super', 'Shuttle Super 500', 'SS5', 'AS', 32, 1, [2, 12], 1, undefined, [
        'CN',
        'ID',
        'MY',
        'DK',
        'JP',
        'KR',
        'TH',
        'IN',
      ]),
      bracket('open', 'Shuttle International Open', 'SIO', 'EU', 16, 4, [9, 17], 2, undefined, [
        'DK',
        'FR',
        'DE',
        'GB',
        'ID',
        'MY',
        'IN',
        'JP',
      ]),
    ],
  },
  {
    slug: 'pubg',
    squad: 'esports',
    positions: [
      ['IGL', 1],
      ['FRAGGER', 2],
      ['SUPPORT', 1],
      ['SCOUT', 1],
    ],
    starters: ['IGL', 'FRAGGER', 'FRAGGER', 'SUPPORT'],
    venue: null,
    season: 'year',
    rules: LOBBY_RULES,
    competitions: [
      lobbies('pgs', 'Battlegrounds Global Series', 'BGS', 'world', 24, EVERY_DAY(1), [11, 14], 1),
      lobbies('pcl', 'Battlegrounds Asia League', 'BAL', 'AS', 20, [1, 1, 1, 1, 1, 0, 0], [5, 9], 2),
      // Online qualifier lobbies run around the clock, for every region in turn.
      lobbies('online', 'Battlegrounds Online Series', 'BOS', 'world', 24, EVERY_DAY(9), [0, 24], 3),
    ],
  },
  {
    slug: 'pubgmobile',
    squad: 'esports',
    positions: [
      ['IGL', 1],
      ['FRAGGER', 2],
      ['SUPPORT', 1],
      ['SCOUT', 1],
    ],
    starters: ['IGL', 'FRAGGER', 'FRAGGER', 'SUPPORT'],
    venue: null,
    season: 'year',
    rules: LOBBY_RULES,
    competitions: [
      lobbies('pmgc', 'Mobile Battlegrounds Championship', 'MBC', 'world', 24, EVERY_DAY(1), [10, 13], 1),
      lobbies('pmsl', 'Mobile Battlegrounds SEA League', 'MBS', 'AS', 20, [0, 0, 1, 1, 1, 1, 1], [3, 7], 2),
      lobbies('online', 'Mobile Battlegrounds Online Series', 'MBO', 'world', 24, EVERY_DAY(10), [1, 25], 3),
    ],
  },
  esportsSetup(
    'mlbb',
    MOBILE_ROLES,
    esportsCircuit(
      'mlbb',
      'Land of Dawn',
      [
        ['id', 'Indonesia', 'ID', [1, 8]],
        ['ph', 'Philippines', 'PH', [0, 4]],
      ],
      1,
      3,
    ),
  ),
  esportsSetup(
    'r6',
    ['IGL', 'ENTRY', 'FLEX', 'SUPPORT', 'ANCHOR'],
    esportsCircuit(
      'r6',
      'Siege Circuit',
      [
        ['eu', 'Europe', 'EU', [12, 18]],
        ['br', 'Brazil', 'BR', [19, 23]],
      ],
      1,
      3,
    ),
  ),
  esportsSetup(
    'overwatch',
    ['TANK', 'DPS', 'DPS', 'SUP', 'SUP'],
    esportsCircuit(
      'overwatch',
      'Payload League',
      [
        ['na', 'North America', 'US', [20, 26]],
        ['as', 'Asia', 'KR', [7, 12]],
      ],
      1,
      5,
    ),
  ),
  {
    slug: 'apex',
    squad: 'esports',
    positions: [
      ['IGL', 1],
      ['FRAGGER', 1],
      ['SUPPORT', 1],
      ['SUB', 1],
    ],
    starters: ['IGL', 'FRAGGER', 'SUPPORT'],
    venue: null,
    season: 'year',
    rules: LOBBY_RULES,
    competitions: [lobbies('algs', 'Legends Global Series', 'LGS', 'world', 30, EVERY_DAY(1), [15, 19], 1)],
  },
  esportsSetup(
    'cod',
    ['AR', 'SMG', 'SMG', 'FLEX'],
    esportsCircuit(
      'cod',
      'Duty League',
      [
        ['na', 'Major League', 'US', [17, 22]],
        ['eu', 'Challengers', 'EU', [14, 18]],
      ],
      1,
      5,
    ),
  ),
  esportsSetup(
    'rocketleague',
    ['STRIKER', 'MIDFIELD', 'KEEPER'],
    esportsCircuit(
      'rocketleague',
      'Boost Series',
      [
        ['na', 'North America', 'US', [18, 24]],
        ['eu', 'Europe', 'EU', [14, 18]],
      ],
      1,
      5,
    ),
  ),
  soloSetup('sc2', soloCircuit('sc2', 'Starfield Legends', [3, 3, 5, 5], 0)),
  {
    slug: 'freefire',
    squad: 'esports',
    positions: [
      ['IGL', 1],
      ['RUSHER', 2],
      ['SUPPORT', 1],
      ['SUB', 1],
    ],
    starters: ['IGL', 'RUSHER', 'RUSHER', 'SUPPORT'],
    venue: null,
    season: 'year',
    rules: LOBBY_RULES,
    competitions: [
      lobbies('ffws', 'Fire Squad World Series', 'FSW', 'world', 18, EVERY_DAY(1), [10, 14], 1),
      lobbies('lbff', 'Fire Squad Brazil League', 'FSB', 'BR', 12, EVERY_DAY(3), [19, 24], 2),
    ],
  },
  esportsSetup(
    'aov',
    MOBILE_ROLES,
    esportsCircuit(
      'aov',
      'Valor Arena',
      [
        ['th', 'Thailand', 'TH', [3, 7]],
        ['vn', 'Vietnam', 'VN', [6, 12]],
      ],
      1,
      5,
    ),
  ),
  esportsSetup(
    'fortnite',
    ['PLAYER', 'PLAYER'],
    esportsCircuit(
      'fortnite',
      'Storm Cup',
      [
        ['na', 'North America', 'US', [19, 25]],
        ['eu', 'Europe', 'EU', [15, 20]],
      ],
      1,
      3,
    ),
  ),
  soloSetup('tft', soloCircuit('tft', 'Tactics Arena', [3, 3, 3, 5], 3)),
  soloSetup('hearthstone', soloCircuit('hearthstone', 'Tavern Masters', [3, 3, 5, 5], 6)),
  soloSetup('eafc', soloCircuit('eafc', 'Virtual Football Pro', [1, 1, 3, 3], 9)),
  soloSetup('sf6', soloCircuit('sf6', 'Street Clash Pro', [3, 3, 5, 5], 12)),
  soloSetup('tekken8', soloCircuit('tekken8', 'Iron Fist World', [3, 3, 5, 5], 15)),
  soloSetup('warcraft3', soloCircuit('warcraft3', 'Frozen Throne Masters', [3, 3, 5, 5], 18)),
  esportsSetup(
    'esportsother',
    ['PLAYER', 'PLAYER', 'PLAYER', 'PLAYER', 'PLAYER'],
    esportsCircuit(
      'esportsother',
      'Open Esports',
      [
        ['am', 'Americas', 'AM', [19, 24]],
        ['eu', 'Europe', 'EU', [12, 18]],
      ],
      1,
      3,
    ),
  ),
  {
    slug: 'sportsother',
    squad: 'club',
    positions: [
      ['GK', 2],
      ['FIELD', 10],
    ],
    starters: ['GK', 'FIELD', 'FIELD', 'FIELD', 'FIELD', 'FIELD', 'FIELD'],
    venue: 'arena',
    season: 'split',
    rules: {
      ...FOOTBALL_RULES,
      points: { win: 2, draw: 1, loss: 0 },
      zones: [{ from: 1, to: 4, zone: 'playoffs' }],
    },
    competitions: [
      league('hbl', 'Nordic Handball League', 'NHL', 'DK', 12, [0, 1, 2, 1, 0, 1, 1], [16, 19], 1),
      league('fhl', 'German Field Hockey League', 'GFH', 'DE', 10, [1, 0, 0, 0, 1, 2, 1], [12, 17], 2),
    ],
  },
];

/** A team esport: the starting roles, and one substitute on the roster. */
function esportsSetup(
  slug: string,
  starters: readonly string[],
  competitions: CompetitionTemplate[],
): GameSetup {
  return {
    slug,
    squad: 'esports',
    positions: [...starters.map((position) => [position, 1] as const), ['SUB', 1]],
    starters,
    venue: null,
    season: 'year',
    rules: SERIES_RULES,
    competitions,
  };
}

function soloSetup(slug: string, competitions: CompetitionTemplate[]): GameSetup {
  return {
    slug,
    squad: 'individual',
    positions: [],
    starters: [],
    venue: null,
    season: 'year',
    rules: TOURNAMENT_RULES,
    competitions,
  };
}
