// `npm run bench` (after `npm run build`): every row of the budgets table (ARCHITECTURE
// section 8) in turn, each file in a process of its own, then one summary of all their lines.
import { spawn } from 'node:child_process';
import path from 'node:path';

const ROWS = [
  'link-read.mjs',
  'upload.mjs',
  'email.mjs',
  'growth.mjs',
  'public-js.mjs',
  'phone-load.mjs',
];

/** Runs one bench file, echoing its output; answers its exit code and its verdict lines. */
function run(file) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(import.meta.dirname, file)], {
      env: { ...process.env, BENCH_ALL: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.on('exit', (code) => {
      const verdicts = output.split('\n').filter((line) => / (ok|over)$/.test(line));
      resolve({ code, verdicts });
    });
  });
}

const started = performance.now();
let ok = 0;
const over = [];
const failed = [];
for (const file of ROWS) {
  console.log(`\n== ${file}`);
  const { code, verdicts } = await run(file);
  if (code !== 0) failed.push(file);
  for (const line of verdicts) {
    if (line.endsWith(' ok')) ok += 1;
    else over.push(line);
  }
}
const minutes = (performance.now() - started) / 60_000;
console.log(
  `\nsummary: ${ok} ok, ${over.length} over, ${failed.length} failed to run (${minutes.toFixed(1)} min)`,
);
for (const line of over) console.log(`  over: ${line}`);
for (const file of failed) console.log(`  failed: ${file}`);
process.exitCode = over.length + failed.length > 0 ? 1 : 0;
