import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import type { ServiceProcess } from '@sv/testing';
import { startDocsProcess } from './support/docs-process.ts';

/*
 * The rendered reference in a real headless browser: the page must build itself from this host
 * alone and show the operations. The bring-up installs the distribution's chromium.
 */

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// Building the page from a large description takes seconds of script time; on a two-core machine
// running the rest of the suite beside it, the same takes far longer. Waits are generous, never asserted.
const RENDER_TIMEOUT_MS = 90_000;

let docs: { process: ServiceProcess; url: string };
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run the bring-up (npm test installs it) or apt-get install chromium.`);
  [docs, browser] = await Promise.all([startDocsProcess(), chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await docs?.process.stop();
});

describe('the reference page in a browser', () => {
  it('renders the operations of /openapi.json, opens one by its link, and loads nothing from elsewhere', async () => {
    const foreign: string[] = [];
    const failures: string[] = [];
    // One context for both pages: the second reuses the renderer's cached files, as a reader's browser would.
    const context = await browser.newContext();
    const watchedPage = async () => {
      const page = await context.newPage();
      page.on('request', (request) => {
        if (!request.url().startsWith(docs.url)) foreign.push(request.url());
      });
      page.on('pageerror', (error) => failures.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') failures.push(message.text());
      });
      return page;
    };

    const page = await watchedPage();
    await page.goto(`${docs.url}/`);
    await page.getByRole('heading', { name: /^Music Distribution Service API/ }).waitFor({ timeout: RENDER_TIMEOUT_MS });
    // Tags start closed; opening one lays out its operations.
    const gatewayTag = page.locator('.opblock-tag[data-tag="gateway"]');
    await gatewayTag.waitFor({ timeout: RENDER_TIMEOUT_MS });
    await page.locator('.opblock-tag[data-tag="catalogue"]').waitFor();
    const healthProbe = page.getByText('Health probe: 200 when the process is alive and the database is reachable.');
    expect(await healthProbe.count()).toBe(0);
    await gatewayTag.click();
    await healthProbe.waitFor({ timeout: RENDER_TIMEOUT_MS });

    // A deep link, opened fresh, opens its tag and its operation.
    const linked = await watchedPage();
    await linked.goto(`${docs.url}/#/catalogue/releases.list`);
    const opened = linked.locator('.opblock.is-open');
    await opened.getByText('releases.list', { exact: true }).waitFor({ timeout: RENDER_TIMEOUT_MS });
    await opened.getByText('List releases, ordered by creation date descending; filter by status and type.').waitFor();
    await opened.locator('.parameter__name', { hasText: /^per_page$/ }).waitFor();

    expect(foreign).toEqual([]);
    expect(failures).toEqual([]);
  }, 300_000);
});
