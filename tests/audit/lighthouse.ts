/**
 * `npm run audit`: Lighthouse 13 (mobile) on /login, and on /chat and /square signed in (the member has posted 20
 * moments with photos), asserting performance ≥ 0.95 and
 * accessibility, best practices and SEO = 1; then Lighthouse 11.7.1, the last release with the PWA category,
 * asserting PWA = 1. Runs against the real server on a built client (CLIENT_DIR, default dist/client);
 * HTML reports go to reports/lighthouse/.
 *
 * Performance is simulated on a throttled CPU and varies from run to run on a busy machine, so each page is
 * audited RUNS times and the median performance score is the one checked, as Lighthouse's own variability
 * guide advises; the other categories must hold in every run.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import lighthouse11 from 'lighthouse11';
import { root } from '../../scripts/lib/run.ts';
import { registerMember } from '../support/api.ts';
import { startAppServer } from '../support/app-server.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, openBrowserAt } from '../support/browser.ts';
import { signInThroughUi } from '../support/flows.ts';
import { seedMoments } from '../support/moments.ts';

type Category = 'performance' | 'accessibility' | 'best-practices' | 'seo' | 'pwa';
const MODERN: Record<Exclude<Category, 'pwa'>, number> = {
  performance: 0.95,
  accessibility: 1,
  'best-practices': 1,
  seo: 1,
};

const RUNS = Number(process.env.AUDIT_RUNS ?? 3);
/** `AUDIT_PAGES=square` (comma-separated names) audits only those pages, without the PWA pass. */
const ONLY = process.env.AUDIT_PAGES?.split(',').filter(Boolean);
const SQUARE_MOMENTS = 20;

const reportDir = join(root, 'reports', 'lighthouse');
mkdirSync(reportDir, { recursive: true });

interface Result {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    { score: number | null; title: string; scoreDisplayMode: string; details?: { items?: NetworkRequest[] } }
  >;
}

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

/**
 * The photos the audited phone downloaded (lazy ones below the first screen are not asked for), largest first. Read
 * from the first run: later runs reuse the profile, whose service worker answers photos from its cache with a
 * transfer size of 0, so a photo's own size (resourceSize) stands in whenever nothing was transferred.
 */
function printImageBytes(name: string, lhr: Result) {
  const images = (lhr.audits['network-requests']?.details?.items ?? []).filter(
    (r) => r.resourceType === 'Image' && !r.url.startsWith('data:'),
  );
  const bytes = (r: NetworkRequest) => r.transferSize || r.resourceSize || 0;
  const total = images.reduce((sum, r) => sum + bytes(r), 0);
  console.log(`${name}: ${images.length} images, ${(total / 1024).toFixed(1)} KB for the first screen (first run)`);
  for (const r of [...images].sort((a, b) => bytes(b) - bytes(a))) {
    console.log(`  ${(bytes(r) / 1024).toFixed(1).padStart(7)} KB  ${new URL(r.url).pathname}`);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: the two Lighthouse majors type their options differently.
type Runner = (url: string, flags: any) => Promise<{ lhr: Result; report: string | string[] } | undefined>;

/**
 * One audit; a run whose trace Lighthouse itself failed to record (runtimeError such as NO_NAVSTART, "Please run
 * Lighthouse again") measured nothing about the page, so it is run again, at most twice.
 */
async function audit(run: Runner, name: string, url: string, profile: string, categories: Category[]) {
  for (let attempt = 1; ; attempt++) {
    const lhr = await auditOnce(run, name, url, profile, categories);
    if (!lhr.runtimeError || attempt === 3) return lhr;
    console.log(`${name}: Lighthouse could not measure (${lhr.runtimeError.code}); running it again`);
  }
}

async function auditOnce(run: Runner, name: string, url: string, profile: string, categories: Category[]) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_ARGS,
    userDataDir: profile,
  });
  try {
    const result = await run(url, {
      port: chrome.port,
      output: 'html',
      logLevel: 'error',
      onlyCategories: categories,
      formFactor: 'mobile',
      screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
      // The profile carries the signed-in session: keep its storage.
      disableStorageReset: true,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    writeFileSync(join(reportDir, `${name}.html`), String(result.report));
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

function check(name: string, lhr: Result, minimum: Partial<Record<Category, number>>): string[] {
  const failures: string[] = [];
  for (const [category, min] of Object.entries(minimum)) {
    const c = lhr.categories[category];
    const score = c?.score ?? 0;
    const ok = score >= (min as number);
    console.log(`${name.padEnd(24)} ${category.padEnd(15)} ${score.toFixed(2)} (needs ${min}) ${ok ? 'ok' : 'FAILED'}`);
    if (ok) continue;
    failures.push(`${name} ${category} ${score}`);
    for (const ref of c?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (
        a &&
        a.score !== null &&
        a.score < 1 &&
        a.scoreDisplayMode !== 'informative' &&
        a.scoreDisplayMode !== 'manual'
      ) {
        console.log(`    ${a.score.toFixed(2)}  ${ref.id}: ${a.title}`);
      }
    }
  }
  return failures;
}

const server = await startAppServer();
const signedOut = mkdtempSync(join(tmpdir(), 'amity-lh-out-'));
const signedIn = mkdtempSync(join(tmpdir(), 'amity-lh-in-'));
const failures: string[] = [];
try {
  // Sign in once in a profile Lighthouse then reuses, so /chat is audited as a member sees it.
  const member = await registerMember(server.url, 'audit_member');
  const browser = await openBrowserAt(signedIn);
  const page = await browser.context.newPage();
  await page.goto(`${server.url}/login`);
  await signInThroughUi(page, member.username, member.password);
  await page.waitForURL(/\/chat/);
  await browser.context.close();
  // /square as a member sees it after posting: 20 moments with one to four photos each.
  await seedMoments(server.url, member, SQUARE_MOMENTS, { photosEach: 4 });

  const modern = lighthouse as unknown as Runner;
  const legacy = lighthouse11 as unknown as Runner;
  const modernCategories = Object.keys(MODERN) as Category[];
  const pages = [
    ['login', '/login', signedOut],
    ['chat', '/chat', signedIn],
    ['square', '/square', signedIn],
  ] as const;
  for (const [name, path, profile] of pages.filter(([n]) => !ONLY || ONLY.includes(n))) {
    const runs: Result[] = [];
    for (let i = 0; i < RUNS; i++) {
      runs.push(await audit(modern, `${name}-${i + 1}`, `${server.url}${path}`, profile, modernCategories));
    }
    const scores = runs.map((r) => r.categories.performance?.score ?? 0);
    const median = [...scores].sort((a, b) => a - b)[Math.floor(scores.length / 2)]!;
    console.log(
      `lighthouse 13 ${path} performance runs: ${scores.map((x) => x.toFixed(2)).join(', ')}; median ${median.toFixed(2)}`,
    );
    const medianRun = runs[scores.indexOf(median)]!;
    if (name === 'square') printImageBytes(`lighthouse 13 ${path}`, runs[0]!);
    failures.push(...check(`lighthouse 13 ${path}`, medianRun, { performance: MODERN.performance }));
    for (const [i, run] of runs.entries()) {
      const { performance: _, ...rest } = MODERN;
      failures.push(...check(`lighthouse 13 ${path} #${i + 1}`, run, rest));
    }
  }
  if (!ONLY)
    failures.push(
      ...check('lighthouse 11 /login', await audit(legacy, 'login-pwa', `${server.url}/login`, signedOut, ['pwa']), {
        pwa: 1,
      }),
      ...check('lighthouse 11 /chat', await audit(legacy, 'chat-pwa', `${server.url}/chat`, signedIn, ['pwa']), {
        pwa: 1,
      }),
    );
} finally {
  await server.stop();
  rmSync(signedOut, { recursive: true, force: true });
  rmSync(signedIn, { recursive: true, force: true });
}
console.log(`reports in ${reportDir}`);
if (failures.length) {
  console.error(`audit failed: ${failures.join('; ')}`);
  process.exit(1);
}
