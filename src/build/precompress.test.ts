import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress.js';

describe('precompressing the built client', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-precompress-'));
    mkdirSync(path.join(dir, 'assets'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a Brotli and a gzip form beside each text file, at any depth, that decode to it', () => {
    const script = `export const rows = ${JSON.stringify(Array.from({ length: 500 }, (_, i) => ({ i, name: `Flat ${i}` })))};`;
    const files = {
      'assets/index-abc.js': script,
      'assets/index-abc.css': `.card{padding:1rem}\n`.repeat(200),
      'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>',
      'index.html': '<!doctype html><html><head></head><body></body></html>',
    };
    for (const [name, content] of Object.entries(files)) {
      writeFileSync(path.join(dir, name), content);
    }
    writeFileSync(path.join(dir, 'assets', 'photo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));

    const compressed = precompressDir(dir).map((file) => path.relative(dir, file));

    expect(compressed.sort()).toEqual(Object.keys(files).sort());
    for (const [name, content] of Object.entries(files)) {
      const file = path.join(dir, name);
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(content);
      expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(content);
    }
    // The script is sent at a fraction of its size.
    const scriptFile = path.join(dir, 'assets/index-abc.js');
    expect(readFileSync(`${scriptFile}.br`).length).toBeLessThan(script.length / 4);
    // Images come compressed in their own format: left as they are.
    expect(existsSync(path.join(dir, 'assets', 'photo.png.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'assets', 'photo.png.gz'))).toBe(false);
  });
});
