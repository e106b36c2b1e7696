// A small closed-loop HTTP load generator on loopback: `connections` keep-alive clients each
// send requests back to back for `durationMs`. Returns requests/s and latency percentiles.
import http from 'node:http';

export async function load({ url, connections = 16, durationMs = 3000, headers = {} }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  let errors = 0;
  const deadline = performance.now() + durationMs;

  const once = () =>
    new Promise((resolve) => {
      const started = performance.now();
      const request = http.get(url, { agent, headers }, (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode >= 400) errors += 1;
          latencies.push(performance.now() - started);
          resolve();
        });
      });
      request.on('error', () => {
        errors += 1;
        resolve();
      });
    });

  const worker = async () => {
    while (performance.now() < deadline) await once();
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    errors,
  };
}
