import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DeploymentSecretMismatch, establishDeploymentSecret } from '@/lib/deployment-secret';
import { openTestDatabase, type TestDatabase } from '@/tests/support/test-database';

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'quire-secret-'));

// Processes on several machines share the database, not a DATA_DIR.
describe.skipIf(!process.env.TEST_DATABASE_URL)('the deployment secret on PostgreSQL', () => {
  let db: TestDatabase | undefined;
  afterEach(async () => {
    await db?.dispose();
  });

  it('processes starting at once, each with its own DATA_DIR, agree on one generated secret', async () => {
    db = await openTestDatabase('postgres');
    const secrets = await Promise.all(Array.from({ length: 6 }, () => establishDeploymentSecret(db!.prisma, undefined, dataDir())));
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]!.length).toBeGreaterThanOrEqual(32);
  });

  it('the secret a single server generated before is the one kept, so its sessions survive the upgrade', async () => {
    db = await openTestDatabase('postgres');
    const dir = dataDir();
    writeFileSync(path.join(dir, 'auth-secret'), 'the-secret-this-machine-made-earlier');
    expect(await establishDeploymentSecret(db.prisma, undefined, dir)).toBe('the-secret-this-machine-made-earlier');
    expect(await establishDeploymentSecret(db.prisma, undefined, dataDir())).toBe('the-secret-this-machine-made-earlier');
  });

  it('AUTH_SECRET is used and never stored; another AUTH_SECRET, or none beside it, refuses to start', async () => {
    db = await openTestDatabase('postgres');
    const configured = 'the-operators-secret-0123456789';
    expect(await establishDeploymentSecret(db.prisma, configured, dataDir())).toBe(configured);
    const row = await db.prisma.deploymentSecret.findUniqueOrThrow({ where: { id: 1 } });
    expect(row.secret).toBeNull();
    expect(row.fingerprint).not.toContain(configured);
    expect(await establishDeploymentSecret(db.prisma, configured, dataDir())).toBe(configured);
    await expect(establishDeploymentSecret(db.prisma, 'a-different-secret-0123456789', dataDir())).rejects.toThrow(
      /set the same AUTH_SECRET on every web process and worker/,
    );
    await expect(establishDeploymentSecret(db.prisma, undefined, dataDir())).rejects.toBeInstanceOf(DeploymentSecretMismatch);
  });

  it('a process given AUTH_SECRET where the others use the kept secret is told to unset it or set it everywhere', async () => {
    db = await openTestDatabase('postgres');
    await establishDeploymentSecret(db.prisma, undefined, dataDir());
    await expect(establishDeploymentSecret(db.prisma, 'an-operator-secret-0123456789', dataDir())).rejects.toThrow(
      /Unset AUTH_SECRET here/,
    );
  });
});
