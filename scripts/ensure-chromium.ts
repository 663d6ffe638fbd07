// `npm test` runs this first: prints the Chromium the browser tests will use (installing one
// when the machine has none), or stops with one sentence saying what to install.
import { ensureChromium, systemMachine } from './find-chromium';

const result = ensureChromium(systemMachine(), (line) => console.error(line));
if ('error' in result) {
  console.error(result.error);
  process.exit(1);
}
console.error(`Browser tests use ${result.path} (${result.source}).`);
console.log(result.path);
