import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromiumCandidates, ensureChromium, findChromium, NO_CHROMIUM, type Machine } from '@/scripts/find-chromium';

const HOME = '/home/ada';
const PINNED = `${HOME}/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome`;

interface FakeOptions {
  platform?: NodeJS.Platform;
  env?: Record<string, string>;
  isRoot?: boolean;
  executables?: string[];
  onPath?: Record<string, string>;
  /** what each command line does to the machine: files it adds, and whether it exits 0 */
  commands?: Record<string, { adds?: string[]; ok?: boolean }>;
}

/** A machine made of a set of executable files; directories are derived from their paths. */
function fakeMachine(o: FakeOptions = {}) {
  const files = new Set(o.executables ?? []);
  const ran: string[] = [];
  const machine: Machine = {
    env: o.env ?? {},
    platform: o.platform ?? 'linux',
    homeDir: HOME,
    isRoot: o.isRoot ?? false,
    isExecutable: (file) => files.has(file),
    listDir: (dir) => {
      const names = new Set<string>();
      for (const file of files) if (file.startsWith(dir + '/')) names.add(file.slice(dir.length + 1).split('/')[0]);
      return [...names];
    },
    which: (command) => o.onPath?.[command],
    playwrightExecutable: () => PINNED,
    run: (command, args) => {
      const line = [command, ...args].join(' ');
      ran.push(line);
      const effect = o.commands?.[line] ?? { ok: false };
      for (const file of effect.adds ?? []) files.add(file);
      return effect.ok ?? true;
    },
  };
  return { machine, ran };
}

const APT_UPDATE = 'apt-get update -qq';
const APT_INSTALL = 'apt-get install -y -qq chromium fonts-noto-cjk';

describe('finding a Chromium for the browser tests', () => {
  it('takes CHROMIUM_PATH first, even over Debian’s Chromium', () => {
    const { machine, ran } = fakeMachine({
      env: { CHROMIUM_PATH: '/opt/my/chrome' },
      executables: ['/opt/my/chrome', '/usr/bin/chromium'],
    });
    expect(ensureChromium(machine)).toEqual({ path: '/opt/my/chrome', source: 'CHROMIUM_PATH' });
    expect(ran).toEqual([]);
  });

  it('stops with one sentence when CHROMIUM_PATH is not an executable, instead of quietly using another browser', () => {
    const { machine, ran } = fakeMachine({
      env: { CHROMIUM_PATH: '/opt/typo/chrome' },
      executables: ['/usr/bin/chromium'],
      isRoot: true,
      onPath: { 'apt-get': '/usr/bin/apt-get' },
    });
    const result = ensureChromium(machine);
    expect(result).toEqual({ error: expect.stringContaining('CHROMIUM_PATH is /opt/typo/chrome, which is not an executable file') });
    expect(ran).toEqual([]);
  });

  it('takes Debian’s /usr/bin/chromium over a cached or installed browser', () => {
    const { machine } = fakeMachine({ executables: ['/usr/bin/chromium', PINNED, '/usr/bin/google-chrome'] });
    expect(findChromium(machine)).toEqual({ path: '/usr/bin/chromium', source: 'Debian' });
  });

  it('takes the browser Playwright downloaded for its own version when there is no Debian Chromium', () => {
    const { machine, ran } = fakeMachine({ executables: [PINNED, '/usr/bin/google-chrome'] });
    expect(ensureChromium(machine)).toEqual({ path: PINNED, source: 'Playwright cache' });
    expect(ran).toEqual([]);
  });

  it('takes the newest other revision in the Playwright cache, full browser before headless shell', () => {
    const cache = `${HOME}/.cache/ms-playwright`;
    const older = `${cache}/chromium-1100/chrome-linux/chrome`;
    const newer = `${cache}/chromium-1200/chrome-linux64/chrome`;
    const shell = `${cache}/chromium_headless_shell-1255/chrome-headless-shell-linux64/chrome-headless-shell`;
    const { machine } = fakeMachine({ executables: [shell, older, newer] });
    expect(findChromium(machine)?.path).toBe(newer);
    expect(findChromium(fakeMachine({ executables: [shell] }).machine)?.path).toBe(shell);
  });

  it('looks in PLAYWRIGHT_BROWSERS_PATH and in macOS’s cache folder', () => {
    const custom = '/srv/browsers/chromium-1300/chrome-linux64/chrome';
    expect(findChromium(fakeMachine({ env: { PLAYWRIGHT_BROWSERS_PATH: '/srv/browsers' }, executables: [custom] }).machine)?.path).toBe(
      custom,
    );
    const mac = `${HOME}/Library/Caches/ms-playwright/chromium-1300/chrome-mac-arm64/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing`;
    expect(findChromium(fakeMachine({ platform: 'darwin', executables: [mac] }).machine)).toEqual({
      path: mac,
      source: 'Playwright cache',
    });
  });

  it('takes an installed Google Chrome on Linux, by its usual path or on PATH', () => {
    expect(findChromium(fakeMachine({ executables: ['/opt/google/chrome/chrome'] }).machine)).toEqual({
      path: '/opt/google/chrome/chrome',
      source: 'installed browser',
    });
    const { machine } = fakeMachine({
      executables: ['/usr/local/bin/chromium-browser'],
      onPath: { 'chromium-browser': '/usr/local/bin/chromium-browser' },
    });
    expect(findChromium(machine)).toEqual({ path: '/usr/local/bin/chromium-browser', source: 'installed browser' });
  });

  it('takes Google Chrome from /Applications on macOS, and never looks for Debian’s path there', () => {
    const chrome = '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome';
    const { machine } = fakeMachine({ platform: 'darwin', executables: [chrome] });
    expect(findChromium(machine)).toEqual({ path: chrome, source: 'installed browser' });
    expect(chromiumCandidates(machine).map((c) => c.path)).not.toContain('/usr/bin/chromium');
  });
});

describe('installing a Chromium when there is none', () => {
  it('as root on Debian: installs the chromium package and a CJK font with apt-get, and uses it', () => {
    const { machine, ran } = fakeMachine({
      isRoot: true,
      onPath: { 'apt-get': '/usr/bin/apt-get' },
      commands: { [APT_UPDATE]: { ok: true }, [APT_INSTALL]: { ok: true, adds: ['/usr/bin/chromium'] } },
    });
    const log: string[] = [];
    expect(ensureChromium(machine, (line) => log.push(line))).toEqual({ path: '/usr/bin/chromium', source: 'Debian' });
    expect(ran).toEqual([APT_UPDATE, APT_INSTALL]);
    expect(log.join('\n')).toContain('installing one: apt-get install chromium fonts-noto-cjk');
  });

  it('as root on Debian offline: still installs from apt’s cached package lists when the update fails', () => {
    const { machine, ran } = fakeMachine({
      isRoot: true,
      onPath: { 'apt-get': '/usr/bin/apt-get' },
      commands: { [APT_UPDATE]: { ok: false }, [APT_INSTALL]: { ok: true, adds: ['/usr/bin/chromium'] } },
    });
    expect(ensureChromium(machine)).toEqual({ path: '/usr/bin/chromium', source: 'Debian' });
    expect(ran).toEqual([APT_UPDATE, APT_INSTALL]);
  });

  it('as root where apt has no chromium (Ubuntu): falls back to Playwright’s download with its libraries', () => {
    const { machine, ran } = fakeMachine({
      isRoot: true,
      onPath: { 'apt-get': '/usr/bin/apt-get' },
      commands: {
        [APT_UPDATE]: { ok: true },
        [APT_INSTALL]: { ok: false },
        'npx playwright install --with-deps chromium': { ok: true, adds: [PINNED] },
      },
    });
    expect(ensureChromium(machine)).toEqual({ path: PINNED, source: 'Playwright cache' });
    expect(ran).toEqual([APT_UPDATE, APT_INSTALL, 'npx playwright install --with-deps chromium']);
  });

  it('without root: downloads Playwright’s Chromium, and never calls apt-get', () => {
    const { machine, ran } = fakeMachine({
      onPath: { 'apt-get': '/usr/bin/apt-get' },
      commands: { 'npx playwright install chromium': { ok: true, adds: [PINNED] } },
    });
    expect(ensureChromium(machine)).toEqual({ path: PINNED, source: 'Playwright cache' });
    expect(ran).toEqual(['npx playwright install chromium']);
  });

  it('on macOS: downloads Playwright’s Chromium', () => {
    const mac = `${HOME}/Library/Caches/ms-playwright/chromium-1255/chrome-mac-arm64/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing`;
    const { machine, ran } = fakeMachine({
      platform: 'darwin',
      isRoot: true,
      commands: { 'npx playwright install chromium': { ok: true, adds: [mac] } },
    });
    expect(ensureChromium(machine)).toEqual({ path: mac, source: 'Playwright cache' });
    expect(ran).toEqual(['npx playwright install chromium']);
  });

  it('when nothing can be installed: stops with one sentence saying what to install', () => {
    const { machine, ran } = fakeMachine({ commands: { 'npx playwright install chromium': { ok: false } } });
    const result = ensureChromium(machine);
    expect(result).toEqual({ error: NO_CHROMIUM });
    expect(ran).toEqual(['npx playwright install chromium']);
    expect(NO_CHROMIUM).not.toContain('\n');
    expect(NO_CHROMIUM.match(/[.!?](\s|$)/g)).toHaveLength(1);
    for (const hint of ['apt-get install chromium', 'npx playwright install chromium', 'CHROMIUM_PATH'])
      expect(NO_CHROMIUM).toContain(hint);
  });
});

describe('npm test (scripts/test.sh)', () => {
  // A stand-in for npx on PATH: it logs each call with the CHROMIUM_PATH it sees and runs only
  // the browser check for real, so the order of the steps shows without running the suite.
  function runTestScript(chromiumPath: string) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'quire-test-sh-'));
    const log = path.join(dir, 'npx.log');
    const realNpx = execFileSync('bash', ['-c', 'command -v npx'], { encoding: 'utf8' }).trim();
    writeFileSync(
      path.join(dir, 'npx'),
      `#!/usr/bin/env bash\necho "$* CHROMIUM_PATH=\${CHROMIUM_PATH:-}" >> ${log}\nif [ "$1" = tsx ]; then exec ${realNpx} "$@"; fi\n`,
      { mode: 0o755 },
    );
    const result = spawnSync('bash', ['scripts/test.sh'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, PATH: `${dir}${path.delimiter}${process.env.PATH}`, CHROMIUM_PATH: chromiumPath },
      encoding: 'utf8',
      timeout: 45_000,
    });
    const calls = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
    return { code: result.status, stderr: result.stderr, calls, dir };
  }

  it('lints, then stops with the sentence before the unit tests and the build when the browser cannot run', () => {
    const { code, stderr, calls } = runTestScript('/nonexistent/chrome');
    expect(code).toBe(1);
    expect(stderr).toContain('CHROMIUM_PATH is /nonexistent/chrome, which is not an executable file');
    expect(calls).toEqual([
      'biome check . CHROMIUM_PATH=/nonexistent/chrome',
      'tsx scripts/ensure-chromium.ts CHROMIUM_PATH=/nonexistent/chrome',
    ]);
  }, 60_000);

  it('lints, checks the browser, then runs the unit tests and the build side by side, then Playwright with that browser', () => {
    const chrome = path.join(mkdtempSync(path.join(os.tmpdir(), 'quire-chrome-')), 'chrome');
    writeFileSync(chrome, '#!/bin/sh\n', { mode: 0o755 });
    const { code, calls } = runTestScript(chrome);
    expect(code).toBe(0);
    expect(calls.slice(0, 2)).toEqual([`biome check . CHROMIUM_PATH=${chrome}`, `tsx scripts/ensure-chromium.ts CHROMIUM_PATH=${chrome}`]);
    // the build runs in the background while the unit tests run: either may be recorded first
    expect([...calls.slice(2, 4)].sort()).toEqual([`next build CHROMIUM_PATH=${chrome}`, `vitest run CHROMIUM_PATH=${chrome}`]);
    expect(calls[4]).toBe(`playwright test CHROMIUM_PATH=${chrome}`);
    expect(calls).toHaveLength(5);
  }, 60_000);
});
