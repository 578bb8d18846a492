import { type Cells, HTTP_ROWS, ROLE_TITLES, ROLES, SOCKET_ROWS } from './expectations';

const escaped = (text: string) => text.replaceAll('|', '\\|');
const row = (key: string, cells: Cells) =>
  `| \`${escaped(key)}\` | ${ROLES.map((role) => cells[role]).join(' | ')} |`;

/** docs/authorisation-matrix.md as the expectations render it. */
export function matrixDocument(): string {
  const head = [
    `| Route or operation | ${ROLES.map((role) => ROLE_TITLES[role]).join(' | ')} |`,
    `|---|${ROLES.map(() => '---').join('|')}|`,
  ];
  return [
    '# Authorisation matrix',
    '',
    'Who may call each `/java` route (method and path as the router holds them, under `/java`) and each',
    'websocket operation (`WS <endpoint> <op>`, with what it acts on where that decides). **allow**: the',
    'role gets past every check; **deny**: refused with log in, access denied or no permission, a',
    'refused (banned) session, muted, or not an approved expert or anchor; **own**: allowed because the',
    "thing acted on is this role's (the user's payment order, the expert's article); anyone else is",
    'refused, or told it is not there. Room moderator means appointed in the room acted on; the',
    '`/dev` routes exist only with `DEV_ADAPTERS`.',
    '',
    'Generated from `test/authz/expectations.ts` by `npx tsx scripts/authorisation-matrix.ts`;',
    '`test/authz/matrix.test.ts` calls every route and operation of the router as each role and fails',
    'on a route without a row, a row without a route, a wrong cell, or this file out of date.',
    '',
    ...head,
    ...Object.entries(HTTP_ROWS).map(([key, r]) => row(key, r.cells)),
    ...Object.entries(SOCKET_ROWS).map(([key, r]) => row(key, r.cells)),
    '',
  ].join('\n');
}
