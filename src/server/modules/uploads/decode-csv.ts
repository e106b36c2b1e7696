/**
 * Windows-1252's bytes 0x80–0x9F (WHATWG Encoding Standard, index-windows-1252): '€', curly
 * quotes, dashes… Five bytes are unassigned and stay the C1 code point of the same number.
 */
const C1_AS_WINDOWS_1252 =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

/**
 * A CSV's text: UTF-8 when the bytes are valid UTF-8 (a BOM is dropped), else Windows-1252, what
 * Excel on Windows writes for "CSV (Comma delimited)": there '£' is the byte 0xA3, which read as
 * UTF-8 becomes U+FFFD and loses the 'Balance Due (£)' header. Windows-1252 decodes any byte,
 * so there is no third case.
 */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
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
