/**
 * Windows-1252's bytes 0x80–0x9F (WHATWG Encoding Standard, index-windows-1252): '€', curly
 * quotes, dashes… Five bytes are unassigned and stay the C1 code point of the same number.
 */
const C1_AS_WINDOWS_1252 =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

/**
 * A CSV's text: UTF-8 when the bytes are valid UTF-8 (a BOM is dropped), or when they are mostly
 * UTF-8 with a few bytes that are not: those bytes become U+FFFD, and the rows holding them are
 * reported (validate-rows.ts) rather than the whole file read wrongly. Otherwise Windows-1252,
 * what Excel on Windows writes for "CSV (Comma delimited)": there '£' is the byte 0xA3, which
 * read as UTF-8 becomes U+FFFD and loses the 'Balance Due (£)' header.
 */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const text = new TextDecoder('utf-8').decode(bytes);
    return isMostlyUtf8(text) ? text : decodeWindows1252(bytes);
  }
}

/**
 * Windows-1252 text read as UTF-8 has almost no character that reads as one: its accents and '£'
 * are single bytes, invalid in UTF-8 (a pair that happens to be valid would be mojibake such as
 * 'Â£'). A UTF-8 file with a damaged byte has its other characters read, '£' in the header at
 * least. So the file is UTF-8 when the characters read outnumber, or equal, those that could not be.
 */
function isMostlyUtf8(text: string): boolean {
  const unreadable = text.match(/\uFFFD/g)?.length ?? 0;
  const readable = text.match(/[\u0080-\uFFFC\uFFFE\uFFFF]/g)?.length ?? 0;
  return readable >= unreadable;
}

/**
 * Node 20.18.3+ decodes 'windows-1252' as Latin-1, turning 0x92 (’) into U+0092
 * (nodejs/node#56542, #60888), so the 0x80–0x9F range is mapped here; with a fixed Node the
 * mapping finds nothing left to change.
 */
function decodeWindows1252(bytes: Uint8Array): string {
  return new TextDecoder('windows-1252')
    .decode(bytes)
    .replace(/[\u0080-\u009F]/g, (char) => C1_AS_WINDOWS_1252[char.charCodeAt(0) - 0x80]!);
}
