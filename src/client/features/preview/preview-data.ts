import { type PreviewData, PreviewDataSchema } from '../../../shared/messages';

/**
 * Where the upload page leaves a tenant's preview data when it opens /message-preview without
 * query parameters (spec section 5). Read once, then removed.
 */
export const PREVIEW_STORAGE_KEY = 'messagePreviewData';

export type PreviewSource =
  | { status: 'ready'; data: PreviewData; isFromStorage: boolean }
  | { status: 'missing' }
  | { status: 'invalid' };

/** What the page was given: a value that is not a well-formed preview is invalid, not missing. */
function toSource(value: unknown, isFromStorage: boolean): PreviewSource {
  const parsed = PreviewDataSchema.safeParse(value);
  return parsed.success
    ? { status: 'ready', data: parsed.data, isFromStorage }
    : { status: 'invalid' };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * Spec section 5 "Single preview": the query parameters tenant (URL-encoded JSON), amount,
 * paymentUrl and expiresAt when all four are present; otherwise the saved preview data; else
 * nothing (the page sends staff back to the upload page).
 */
export function readPreviewData(search: string, storage: Storage | null): PreviewSource {
  const params = new URLSearchParams(search);
  const tenant = params.get('tenant');
  const amount = params.get('amount');
  const paymentUrl = params.get('paymentUrl');
  const expiresAt = params.get('expiresAt');
  if (tenant && amount && paymentUrl && expiresAt) {
    const parsedTenant = parseJson(tenant);
    if (!parsedTenant.ok) return { status: 'invalid' };
    return toSource({ tenant: parsedTenant.value, amount, paymentUrl, expiresAt }, false);
  }

  const saved = storage?.getItem(PREVIEW_STORAGE_KEY);
  if (!saved) return { status: 'missing' };
  const parsedSaved = parseJson(saved);
  return parsedSaved.ok ? toSource(parsedSaved.value, true) : { status: 'invalid' };
}

/** sessionStorage, or null where the browser refuses it (some privacy modes throw on access). */
export function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
