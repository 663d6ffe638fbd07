// Which Chromium the browser tests run in, and how to get one when the machine has none.
// The search and the install plan are pure functions of an injected `Machine`, so every branch
// is tested without touching the real system; `systemMachine()` wires them to this one.
// `scripts/ensure-chromium.ts` is the command `npm test` runs first; playwright.config.ts, the
// canvas benchmark and the screenshot script launch `chromiumExecutable()`.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/** The flags every browser test launches Chromium with (sandbox off in containers, no background traffic). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface Machine {
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  homeDir: string;
  isRoot: boolean;
  /** true for a regular file this user may execute */
  isExecutable(file: string): boolean;
  /** entry names of a directory; [] when it does not exist */
  listDir(dir: string): string[];
  /** the command's path on PATH, like `which` */
  which(command: string): string | undefined;
  /** where playwright-core keeps the browser of its own pinned revision (it may not be downloaded) */
  playwrightExecutable(): string | undefined;
  /** runs a command with its output on stderr; true when it exits 0 */
  run(command: string, args: string[], env?: Record<string, string>): boolean;
}

export type ChromiumSource = 'CHROMIUM_PATH' | 'Debian' | 'Playwright cache' | 'installed browser';
export interface Chromium {
  path: string;
  source: ChromiumSource;
}

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** Every place a Chromium may be, in the order they are preferred. */
export function chromiumCandidates(m: Machine): Chromium[] {
  const found: Chromium[] = [];
  const add = (source: ChromiumSource, file: string | undefined) => {
    if (file && !found.some((c) => c.path === file)) found.push({ path: file, source });
  };
  add('CHROMIUM_PATH', m.env.CHROMIUM_PATH || undefined);
  if (m.platform === 'linux') add('Debian', DEBIAN_CHROMIUM);
  add('Playwright cache', m.playwrightExecutable());
  for (const file of playwrightCacheExecutables(m)) add('Playwright cache', file);
  for (const file of installedBrowserPaths(m)) add('installed browser', file);
  for (const command of ['google-chrome', 'google-chrome-stable', 'chromium', 'chromium-browser'])
    add('installed browser', m.which(command));
  return found;
}

/** The first candidate that can be executed, or undefined. */
export function findChromium(m: Machine): Chromium | undefined {
  return chromiumCandidates(m).find((c) => m.isExecutable(c.path));
}

/** The executablePath for Playwright's `chromium.launch` here: CHROMIUM_PATH, else what the search finds,
 * else undefined (Playwright's own download, whose absence Playwright explains). Installs nothing. */
export function chromiumExecutable(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.CHROMIUM_PATH || findChromium(systemMachine(env))?.path;
}

export interface InstallStep {
  label: string;
  commands: { command: string; args: string[]; env?: Record<string, string> }[];
}

/** How this machine can get a Chromium: Debian's package as root with apt, else Playwright's download. */
export function installSteps(m: Machine): InstallStep[] {
  const apt = m.platform === 'linux' && m.isRoot && m.which('apt-get') !== undefined;
  const steps: InstallStep[] = [];
  if (apt) {
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    steps.push({
      label: 'apt-get install chromium fonts-noto-cjk',
      commands: [
        { command: 'apt-get', args: ['update', '-qq'], env },
        // the CJK font: pages in Chinese/Japanese/Korean render as boxes without it
        { command: 'apt-get', args: ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk'], env },
      ],
    });
  }
  // Ubuntu has no `chromium` deb (only a snap), so Playwright's download is the fallback there too;
  // as root it can also install the libraries that browser needs.
  const args = apt ? ['playwright', 'install', '--with-deps', 'chromium'] : ['playwright', 'install', 'chromium'];
  steps.push({ label: `npx ${args.join(' ')}`, commands: [{ command: 'npx', args }] });
  return steps;
}

export const NO_CHROMIUM =
  'No Chromium for the browser tests was found and none could be installed: install one (as root on Debian/Ubuntu `apt-get install chromium fonts-noto-cjk`, elsewhere `npx playwright install chromium`) or set CHROMIUM_PATH to a Chrome or Chromium executable, then run `npm test` again.';

export type Ensured = Chromium | { error: string };

/** Finds a Chromium, installing one when there is none; `error` is the one sentence to show. */
export function ensureChromium(m: Machine, log: (line: string) => void = () => {}): Ensured {
  const wanted = m.env.CHROMIUM_PATH;
  if (wanted) {
    // an explicit choice that does not work is a mistake to report, not a reason to pick another browser
    if (m.isExecutable(wanted)) return { path: wanted, source: 'CHROMIUM_PATH' };
    return {
      error: `CHROMIUM_PATH is ${wanted}, which is not an executable file: point it at a Chrome or Chromium executable, or unset it so \`npm test\` finds one.`,
    };
  }
  const found = findChromium(m);
  if (found) return found;
  for (const step of installSteps(m)) {
    log(`No Chromium found for the browser tests; installing one: ${step.label}`);
    // every command runs: an `apt-get update` that fails offline still leaves the cached lists to install from
    const ran = step.commands.map(({ command, args, env }) => m.run(command, args, env)).every(Boolean);
    const installed = findChromium(m);
    if (installed) return installed;
    log(ran ? `${step.label} finished but no Chromium appeared.` : `${step.label} failed.`);
  }
  return { error: NO_CHROMIUM };
}

function playwrightCacheRoot(m: Machine): string | undefined {
  const custom = m.env.PLAYWRIGHT_BROWSERS_PATH;
  if (custom === '0') return undefined; // browsers inside node_modules: playwrightExecutable() covers them
  if (custom) return custom;
  if (m.platform === 'darwin') return path.join(m.homeDir, 'Library', 'Caches', 'ms-playwright');
  if (m.platform === 'win32') return m.env.LOCALAPPDATA ? path.join(m.env.LOCALAPPDATA, 'ms-playwright') : undefined;
  return path.join(m.env.XDG_CACHE_HOME || path.join(m.homeDir, '.cache'), 'ms-playwright');
}

// Layouts of a downloaded browser, newest Playwright first; the headless shell only runs headless,
// which is all the tests need, so it comes after the full browsers.
const CACHE_LAYOUTS: Partial<Record<NodeJS.Platform, { full: string[]; shell: string[] }>> = {
  linux: {
    full: ['chrome-linux64/chrome', 'chrome-linux-arm64/chrome', 'chrome-linux/chrome'],
    shell: [
      'chrome-headless-shell-linux64/chrome-headless-shell',
      'chrome-headless-shell-linux-arm64/chrome-headless-shell',
      'chrome-linux/headless_shell',
    ],
  },
  darwin: {
    full: [
      'chrome-mac-arm64/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing',
      'chrome-mac-x64/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing',
      'chrome-mac/Chromium.app/Contents/MacOS/Chromium',
    ],
    shell: [
      'chrome-headless-shell-mac-arm64/chrome-headless-shell',
      'chrome-headless-shell-mac-x64/chrome-headless-shell',
      'chrome-mac/headless_shell',
    ],
  },
  win32: { full: ['chrome-win64/chrome.exe', 'chrome-win/chrome.exe'], shell: ['chrome-headless-shell-win64/chrome-headless-shell.exe'] },
};

/** Browsers of any revision already downloaded by `npx playwright install`, newest revision first. */
function playwrightCacheExecutables(m: Machine): string[] {
  const root = playwrightCacheRoot(m);
  const layouts = CACHE_LAYOUTS[m.platform];
  if (!root || !layouts) return [];
  const revisions = (prefix: string) =>
    m
      .listDir(root)
      .map((name) => ({ name, revision: Number(name.slice(prefix.length)) }))
      .filter(({ name, revision }) => name.startsWith(prefix) && Number.isInteger(revision))
      .sort((a, b) => b.revision - a.revision)
      .map(({ name }) => path.join(root, name));
  return [
    ...revisions('chromium-').flatMap((dir) => layouts.full.map((rel) => path.join(dir, rel))),
    ...revisions('chromium_headless_shell-').flatMap((dir) => layouts.shell.map((rel) => path.join(dir, rel))),
  ];
}

/** Where Google Chrome and Chromium install themselves outside PATH or before it. */
function installedBrowserPaths(m: Machine): string[] {
  if (m.platform === 'linux') {
    return [
      '/usr/bin/google-chrome',
      '/usr/bin/google-chrome-stable',
      '/opt/google/chrome/chrome',
      '/usr/bin/chromium-browser',
      '/snap/bin/chromium',
    ];
  }
  if (m.platform === 'darwin') {
    const apps = ['Google Chrome.app/Contents/MacOS/Google Chrome', 'Chromium.app/Contents/MacOS/Chromium'];
    return [...apps.map((app) => path.join('/Applications', app)), ...apps.map((app) => path.join(m.homeDir, 'Applications', app))];
  }
  return [];
}

/** The real machine this process runs on. */
export function systemMachine(env: NodeJS.ProcessEnv = process.env): Machine {
  const isExecutable = (file: string) => {
    try {
      if (!statSync(file).isFile()) return false;
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  return {
    env,
    platform: process.platform,
    homeDir: os.homedir(),
    isRoot: process.getuid?.() === 0,
    isExecutable,
    listDir: (dir) => {
      try {
        return readdirSync(dir);
      } catch {
        return [];
      }
    },
    which: (command) =>
      (env.PATH ?? '')
        .split(path.delimiter)
        .filter(Boolean)
        .map((dir) => path.join(dir, command))
        .find(isExecutable),
    playwrightExecutable: () => {
      try {
        const { chromium } = createRequire(import.meta.url)('playwright-core') as typeof import('playwright-core');
        return chromium.executablePath() || undefined;
      } catch {
        return undefined;
      }
    },
    run: (command, args, extraEnv) =>
      // the command's output goes to stderr: stdout of ensure-chromium is only the path
      spawnSync(command, args, { stdio: ['ignore', 2, 2], env: { ...env, ...extraEnv } }).status === 0,
  };
}
