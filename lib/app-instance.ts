import type { App } from './app';

// The process's App lives on globalThis: Next bundles each route handler apart
// from the server script, and both must reach the one App (its live turns, its
// stop bus). This module has no runtime imports, so the server script can ask
// for the App at shutdown without loading everything the App is made of.
const appKey = Symbol.for('quire.app');
type GlobalWithApp = typeof globalThis & { [appKey]?: Promise<App> };

export function appInstance(): Promise<App> | undefined {
  return (globalThis as GlobalWithApp)[appKey];
}

export function setAppInstance(app: Promise<App> | undefined): void {
  (globalThis as GlobalWithApp)[appKey] = app;
}
