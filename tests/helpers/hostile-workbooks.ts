import { randomBytes } from 'node:crypto';
import { crc32, deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { HEADER } from './uploads.js';

/** A zip of `entries`, deflated at level 9 as an attacker would (SheetJS's own writer packs less). */
export function zipOf(entries: [string, Buffer][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const data = deflateRawSync(content, { level: 9 });
    const nameBytes = Buffer.from(name);
    const sizes = Buffer.alloc(12);
    sizes.writeUInt32LE(crc32(content), 0);
    sizes.writeUInt32LE(data.length, 4);
    sizes.writeUInt32LE(content.length, 8);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    sizes.copy(local, 14);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    sizes.copy(central, 16);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * A one-tenant workbook with shared strings, one part rewritten by `edit`, and incompressible
 * padding so the file unpacks to only 100 times its size (as issue 30's files did).
 */
export function hostileWorkbook(part: string, edit: (xml: string) => string): Buffer {
  const row = ['Ann Hughes', 'ann@example.co.uk', '07911 123456', 'Flat 1', '10'];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([HEADER, row]), 'Arrears');
  const written = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', bookSST: true });
  const zip = XLSX.CFB.read(written as Buffer, { type: 'buffer' });
  const entries: [string, Buffer][] = [];
  zip.FullPaths.forEach((fullPath: string, index: number) => {
    const file = zip.FileIndex[index]!;
    if (file.type !== 2) return;
    const name = fullPath.replace(/^[^/]*\//, '');
    const content = Buffer.from(file.content as Uint8Array);
    entries.push([name, name === part ? Buffer.from(edit(content.toString('utf8'))) : content]);
  });
  const unpacked = entries.reduce((sum, [, content]) => sum + content.length, 0);
  entries.push(['xl/media/image1.png', randomBytes(Math.ceil(unpacked / 100))]);
  return zipOf(entries);
}

/** `count` more shared strings, each `text` (SheetJS keeps an object for every one). */
export const withSharedStrings = (count: number, text = '') =>
  hostileWorkbook('xl/sharedStrings.xml', (xml) =>
    xml.replace('</sst>', `${`<si><t>${text}</t></si>`.repeat(count)}</sst>`),
  );

/** The tenant's name as one cell of `bytes` bytes. */
export const withLongCell = (bytes: number) =>
  hostileWorkbook('xl/sharedStrings.xml', (xml) =>
    xml.replace('<t>Ann Hughes</t>', `<t>${'A'.repeat(bytes)}</t>`),
  );
