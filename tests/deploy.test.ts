import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * deploy/ is what an operator copies to a server (README, "Running in production"): each file
 * is checked by its own tool, where the tool is installed here (Debian: systemd, nginx, caddy).
 */
const deploy = path.resolve(import.meta.dirname, '../deploy');
const scratch = mkdtempSync(path.join(tmpdir(), 'portal-deploy-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  return { code: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}
const isInstalled = (command: string) => spawnSync('which', [command]).status === 0;

describe.skipIf(!isInstalled('systemd-analyze'))('systemd units (systemd-analyze verify)', () => {
  it.each(['portal-web.service', 'portal-worker.service'])('%s has no warnings', (unit) => {
    const result = run('systemd-analyze', ['verify', path.join(deploy, unit)]);
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  });
});

describe.skipIf(!isInstalled('nginx') || !isInstalled('openssl'))('nginx.conf (nginx -t)', () => {
  it('is a valid site, with TLS, room for a 5 MB upload and the headers the app trusts', () => {
    // A throwaway certificate stands in for certbot's, and an http block for nginx.conf's own.
    const key = path.join(scratch, 'key.pem');
    const cert = path.join(scratch, 'cert.pem');
    const made = run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=pay.example.co.uk',
    ]);
    expect(made.code).toBe(0);
    const site = readFileSync(path.join(deploy, 'nginx.conf'), 'utf8')
      .replace('/etc/letsencrypt/live/pay.example.co.uk/fullchain.pem', cert)
      .replace('/etc/letsencrypt/live/pay.example.co.uk/privkey.pem', key);
    expect(site).toContain('client_max_body_size 10m;');
    expect(site).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(site).toContain('proxy_set_header X-Forwarded-Proto $scheme;');
    writeFileSync(path.join(scratch, 'site.conf'), site);
    const main = path.join(scratch, 'nginx.conf');
    writeFileSync(
      main,
      `pid ${scratch}/nginx.pid;\nerror_log ${scratch}/error.log;\nevents {}\n` +
        `http { access_log off; include ${scratch}/site.conf; }\n`,
    );
    const result = run('nginx', ['-t', '-c', main, '-p', scratch]);
    expect(result.output).toContain('test is successful');
    expect(result.code).toBe(0);
  });
});

describe.skipIf(!isInstalled('caddy'))('Caddyfile (caddy validate)', () => {
  it('is a valid configuration', () => {
    const result = run('caddy', [
      'validate',
      '--config',
      path.join(deploy, 'Caddyfile'),
      '--adapter',
      'caddyfile',
    ]);
    expect(result.output).toContain('Valid configuration');
    expect(result.code).toBe(0);
  });
});
