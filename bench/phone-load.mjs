// The leaseholder's payment page on a throttled phone (ARCHITECTURE section 8, issue 31): time
// from navigation until the balance and the Pay button are on screen, against a static page
// holding the same words served by a plain web server on the same machine, under the same
// throttling. Median of 7 pairs, each page in a fresh browser context. Budget: at most 1.5x.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  getJson,
  launchChromium,
  note,
  percentile,
  report,
  signIn,
  spawnTracked,
  startPortal,
  stopProcess,
  uploadCsv,
} from './support.mjs';

const PAIRS = Number(process.env.BENCH_PHONE_PAIRS ?? 7);
const BALANCE = '£1,245.50';
const PAY = `Pay ${BALANCE} Securely`;
/** A typical mobile connection (issue 31): 150 ms round trip, 1.6 Mbit/s down, 4x slower CPU. */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
/** BENCH_PHONE_CPU=1 leaves the CPU alone, to tell the network's share from the CPU's. */
const CPU_SLOWDOWN = Number(process.env.BENCH_PHONE_CPU ?? 4);

/**
 * Runs in the page before its own scripts: on every frame (a requestAnimationFrame callback runs
 * only when the browser is about to paint, so never while a stylesheet still blocks rendering),
 * looks for an element reading the balance and a button reading the Pay text, both laid out,
 * and keeps the time of the first frame that has both.
 */
function watchForBalanceAndPay({ balance, pay }) {
  // XPath finds the two elements without reading every element's text on every frame, which
  // would cost a large page more than a small one.
  const find = (xpath) =>
    document.evaluate(xpath, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null)
      .singleNodeValue;
  const isShown = (element) => {
    if (!element) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
  };
  const check = () => {
    const balanceElement = find(`//*[normalize-space(text())='${balance}']`);
    const payButton = find(`//button[normalize-space(.)='${pay}']`);
    if (isShown(balanceElement) && isShown(payButton)) window.__shownAt = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/** Milliseconds from navigation to the first frame showing the balance and the Pay button. */
async function timeToBalance(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.addInitScript(watchForBalanceAndPay, { balance: BALANCE, pay: PAY });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__shownAt !== undefined, null, { timeout: 60_000 });
    return await page.evaluate(() => window.__shownAt);
  } finally {
    await context.close();
  }
}

/** The payment page's own words, as a person reads them, in plain HTML: the floor. */
async function staticPageOf(browser, url) {
  const page = await browser.newPage();
  await page.goto(url, { waitUntil: 'load' });
  // The words as laid out for a reader (innerText), not every text node (hidden ones included).
  // biome-ignore lint/performance/useDomNodeTextContent: the visible words are the point here
  const words = await page.evaluate(() => document.body.innerText);
  await page.close();
  const escapeHtml = (text) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
  const lines = words
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && line !== PAY)
    .map((line) => `<p>${escapeHtml(line)}</p>`);
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Pay your balance</title></head><body>${lines.join('')}<button>${escapeHtml(PAY)}</button></body></html>`;
}

/** Starts static-page.mjs serving `file`; answers its origin and process. */
function startStaticServer(file) {
  const child = spawnTracked(
    process.execPath,
    [path.join(import.meta.dirname, 'static-page.mjs'), file],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the static server exited (${code})`)));
    child.stdout.once('data', (chunk) => {
      resolve({ origin: `http://127.0.0.1:${String(chunk).trim()}`, child });
    });
  });
}

const median = (samples) => percentile(samples, 0.5);

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-phone-load-'));
const portal = await startPortal(dataDir);
let browser;
let floor;
try {
  browser = await launchChromium();
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
  const pageUrl = `${portal.base}/payment/${link.id}`;
  const staticFile = path.join(dataDir, 'static.html');
  writeFileSync(staticFile, await staticPageOf(browser, pageUrl));
  floor = await startStaticServer(staticFile);

  const portalTimes = [];
  const floorTimes = [];
  for (let pair = 0; pair < PAIRS; pair++) {
    // Each pair in turn starts with the other page, so neither always goes first.
    const order = pair % 2 === 0 ? ['portal', 'floor'] : ['floor', 'portal'];
    for (const which of order) {
      if (which === 'portal') portalTimes.push(await timeToBalance(browser, pageUrl));
      else floorTimes.push(await timeToBalance(browser, `${floor.origin}/`));
    }
  }
  const round = (ms) => Math.round(ms);
  note(`payment page: ${portalTimes.map(round).join(', ')} ms`);
  note(`static page with the same words: ${floorTimes.map(round).join(', ')} ms`);
  const ratio = median(portalTimes) / median(floorTimes);
  report(
    'Phone: balance and Pay button visible vs static page',
    `${ratio.toFixed(2)}x (${round(median(portalTimes))} vs ${round(median(floorTimes))} ms, median of ${PAIRS} pairs)`,
    '<= 1.5x',
    ratio <= 1.5,
  );
} finally {
  await browser?.close();
  if (floor) await stopProcess(floor.child);
  await portal.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
