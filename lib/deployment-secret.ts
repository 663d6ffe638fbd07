import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '@/lib/db/client';

/** The deployment's one secret (sessions, and the simulator key derived from it): AUTH_SECRET when set; otherwise one generated on first start and kept in DATA_DIR. */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = secretFile(dataDir);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    writeFileSync(file, secret, { flag: 'wx', mode: 0o600 });
    return secret;
  } catch (error) {
    // another process won the race: use its secret
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
}

const secretFile = (dataDir: string) => path.join(dataDir, 'auth-secret');

/** What the database keeps of an AUTH_SECRET: enough to tell two secrets apart, nothing to sign with. */
function fingerprintOf(secret: string): string {
  return createHmac('sha256', secret).update('quire deployment secret fingerprint').digest('base64url');
}

export class DeploymentSecretMismatch extends Error {}

/**
 * The deployment's secret on PostgreSQL, where web processes and workers on
 * several machines share one database but not one DATA_DIR: each generating
 * its own would make every other request's session cookie unreadable.
 *
 * - AUTH_SECRET set: used, and its fingerprint recorded by the first process;
 *   a process whose AUTH_SECRET differs from the recorded one refuses to start.
 * - AUTH_SECRET unset: the secret the database keeps, made once by whichever
 *   process starts first (INSERT … ON CONFLICT DO NOTHING, so two starting at
 *   once agree). A secret this machine generated before (DATA_DIR/auth-secret)
 *   is the one kept, so an upgraded single server keeps its sessions.
 */
export async function establishDeploymentSecret(db: Db, configured: string | undefined, dataDir: string): Promise<string> {
  const kept = await db.deploymentSecret.findUnique({ where: { id: 1 } });
  if (configured) {
    const fingerprint = fingerprintOf(configured);
    const row = kept ?? (await keepFirst(db, { fingerprint, secret: null }));
    if (row.fingerprint !== fingerprint) {
      throw new DeploymentSecretMismatch(
        row.secret
          ? 'AUTH_SECRET is set here, but the other processes on this database sign sessions with the secret the database keeps. Unset AUTH_SECRET here, or set the same AUTH_SECRET on every process (sessions signed with the kept secret then end).'
          : 'AUTH_SECRET differs from the one the other processes on this database use: set the same AUTH_SECRET on every web process and worker. (Changing it on purpose? Stop every process, delete the row of the deployment_secret table, and start them all with the new value.)',
      );
    }
    return configured;
  }
  const row = kept ?? (await keepFirst(db, withFingerprint(readEarlierSecret(dataDir) ?? randomBytes(32).toString('base64url'))));
  if (!row.secret) {
    throw new DeploymentSecretMismatch(
      'The other processes on this database sign sessions with AUTH_SECRET, which is unset here: set the same AUTH_SECRET on this process.',
    );
  }
  return row.secret;
}

function withFingerprint(secret: string) {
  return { secret, fingerprint: fingerprintOf(secret) };
}

/** Writes the row unless another process did first; either way, the row that is kept. */
async function keepFirst(db: Db, row: { secret: string | null; fingerprint: string }) {
  await db.deploymentSecret.createMany({ data: [{ id: 1, ...row }], skipDuplicates: true });
  return db.deploymentSecret.findUniqueOrThrow({ where: { id: 1 } });
}

function readEarlierSecret(dataDir: string): string | null {
  try {
    return readFileSync(secretFile(dataDir), 'utf8').trim() || null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * At start-up on PostgreSQL (web process or worker): the deployment's secret
 * becomes this process's AUTH_SECRET, so every part of it signs with the same
 * one (Next's route bundles read the environment anew, not this `cfg`).
 */
export async function adoptDeploymentSecret(
  database: { prisma: Db; kind: 'pglite' | 'postgres' },
  cfg: { authSecret?: string; dataDir: string },
): Promise<void> {
  if (database.kind !== 'postgres') return; // the embedded database belongs to one process and its DATA_DIR
  const secret = await establishDeploymentSecret(database.prisma, cfg.authSecret, cfg.dataDir);
  cfg.authSecret = secret;
  process.env.AUTH_SECRET = secret;
}
