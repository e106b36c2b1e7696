import { throwIfNotOk } from '@/lib/api-client';
import { filenameFrom, saveBlob } from '@/lib/download';
import { type ReportSummary, ReportSummarySchema } from '../../../../shared/upload';

/** GET /api/upload/template, saved as tenant-upload-template.csv (spec section 7). */
export async function downloadTemplate(): Promise<void> {
  const response = await fetch('/api/upload/template', { credentials: 'include' });
  await throwIfNotOk(response);
  saveBlob(await response.blob(), 'tenant-upload-template.csv');
}

/**
 * GET /api/upload/batch/{id}/report: saved under the name in Content-Disposition (default
 * notification-report-{id}.csv); the summary from X-Report-Summary, or null if unreadable.
 */
export async function downloadReport(batchId: string): Promise<ReportSummary | null> {
  const response = await fetch(`/api/upload/batch/${encodeURIComponent(batchId)}/report`, {
    credentials: 'include',
  });
  await throwIfNotOk(response);
  const filename = filenameFrom(
    response.headers.get('content-disposition'),
    `notification-report-${batchId}.csv`,
  );
  saveBlob(await response.blob(), filename);
  try {
    return ReportSummarySchema.parse(JSON.parse(response.headers.get('x-report-summary') ?? ''));
  } catch {
    return null;
  }
}
