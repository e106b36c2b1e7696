import { List, Moon, Send } from 'lucide-react';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { plural } from '@/lib/plural';
import type { ChasePreview } from '../../../../shared/chase';
import { formatDateTime } from '../../../../shared/dates';
import { OFF_SHEETS_DAYS } from '../../../../shared/leaseholders';
import { formatPence } from '../../../../shared/money';
import { isHeldForMorning, useChaseOwing, useChasePreview } from '../api/chase-owing';
import { ActionButtons, ActionDialog, ActionError } from './action-dialog';

/** Why each left-out account is left out, in the clerk's words. */
function leftOutLines(preview: ChasePreview): string[] {
  return [
    preview.onHold > 0 ? `${plural(preview.onHold, 'leaseholder')} on hold` : null,
    preview.noContact > 0
      ? `${plural(preview.noContact, 'leaseholder')} with no email address or mobile number`
      : null,
    preview.offSheets > 0
      ? `${plural(preview.offSheets, 'leaseholder')} on no sheet for ${OFF_SHEETS_DAYS} days (sold, or a duplicate?)`
      : null,
  ].filter((line) => line !== null);
}

function Counts({ preview }: { preview: ChasePreview }) {
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

/**
 * "Chase everyone owing": between sheets, a new link to each leaseholder who owes and has no
 * open link, counted first (GET /api/leaseholders/chase), sent only on confirming (POST).
 */
export function ChaseDialog({
  isOpen,
  onClose,
  onShowList,
}: {
  isOpen: boolean;
  onClose: () => void;
  /** Lists everyone owing with no open link on the page below, for a look before sending. */
  onShowList: () => void;
}) {
  const preview = useChasePreview(isOpen);
  const chase = useChaseOwing();
  const finish = () => {
    chase.reset();
    onClose();
  };
  const close = () => {
    if (!chase.isPending) finish();
  };
  const count = preview.data?.accounts ?? 0;

  return (
    <ActionDialog
      isOpen={isOpen}
      isBusy={chase.isPending}
      onClose={close}
      title="Chase everyone owing?"
      description="Each leaseholder who owes and has no open payment link gets a new link for their whole balance, sent now by email and WhatsApp, as each has them (SMS if WhatsApp fails)."
    >
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
        <Counts preview={preview.data} />
      )}
      <p className="mt-4 text-sm text-muted-foreground">
        Leaseholders with an open link are left alone: they already have one to pay through. Once
        sent, notifications cannot be recalled.
      </p>
      <button
        type="button"
        className="mt-1 inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline disabled:opacity-60"
        onClick={onShowList}
        disabled={chase.isPending}
      >
        <List aria-hidden="true" className="size-4" />
        See who owes with no open link
      </button>
      <ActionError
        message={chase.isError ? errorMessage(chase.error, 'The links could not be sent.') : null}
      />
      <ActionButtons
        onCancel={close}
        isBusy={chase.isPending}
        isDisabled={count === 0}
        label={count === 0 ? 'Send links' : `Send ${plural(count, 'link')}`}
        busyLabel="Sending..."
        icon={Send}
        variant="accent"
        onConfirm={() => chase.mutate(undefined, { onSuccess: finish })}
      />
    </ActionDialog>
  );
}
