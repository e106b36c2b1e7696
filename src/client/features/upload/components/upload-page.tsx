import { useQueryClient } from '@tanstack/react-query';
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ConfirmSendDialog } from '@/components/ui/confirm-send-dialog';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { uploadBatchHref, useBatch } from '@/lib/batch-query';
import { plural } from '@/lib/plural';
import { queryKeys } from '@/lib/query-keys';
import { useSendBatchNotifications } from '@/lib/send-batch-notifications';
import type { ColumnMapping, RequiredColumn, RowError } from '../../../../shared/upload';
import { downloadReport, downloadTemplate } from '../api/download-files';
import { uploadTenants } from '../api/upload-tenants';
import { reportToastText } from '../report-toast';
import {
  checkFile,
  missingColumnsOf,
  rowErrorsOf,
  stepOf,
  uploadErrorDescription,
} from '../upload-rules';
import { BatchStatusCard } from './batch-status-card';
import { ColumnMappingCard } from './column-mapping-card';
import { EarlierUnsentAlert } from './earlier-unsent-alert';
import { FileDropZone } from './file-drop-zone';
import { RowIssuesTable } from './row-issues-table';
import { StepIndicator } from './step-indicator';

interface MappingNeeded {
  file: File;
  headings: string[];
  missing: RequiredColumn[];
  balanceChoices: string[] | null;
  codesNotNames: string | null;
  examples: string[];
  sheet: string | null;
}

/** Spec sections 2, 4, 5 and 8: the Bulk Upload page. The batch in view is in the URL. */
export function UploadPage() {
  const [, navigate] = useLocation();
  const batchId = new URLSearchParams(useSearch()).get('batchId');
  const batch = useBatch(batchId);
  const queryClient = useQueryClient();
  const send = useSendBatchNotifications();
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [refused, setRefused] = useState<{ filename: string; errors: RowError[] } | null>(null);
  const [mappingNeeded, setMappingNeeded] = useState<MappingNeeded | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isDownloading, setIsDownloading] = useState(false);

  const onFile = async (file: File, mapping?: ColumnMapping) => {
    setProblem(null);
    setRefused(null);
    const invalid = checkFile(file);
    if (invalid) {
      setProblem(invalid);
      toast.error(invalid);
      return;
    }
    setUploadPercent(0);
    try {
      const result = await uploadTenants(file, setUploadPercent, mapping);
      // Balances, links and unsent uploads all changed: the dashboard reads them again.
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all });
      setMappingNeeded(null);
      toast.success('Upload successful', {
        description: `Processing ${result.totalRows} records...`,
      });
      navigate(uploadBatchHref(result.batchId), { replace: true });
    } catch (error) {
      // Headings the importer could not place: the clerk maps them (step 2) instead of failing.
      const missing = mapping ? null : missingColumnsOf(error);
      if (missing && missing.headings.length > 0) {
        const { headings, balanceChoices, codesNotNames, examples, sheet } = missing;
        setMappingNeeded({
          file,
          headings,
          missing: missing.missing,
          balanceChoices,
          codesNotNames,
          examples,
          sheet,
        });
        return;
      }
      setMappingNeeded(null);
      toast.error('Upload failed', { description: uploadErrorDescription(error) });
      const errors = rowErrorsOf(error);
      if (errors.length > 0) setRefused({ filename: file.name, errors });
      else setProblem(uploadErrorDescription(error));
    } finally {
      setUploadPercent(null);
    }
  };

  const onTemplate = async () => {
    try {
      await downloadTemplate();
    } catch {
      toast.error('Download failed', { description: 'Failed to download template' });
    }
  };

  const onReport = async () => {
    if (!batchId) return;
    setIsDownloading(true);
    try {
      const summary = await downloadReport(batchId);
      toast.success('Report Downloaded', { description: reportToastText(summary) });
    } catch {
      toast.error('Download Failed', { description: 'Failed to generate report' });
    } finally {
      setIsDownloading(false);
    }
  };

  const onSend = () => {
    if (!batchId) return;
    send.mutate(batchId, {
      onSuccess: ({ totalSent }) => {
        setIsConfirming(false);
        toast.success('Notifications Sent', {
          description: `Payment notifications sent to ${totalSent} tenants successfully.`,
        });
      },
      onError: () => {
        setIsConfirming(false);
        toast.error('Send Failed', { description: 'Failed to send notifications' });
      },
    });
  };

  const onPreview = () => {
    if (!batchId) {
      toast.error('Preview Failed', { description: 'Unable to preview notifications' });
      return;
    }
    navigate(`/message-preview-all?batchId=${encodeURIComponent(batchId)}`);
  };

  const onUploadNew = () => {
    setRefused(null);
    setProblem(null);
    setMappingNeeded(null);
    navigate('/upload');
  };

  const step = uploadPercent !== null || mappingNeeded !== null ? 2 : stepOf(batch.data?.status);
  const unsent = batch.data?.unsentLinks ?? 0;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="max-w-2xl text-muted-foreground">
          Upload the month&apos;s arrears spreadsheet: every leaseholder gets a secure payment link
          that expires after 7 days.
        </p>
        <Button variant="outline" onClick={onTemplate}>
          <FileDown aria-hidden="true" />
          Download Template
        </Button>
      </div>
      <StepIndicator step={step} />
      <EarlierUnsentAlert batchId={batchId} />

      {batchId === null && mappingNeeded ? (
        <ColumnMappingCard
          key={`${mappingNeeded.file.name}-${mappingNeeded.file.lastModified}`}
          filename={mappingNeeded.file.name}
          headings={mappingNeeded.headings}
          missing={mappingNeeded.missing}
          balanceChoices={mappingNeeded.balanceChoices}
          codesNotNames={mappingNeeded.codesNotNames}
          examples={mappingNeeded.examples}
          sheet={mappingNeeded.sheet}
          isUploading={uploadPercent !== null}
          onSubmit={(mapping) => void onFile(mappingNeeded.file, mapping)}
          onCancel={onUploadNew}
        />
      ) : batchId === null ? (
        <Card>
          <CardContent className="flex flex-col gap-4 pt-6">
            <FileDropZone isDisabled={uploadPercent !== null} onFile={onFile} />
            {uploadPercent !== null ? (
              <div role="status" className="flex flex-col gap-1">
                <div className="flex justify-between text-sm">
                  <span>{uploadPercent < 100 ? 'Uploading…' : 'Checking every row…'}</span>
                  <span className="tabular-nums">{uploadPercent}%</span>
                </div>
                <progress
                  className="h-2 w-full accent-primary"
                  max={100}
                  value={uploadPercent}
                  aria-label="Upload progress"
                />
              </div>
            ) : null}
            {problem ? (
              <Alert variant="destructive">
                <AlertTitle>{problem}</AlertTitle>
              </Alert>
            ) : null}
            {refused ? (
              <Alert variant="destructive">
                <AlertTitle>No rows could be imported from {refused.filename}.</AlertTitle>
                <AlertDescription>
                  Fix the rows below in your spreadsheet and upload it again.
                </AlertDescription>
              </Alert>
            ) : null}
            {refused ? (
              <RowIssuesTable errors={refused.errors} filename={refused.filename} />
            ) : null}
          </CardContent>
        </Card>
      ) : batch.isPending ? (
        <Card aria-busy="true">
          <CardContent className="flex flex-col gap-4 pt-6">
            <span className="sr-only" role="status">
              Loading the batch
            </span>
            <Skeleton className="h-6 w-64" />
            <Skeleton className="h-3 w-full" />
            <Skeleton className="h-16 w-full" />
          </CardContent>
        </Card>
      ) : batch.isError ? (
        <div className="flex flex-col gap-3">
          <LoadErrorAlert
            title="Failed to load the upload batch."
            onRetry={() => void batch.refetch()}
            isRetrying={batch.isFetching}
          />
          <div>
            <Button variant="outline" onClick={onUploadNew}>
              Upload New File
            </Button>
          </div>
        </div>
      ) : (
        <BatchStatusCard
          batch={batch.data}
          isSending={send.isPending}
          isDownloading={isDownloading}
          onPreview={onPreview}
          onSend={() => setIsConfirming(true)}
          onReport={onReport}
          onUploadNew={onUploadNew}
        />
      )}

      <ConfirmSendDialog
        isOpen={isConfirming}
        title={
          batch.data?.notificationsSentAt
            ? 'Send the unsent notifications?'
            : 'Send all notifications?'
        }
        description={`Payment links will be sent to ${plural(unsent, 'tenant')} by email and WhatsApp (SMS if WhatsApp fails). Once sent, notifications cannot be recalled.`}
        isSending={send.isPending}
        onConfirm={onSend}
        onCancel={() => setIsConfirming(false)}
      />
    </div>
  );
}
