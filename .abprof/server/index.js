import { spawn } from 'node:child_process';
const c = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-interval', '250', '--cpu-prof-dir=/tmp/prof/up', '/work/main/dist/server/index.js'], { stdio: 'inherit' });
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => c.kill('SIGINT'));
c.on('exit', (code) => process.exit(code ?? 0));
