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

/**
 * GETs `url` with the session cookie and saves the answer under the name its Content-Disposition
 * gives, else `fallbackName`. Fetched rather than followed as a link, so that a refusal becomes
 * an error the page can report instead of a broken file. Resolves with the response, for any
 * headers that say more.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<Response> {
  const response = await fetch(url, { credentials: 'include' });
  await throwIfNotOk(response);
  const filename = filenameFrom(response.headers.get('content-disposition'), fallbackName);
  saveBlob(await response.blob(), filename);
  return response;
}
