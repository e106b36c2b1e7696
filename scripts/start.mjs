#!/usr/bin/env node
// `npm start` / `npm run worker`: builds the client and server when the sources are newer than
// the last build (so a fresh clone needs nothing else), then runs the compiled server or worker.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'dist', '.build-stamp');
const inputs = [
  'src',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.base.json',
  'tsconfig.server.json',
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/**
 * When the build was made: this script's stamp, or the server entry that `npm run build` writes
 * last, so a release built with `npm run build` (README, "Running in production") is not built
 * again by `npm run backup` on the server.
 */
function builtAt() {
  const outputs = [stamp, path.join(root, 'dist', 'server', 'index.js')].filter(existsSync);
  return Math.max(0, ...outputs.map((file) => statSync(file).mtimeMs));
}

function isBuildCurrent() {
  const built = builtAt();
  return built > 0 && inputs.every((input) => newestMtime(path.join(root, input)) <= built);
}

if (!isBuildCurrent()) {
  console.log('Building the portal (first start, or sources changed)...');
  const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The build failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
  writeFileSync(stamp, new Date().toISOString());
}

// --worker, --backup and --restore run dist/server/<name>.js instead of the web server.
const mode = ['--worker', '--backup', '--restore'].find((flag) => process.argv.includes(flag));
const entry = mode ? `${mode.slice(2)}.js` : 'index.js';
await import(pathToFileURL(path.join(root, 'dist', 'server', entry)).href);
