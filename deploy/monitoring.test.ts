import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app';

const METRICS_TOKEN = 'scraper-secret-0123456789';
const here = import.meta.dirname;
let scraped = '';

beforeAll(async () => {
  const app = await buildTestApp({ env: { METRICS_TOKEN, MEDIA_INGEST: 'embedded', RTMP_PORT: '0' } });
  afterAll(() => app.close());
  await app.ready();
  await app.services.jobs.contested;
  // A durable job due that nothing handles: it waits in the queue.
  await app.services.jobs.enqueue('monitoring:probe', new Date(Date.now() - 1000), {}, 'monitoring-probe');
  const answer = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  scraped = answer.body;
});

/** The app's metric families named in a PromQL text (histogram series name their family). */
const familiesIn = (text: string) =>
  new Set(
    [...text.matchAll(/\b(?:http|scores|chat|feed|ws|live|jobs|process|nodejs)_[a-z0-9_]+/g)].map(([name]) =>
      name.replace(/_(bucket|count|sum)$/, ''),
    ),
  );

const served = (family: string) => scraped.includes(`# TYPE ${family} `);

describe('the monitoring files', () => {
  it('alert only on figures the app serves', () => {
    const rules = readFileSync(path.join(here, 'prometheus/alerts.yml'), 'utf8');
    const expressions = [...rules.matchAll(/^\s+expr: (.+)$/gm)].map(([, expr]) => expr as string);
    expect(expressions.length).toBeGreaterThan(10);
    const families = familiesIn(expressions.join('\n'));
    expect([...families].filter((family) => !served(family))).toEqual([]);
  });

  it("chart only figures the app serves, each panel's queries once", () => {
    const dashboard = JSON.parse(readFileSync(path.join(here, 'grafana/dashboard.json'), 'utf8'));
    const queries: string[] = dashboard.panels.flatMap((panel: { targets: { expr: string }[] }) =>
      panel.targets.map((target) => target.expr),
    );
    expect(new Set(queries).size).toBe(queries.length);
    const families = familiesIn(queries.join('\n'));
    expect([...families].filter((family) => !served(family))).toEqual([]);
  });

  it("reads each instance's sockets, jobs lease and ingest when scraped", () => {
    for (const socket of ['/ws/push', '/ws/scores', '/ws/chat'])
      expect(scraped).toContain(`ws_connections{path="${socket}"} 0`);
    expect(scraped).toContain('jobs_leader 1');
    expect(scraped).toContain('jobs_due{name="monitoring:probe",state="waiting"} 1');
    expect(scraped).toContain('live_ingest_up 1');
    expect(scraped).toContain('live_pushes{line="flv"} 0');
  });
});
