import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, List, Moon, Send } from 'lucide-react';
import { useCallback, useEffect, useRef } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { errorMessage } from '@/lib/api-client';
import { plural } from '@/lib/plural';
import { queryKeys } from '@/lib/query-keys';
import type { ChasePreview, ChaseProgress } from '../../../../shared/chase';
import { formatDateTime } from '../../../../shared/dates';
import { OFF_SHEETS_DAYS } from '../../../../shared/leaseholders';
import { formatPence } from '../../../../shared/money';
import { refreshAccountViews } from '../api/account-changed';
import {
  isHeldForMorning,
  toastChaseFinished,
  useChasePreview,
  useChaseProgress,
  useStartChase,
} from '../api/chase-owing';
import { ActionButtons, ActionDialog, ActionError } from './action-dialog';

/** Why each left-out account is left out, in the clerk's words. */
function leftOutLines(preview: ChasePreview): string[] {
  return [
    preview.onHold > 0 ? `${plural(preview.onHold, 'leaseholder')} on hold` : null,
    preview.noContact > 0
      ? `${plural(preview.noContact, 'leaseholder')} with no email address or mobile number to message`
      : null,
    preview.offSheets > 0
      ? `${plural(preview.offSheets, 'leaseholder')} on no sheet for ${OFF_SHEETS_DAYS} days (sold, or a duplicate?)`
      : null,
  ].filter((line) => line !== null);
}

type ListFilter = 'no_link' | 'same_flat';

function Counts({
  preview,
  onShowList,
}: {
  preview: ChasePreview;
  onShowList: (status: ListFilter) => void;
}) {
  const leftOut = leftOutLines(preview);
  return (
    <>
      <p className="mt-4 rounded-lg bg-muted px-4 py-3" data-testid="chase-count">
        {preview.accounts === 0 ? (
          `Nobody to chase: everyone who owes has an open link${leftOut.length > 0 ? ', or is left out below' : ''}.`
        ) : (
          <>
            <span className="text-lg font-semibold">{plural(preview.accounts, 'leaseholder')}</span>
            <span className="text-muted-foreground">
              {' '}
              · {formatPence(preview.owedPence)} owed in all
            </span>
          </>
        )}
      </p>
      {preview.accounts > 0 && preview.sameFlat > 0 ? (
        <Alert variant="warning" className="mt-4" data-testid="chase-same-flat">
          <AlertCircle aria-hidden="true" />
          <AlertDescription>
            {preview.sameFlat === 1 ? '1 of them shares' : `${preview.sameFlat} of them share`} a
            flat with another account that owes. One leaseholder with two accounts would get two
            links: check them before sending.{' '}
            <button
              type="button"
              className="cursor-pointer font-medium underline underline-offset-4"
              onClick={() => onShowList('same_flat')}
            >
              See who shares a flat
            </button>
          </AlertDescription>
        </Alert>
      ) : null}
      {preview.accounts > 0 && isHeldForMorning(preview.sendsAt) ? (
        <p className="mt-3 flex items-start gap-2 text-sm" data-testid="chase-when">
          <Moon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <span>
            It is outside 10:00–20:00: the links are made now, and their messages wait until{' '}
            <strong>{formatDateTime(preview.sendsAt)}</strong>, so no phone buzzes at night.
          </span>
        </p>
      ) : null}
      {leftOut.length > 0 ? (
        <div className="mt-4 text-sm">
          <p className="font-medium">Left out</p>
          <ul className="mt-1 list-disc pl-5 text-muted-foreground">
            {leftOut.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

/** A chase under way: how far it has got, and that it carries on if the window closes. */
function Running({ chase, onClose }: { chase: ChaseProgress; onClose: () => void }) {
  const percent =
    chase.planned > 0 ? Math.min(100, Math.round((chase.sent / chase.planned) * 100)) : 0;
  return (
    <>
      <div className="mt-4 rounded-lg bg-muted px-4 py-3" data-testid="chase-progress">
        <p id="chase-progress-label" role="status" className="font-medium">
          Sending: {chase.sent.toLocaleString('en-GB')} of {plural(chase.planned, 'leaseholder')}{' '}
          {chase.sent === 1 ? 'has' : 'have'} a new link so far
        </p>
        <ProgressBar percent={percent} labelledBy="chase-progress-label" onMuted className="mt-3" />
      </div>
      <p className="mt-4 text-sm text-muted-foreground">
        You can close this window: sending carries on, and nobody gets a second link if the portal
        restarts.
        {isHeldForMorning(chase.sendsAt)
          ? ` The messages wait until ${formatDateTime(chase.sendsAt)}.`
          : ''}
      </p>
      <div className="mt-6 flex justify-end">
        <Button type="button" variant="outline" onClick={onClose}>
          Close
        </Button>
      </div>
    </>
  );
}

/** The last chase stopped part-way: its job failed for good. */
function Stopped({ chase }: { chase: ChaseProgress }) {
  return (
    <Alert variant="destructive" className="mt-4" data-testid="chase-stopped">
      <AlertCircle aria-hidden="true" />
      <AlertDescription>
        The last chase stopped part-way: {chase.sent.toLocaleString('en-GB')} of{' '}
        {plural(chase.planned, 'leaseholder')} got a new link (System lists its failed job, with
        Retry). Sending again reaches the rest.
      </AlertDescription>
    </Alert>
  );
}

/**
 * "Chase everyone owing": between sheets, a new link to each leaseholder who owes and has no
 * open link, counted first (GET /api/leaseholders/chase) and started only on confirming (POST).
 * A job does the sending; the dialog follows it until everyone is reached, and a chase already
 * running when it opens is shown rather than started again.
 */
export function ChaseDialog({
  isOpen,
  onClose,
  onShowList,
}: {
  isOpen: boolean;
  onClose: () => void;
  /** Lists those the chase would reach (or some of them) on the page below, for a look first. */
  onShowList: (status: ListFilter) => void;
}) {
  const client = useQueryClient();
  const preview = useChasePreview(isOpen);
  const start = useStartChase();
  const running = preview.data?.running;
  const underWay = start.data ?? (running?.state === 'running' ? running : undefined);
  const progress = useChaseProgress(isOpen ? underWay?.id : undefined);
  const chase = progress.data ?? underWay;
  const { reset } = start;
  const finish = useCallback(() => {
    reset();
    onClose();
  }, [reset, onClose]);
  const close = () => {
    if (start.isPending) return;
    if (chase?.state === 'running') {
      toast.info('Chasing carries on', {
        description: `New links are being sent: ${chase.sent.toLocaleString('en-GB')} of ${plural(chase.planned, 'leaseholder')} reached so far. Open Chase everyone owing to see how far it has got.`,
      });
    }
    finish();
  };
  const finished = progress.data?.state === 'finished' ? progress.data : undefined;
  // Once per chase: the effect may run again before the page has closed the dialog.
  const toasted = useRef<string | null>(null);
  useEffect(() => {
    if (!finished || toasted.current === finished.id) return;
    toasted.current = finished.id;
    toastChaseFinished(finished);
    void refreshAccountViews(client);
    void client.invalidateQueries({ queryKey: queryKeys.leaseholders.all });
    finish();
  }, [finished, client, finish]);
  const count = preview.data?.accounts ?? 0;
  const stopped =
    chase?.state === 'stopped' ? chase : running?.state === 'stopped' ? running : null;

  return (
    <ActionDialog
      isOpen={isOpen}
      isBusy={start.isPending}
      onClose={close}
      title={chase?.state === 'running' ? 'Chasing everyone owing' : 'Chase everyone owing?'}
      description="Each leaseholder who owes and has no open payment link gets a new link for their whole balance, sent now by email and WhatsApp, as each has them (SMS if WhatsApp fails)."
    >
      {chase?.state === 'running' ? (
        <Running chase={chase} onClose={close} />
      ) : (
        <>
          {stopped ? <Stopped chase={stopped} /> : null}
          {preview.isPending ? (
            <div className="mt-4 flex flex-col gap-2">
              <span className="sr-only" role="status">
                Counting who owes
              </span>
              <Skeleton className="h-12 w-full" />
              <Skeleton className="h-5 w-2/3" />
            </div>
          ) : preview.isError ? (
            <div className="mt-4">
              <LoadErrorAlert
                title="Could not count who owes"
                onRetry={() => void preview.refetch()}
                isRetrying={preview.isFetching}
              />
            </div>
          ) : (
            <Counts preview={preview.data} onShowList={onShowList} />
          )}
          <p className="mt-4 text-sm text-muted-foreground">
            Leaseholders with an open link are left alone: they already have one to pay through.
            Once sent, notifications cannot be recalled.
          </p>
          <button
            type="button"
            className="mt-1 inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline disabled:opacity-60"
            onClick={() => onShowList('no_link')}
            disabled={start.isPending}
          >
            <List aria-hidden="true" className="size-4" />
            See who owes with no open link
          </button>
          <ActionError
            message={
              start.isError ? errorMessage(start.error, 'The links could not be sent.') : null
            }
          />
          <ActionButtons
            onCancel={close}
            isBusy={start.isPending}
            isDisabled={count === 0}
            label={count === 0 ? 'Send links' : `Send ${plural(count, 'link')}`}
            busyLabel="Sending..."
            icon={Send}
            variant="accent"
            onConfirm={() => start.mutate()}
          />
        </>
      )}
    </ActionDialog>
  );
}
