import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { median, startLoginPageServer } from './login-page-server';

/**
 * `npm run lighthouse -w @kontor/bench` (issue 16 item 5): Lighthouse's desktop preset against the
 * login page, served by the compiled server (PGlite) to Debian's Chromium (never a downloaded
 * one). Prints the Performance and Accessibility scores (goals ≥ 98 and ≥ 95) and the metrics
 * behind them; the median of LIGHTHOUSE_RUNS (default 3) runs.
 */
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const port = 4900 + (process.pid % 50);
const server = await startLoginPageServer('lighthouse', port);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
  ],
});
try {
  const { url } = server;
  const scores = {
    performance: [] as number[],
    accessibility: [] as number[],
    lcp: [] as number[],
    tbt: [] as number[],
  };
  for (let i = 0; i < runs; i++) {
    const result = await lighthouse(
      url,
      { port: chrome.port, logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
      desktopConfig,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse gave no report');
    scores.performance.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
    scores.accessibility.push(Math.round((lhr.categories.accessibility?.score ?? 0) * 100));
    scores.lcp.push(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN);
    scores.tbt.push(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN);
    const failed = Object.values(lhr.audits).filter(
      (a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative',
    );
    if (i === 0) for (const a of failed) console.log(`  below 0.9: ${a.id} (${a.displayValue ?? a.score})`);
  }
  const perf = median(scores.performance);
  const a11y = median(scores.accessibility);
  console.log(`\nLighthouse ${runs}× (desktop preset), login page, Debian Chromium, median`);
  console.log(`Performance ${perf} (goal ≥ 98: ${perf >= 98 ? 'met' : 'MISSED'})`);
  console.log(`Accessibility ${a11y} (goal ≥ 95: ${a11y >= 95 ? 'met' : 'MISSED'})`);
  console.log(`LCP ${median(scores.lcp).toFixed(0)} ms (simulated), TBT ${median(scores.tbt).toFixed(0)} ms`);
} finally {
  chrome.kill();
  server.stop();
}
