// Issue 30, item 7: four hostile .xlsx uploads at once against the built portal, one of each
// kind plus a workbook at the limits that is still read, then a real 50,000-row workbook. The
// server's peak resident memory (VmHWM) must stay under 600 MB. Run after `npm run build`.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { note, report, signIn, startPortal, TEMPLATE_HEADER } from './support.mjs';

/** A zip deflated at level 9, as an attacker would pack it. */
function zipOf(entries) {
  const parts = [];
  const directory = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const data = deflateRawSync(content, { level: 9 });
    const nameBytes = Buffer.from(name);
    const head = (signature, size) => {
      const header = Buffer.alloc(size);
      header.writeUInt32LE(signature, 0);
      return header;
    };
    const local = head(0x04034b50, 30);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(content), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = head(0x02014b50, 46);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(content), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(content.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, nameBytes, data);
    directory.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const dir = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, dir, end]);
}

/** A one-tenant workbook with one part rewritten, padded to unpack to 100 times its size. */
function hostile(part, edit) {
  const book = XLSX.utils.book_new();
  const rows = [
    TEMPLATE_HEADER.split(','),
    ['Ann', 'ann@example.co.uk', '07911 123456', 'Flat 1', '10'],
  ];
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Arrears');
  const zip = XLSX.CFB.read(XLSX.write(book, { type: 'buffer', bookType: 'xlsx', bookSST: true }), {
    type: 'buffer',
  });
  const entries = [];
  zip.FullPaths.forEach((fullPath, index) => {
    const file = zip.FileIndex[index];
    if (file.type !== 2) return;
    const name = fullPath.replace(/^[^/]*\//, '');
    const content = Buffer.from(file.content);
    entries.push([name, name === part ? Buffer.from(edit(content.toString('utf8'))) : content]);
  });
  const unpacked = entries.reduce((sum, [, content]) => sum + content.length, 0);
  entries.push(['xl/media/image1.png', randomBytes(Math.ceil(unpacked / 100))]);
  return zipOf(entries);
}

const sst = (edit) => hostile('xl/sharedStrings.xml', edit);
const FILES = {
  '9 million shared strings': sst((xml) =>
    xml.replace('</sst>', `${'<si><t></t></si>'.repeat(9e6)}</sst>`),
  ),
  'one 150 MB cell': sst((xml) => xml.replace('<t>Ann</t>', `<t>${'A'.repeat(150 * 2 ** 20)}</t>`)),
  '1.5 million tiny shared strings': sst((xml) =>
    xml.replace('</sst>', `${'<si/>'.repeat(1.5e6)}</sst>`),
  ),
  // Within every limit, so SheetJS reads it: 140,000 strings of 150 characters (22 MB).
  'shared strings at the size limit': sst((xml) =>
    xml.replace(
      '</sst>',
      `${Array.from({ length: 140_000 }, (_, n) => `<si><t>${`${(n * 7919).toString(36)} `.repeat(40).slice(0, 150)}</t></si>`).join('')}</sst>`,
    ),
  ),
};

function peakRssMb(pid) {
  return Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
}

async function upload(base, staff, name, bytes) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), 'arrears.xlsx');
  const response = await fetch(`${base}/api/upload/tenants`, {
    method: 'POST',
    headers: staff,
    body: form,
  });
  const body = await response.json();
  note(
    `${name} (${(bytes.length / 2 ** 20).toFixed(2)} MB): ${response.status} ${body.message ?? `${body.totalRows} rows`}`,
  );
  return response.status;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-hostile-'));
const portal = await startPortal(dataDir);
try {
  const staff = await signIn(portal.base);
  const before = peakRssMb(portal.child.pid);
  const statuses = await Promise.all(
    Object.entries(FILES).map(([name, bytes]) => upload(portal.base, staff, name, bytes)),
  );
  const peak = peakRssMb(portal.child.pid);
  note(`peak RSS before the uploads: ${before.toFixed(0)} MB`);
  report(
    'hostile uploads answered 400 (or read)',
    statuses.join(', '),
    'no 5xx',
    statuses.every((s) => s < 500),
  );
  report(
    'server peak RSS (VmHWM), four hostile .xlsx at once',
    `${peak.toFixed(0)} MB`,
    '< 600 MB',
    peak < 600,
  );
} finally {
  await portal.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
