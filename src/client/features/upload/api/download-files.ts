import { downloadFile } from '@/lib/download';
import { type ReportSummary, ReportSummarySchema } from '../../../../shared/upload';

/** GET /api/upload/template, saved as tenant-upload-template.csv (spec section 7). */
export async function downloadTemplate(): Promise<void> {
  await downloadFile('/api/upload/template', 'tenant-upload-template.csv');
}

/**
 * GET /api/upload/batch/{id}/report: saved under the name in Content-Disposition (default
 * notification-report-{id}.csv); the summary from X-Report-Summary, or null if unreadable.
 */
export async function downloadReport(batchId: string): Promise<ReportSummary | null> {
  const response = await downloadFile(
    `/api/upload/batch/${encodeURIComponent(batchId)}/report`,
    `notification-report-${batchId}.csv`,
  );
  try {
    return ReportSummarySchema.parse(JSON.parse(response.headers.get('x-report-summary') ?? ''));
  } catch {
    return null;
  }
}
