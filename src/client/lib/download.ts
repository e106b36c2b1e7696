import { throwIfNotOk } from './api-client';

/** Saves a blob as a file the way a link with `download` does. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file name in a Content-Disposition header, or the fallback. */
export function filenameFrom(disposition: string | null, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/** How often a download's progress is reported: often enough to see it move, not every chunk. */
const PROGRESS_EVERY_MS = 250;

/** Counts a CSV's records as its bytes arrive: line ends outside quoted cells (RFC 4180). */
function csvRecordCounter() {
  let isQuoted = false;
  let records = 0;
  return (bytes: Uint8Array) => {
    for (let at = 0; at < bytes.length; at++) {
      if (bytes[at] === 0x22) isQuoted = !isQuoted;
      else if (bytes[at] === 0x0a && !isQuoted) records++;
    }
    return records;
  };
}

/**
 * GETs `url` with the session cookie and saves the answer under the name its Content-Disposition
 * gives, else `fallbackName`. Fetched rather than followed as a link, so that a refusal becomes
 * an error the page can report instead of a broken file. `onRecords` hears how many records of a
 * CSV have arrived, now and then and once at the end: a large export takes a minute; with
 * `skipEmpty` a CSV of no rows is not saved. Resolves with the response, for any headers that
 * say more.
 */
export async function downloadFile(
  url: string,
  fallbackName: string,
  onRecords?: (records: number) => void,
  options: { skipEmpty?: boolean } = {},
): Promise<Response> {
  const response = await fetch(url, { credentials: 'include' });
  await throwIfNotOk(response);
  const filename = filenameFrom(response.headers.get('content-disposition'), fallbackName);
  if (!onRecords || !response.body) {
    saveBlob(await response.blob(), filename);
    return response;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  const count = csvRecordCounter();
  let records = 0;
  let reportedAt = performance.now();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    chunks.push(read.value);
    records = count(read.value);
    if (performance.now() - reportedAt >= PROGRESS_EVERY_MS) {
      reportedAt = performance.now();
      onRecords(records);
    }
  }
  onRecords(records);
  // A CSV of its header alone holds nothing to keep.
  if (options.skipEmpty && records <= 1) return response;
  const type = response.headers.get('content-type') ?? '';
  saveBlob(new Blob(chunks as BlobPart[], { type }), filename);
  return response;
}

/** Saves a CSV as downloadFile does; answers how many rows it holds (its records but the header). */
export async function downloadCsv(
  url: string,
  fallbackName: string,
  onRecords?: (records: number) => void,
  options: { skipEmpty?: boolean } = {},
): Promise<number> {
  let records = 0;
  const count = (received: number) => {
    records = received;
    onRecords?.(received);
  };
  await downloadFile(url, fallbackName, count, options);
  return Math.max(0, records - 1);
}
