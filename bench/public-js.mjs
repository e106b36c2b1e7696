// The JavaScript Chromium downloads for the public pages `/payment/{id}` and `/`: each script's
// body gzipped (whatever encoding the server chose), summed. Budget: at most 90 KB each, and no
// admin code, told by strings only the admin screens show (spec section 2).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  getJson,
  launchChromium,
  note,
  report,
  signIn,
  startPortal,
  uploadCsv,
} from './support.mjs';

const ADMIN_MARKERS = [
  'Track and manage tenant payment links',
  'Link Expiration Alerts',
  'Preview All Messages',
  'Save All Templates',
];

async function pageScripts(browser, url) {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const scripts = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  let gzipBytes = 0;
  let isAdminLoaded = false;
  for (const response of scripts) {
    const body = await response.body();
    gzipBytes += gzipSync(body).length;
    const text = body.toString('utf8');
    if (ADMIN_MARKERS.some((marker) => text.includes(marker))) isAdminLoaded = true;
  }
  await page.close();
  return { gzipBytes, files: scripts.length, isAdminLoaded };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-public-js-'));
const portal = await startPortal(dataDir);
let browser;
try {
  browser = await launchChromium();
  const staff = await signIn(portal.base);
  await uploadCsv(portal.base, staff, [
    ['Nia Evans', 'nia@example.co.uk', '', '7 Castle Street, Cardiff CF10 1BT', '12.50'],
  ]);
  const [link] = (await getJson(portal.base, staff, '/api/payment-links?limit=1')).items;
  for (const [name, url] of [
    ['/payment/{id}', `/payment/${link.id}`],
    ['/', '/'],
  ]) {
    const js = await pageScripts(browser, `${portal.base}${url}`);
    note(`${name}: ${js.files} scripts`);
    const kb = js.gzipBytes / 1024;
    report(`${name} JavaScript (gzip)`, `${kb.toFixed(1)} KB`, '<= 90 KB', kb <= 90);
    report(`${name} admin code loaded`, js.isAdminLoaded ? 'yes' : 'no', 'no', !js.isAdminLoaded);
  }
} finally {
  await browser?.close();
  await portal.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
