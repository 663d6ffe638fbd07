import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from './scripts/find-chromium';
import { smtpSinkPort } from './e2e/mailbox';
import { e2ePorts } from './e2e/ports';

const port = Number(process.env.E2E_PORT ?? 3210);
const LONGEST_SPECS = [/daily\.spec\.ts$/, /a11y\.spec\.ts$/];
export const e2eDataDir = process.env.E2E_DATA_DIR ?? `.data-e2e-${port}`;

// `npm test` sets CHROMIUM_PATH to the browser scripts/ensure-chromium.ts found or installed;
// run on its own, the config looks in the same places.

export default defineConfig({
  testDir: 'e2e',
  // an SMTP sink for the server's mail: staff verify their address through the mailed link
  globalSetup: './e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // two spec files at a time against the one server (a third, or a spec's tests spread over both, made the
  // 2-core machine slower, not faster); every spec signs up its own people; ports are per spec (e2e/ports.ts)
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS },
    // a trace records DOM snapshots and screencast frames of every test, passing or not: on two cores that is minutes of
    // the suite, and a CI log cannot show one anyway. PW_TRACE=retain-on-failure records them to debug a failure.
    trace: (process.env.PW_TRACE as 'off' | 'retain-on-failure' | 'on' | undefined) ?? 'off',
    locale: 'en-US',
  },
  // Workers take spec files in project order, then file order. The two longest specs (each several minutes on one
  // worker) go first, one to each worker, and the short ones fill in around them; in alphabetical order the daily
  // spec started last and ran on alone for minutes.
  projects: [
    { name: 'chromium, longest specs', testMatch: LONGEST_SPECS, use: { browserName: 'chromium' } },
    { name: 'chromium', testIgnore: LONGEST_SPECS, use: { browserName: 'chromium' } },
  ],
  webServer: {
    // the production build on a fresh embedded database, with the offline simulator
    command: `rm -rf ${e2eDataDir} && npx tsx scripts/start.ts`,
    url: `http://localhost:${port}/sign-in`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: e2eDataDir,
      STAFF_EMAILS:
        'staff@example.com,invites-staff@example.com,ledger-staff@example.com,a11y-staff@example.com,claimed-staff@example.com,host-staff@example.com,clobber-staff@example.com,audit-staff@example.com,leaving-staff@example.com',
      SMTP_URL: `smtp://127.0.0.1:${smtpSinkPort}`,
      // answers stream at 5 ms a token; a test that acts mid-answer sets its own pace with [sim:delay=MS]
      SIMULATOR_TOKEN_DELAY_MS: '5',
      RATE_LIMIT_PER_MINUTE: '1000',
      // web research against the local pages and SearXNG fake that e2e/web-research.spec.ts starts on the next ports
      PUBLIC_SOURCES: 'on',
      SEARCH_PROVIDER: 'searxng',
      SEARXNG_URL: `http://127.0.0.1:${e2ePorts.searxng}`,
      FETCH_ALLOW_HOSTS: `127.0.0.1:${e2ePorts.pages}`,
    },
  },
});
