// Public link read (GET /api/payment-link/{id}) under 200 connections for 10 s, against the same
// portal's GET /healthz under the same load. autocannon runs in a process of its own; the
// baseline is run before and after the link read and averaged, as this machine's speed drifts.
// Budget: at least 0.3x the requests/s, p99 at most 3x, no errors.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { autocannon, getJson, note, report, signIn, startPortal, uploadCsv } from './support.mjs';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const load = { connections: 200, seconds: SECONDS };

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-link-read-'));
const portal = await startPortal(dataDir);
try {
  const staff = await signIn(portal.base);
  await uploadCsv(portal.base, staff, [
    [
      'Margaret Hughes',
      'margaret@example.co.uk',
      '',
      'Flat 3, 12 Riverside Court, London SE1 9AA',
      '1245.50',
    ],
  ]);
  const [link] = (await getJson(portal.base, staff, '/api/payment-links?limit=1')).items;
  const healthUrl = `${portal.base}/healthz`;
  const linkUrl = `${portal.base}/api/payment-link/${link.id}`;

  await autocannon(healthUrl, { connections: 200, seconds: 2 });
  await autocannon(linkUrl, { connections: 200, seconds: 2 });
  const before = await autocannon(healthUrl, load);
  const read = await autocannon(linkUrl, load);
  const after = await autocannon(healthUrl, load);
  const baseRps = (before.rps + after.rps) / 2;
  const baseP99 = (before.p99 + after.p99) / 2;
  note(
    `GET /healthz: ${before.rps.toFixed(0)} then ${after.rps.toFixed(0)} req/s, p99 ${before.p99} then ${after.p99} ms (${before.errors + after.errors} errors)`,
  );
  note(`GET /api/payment-link/{id}: ${read.rps.toFixed(0)} req/s, p99 ${read.p99} ms`);
  const rpsRatio = read.rps / baseRps;
  const p99Ratio = read.p99 / baseP99;
  report('link read requests/s vs /healthz', `${rpsRatio.toFixed(2)}x`, '>= 0.3x', rpsRatio >= 0.3);
  report('link read p99 vs /healthz', `${p99Ratio.toFixed(2)}x`, '<= 3x', p99Ratio <= 3);
  report('link read errors', String(read.errors), '0', read.errors === 0);
} finally {
  await portal.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
