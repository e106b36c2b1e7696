// HTTP load from a second process: autocannon, `connections` keep-alive clients sending requests
// back to back for `durationSeconds` after a warm-up (one second unless told). A load generator in this
// process (Node's http client) topped out near 6,000 requests/s on this 2-core machine, so it
// measured itself, not the servers: every route then looked as fast as the bare baseline.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { onCpus } from './support.mjs';

const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

function run(url, connections, durationSeconds, cpus) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      ...onCpus(cpus, process.execPath, [
        autocannonCli,
        '--json',
        '-c',
        String(connections),
        '-d',
        String(durationSeconds),
        url,
      ]),
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`autocannon exited with ${code}`));
      else resolve(JSON.parse(output));
    });
  });
}

/** `cpus`: where autocannon runs (support.mjs's pinnedCpus), or anywhere when null. */
export async function load({
  url,
  connections = 16,
  durationSeconds = 4,
  warmUpSeconds = 1,
  cpus = null,
}) {
  if (warmUpSeconds > 0) await run(url, connections, warmUpSeconds, cpus);
  const result = await run(url, connections, durationSeconds, cpus);
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}
