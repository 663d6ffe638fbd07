// A process that takes the data-directory lock and holds it until it is killed.
// Prints `locked <pid>` once it holds it; exits with 3 and the error when refused.
import { lockDataDir } from '@/lib/db/data-dir-lock';

const dir = process.argv[2]!;
try {
  await lockDataDir(dir);
  console.log(`locked ${process.pid}`);
  setInterval(() => {}, 60_000);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(3);
}
