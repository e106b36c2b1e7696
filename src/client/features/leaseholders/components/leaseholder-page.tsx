import { ArrowLeft, SearchX } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useNow } from '@/lib/use-now';
import type { LeaseholderDetail } from '../../../../shared/leaseholders';
import { useLeaseholder } from '../api/get-leaseholder';
import { channelsOf } from '../channels';
import { AddNoteDialog } from './add-note-dialog';
import { CancelLinkDialog, EndHoldDialog } from './confirm-dialogs';
import { ContactCard } from './contact-card';
import { CorrectBalanceDialog } from './correct-balance-dialog';
import { DataProtectionCard } from './data-protection-card';
import { EditContactDialog } from './edit-contact-dialog';
import { HoldBanner } from './hold-banner';
import { HoldDialog } from './hold-dialog';
import { type LeaseholderAction, LeaseholderActions } from './leaseholder-actions';
import { LeaseholderHeader } from './leaseholder-header';
import { LeaseholderTimeline } from './leaseholder-timeline';
import { OpenLinkCard } from './open-link-card';
import { RecordPaymentDialog } from './record-payment-dialog';
import { SameFlatBanner } from './same-flat-banner';
import { SendLinkDialog } from './send-link-dialog';
import { StaffTextDialog } from './staff-text-dialog';

type Dialog = LeaseholderAction | 'endHold' | 'edit' | 'cancelLink' | 'balance';

function BackLink() {
  return (
    <Link
      href="/leaseholders"
      className="mb-4 inline-flex min-h-11 items-center gap-2 rounded-md text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      All leaseholders
    </Link>
  );
}

function LoadingPage() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true">
      <span className="sr-only" role="status">
        Loading the leaseholder
      </span>
      <div className="flex flex-col justify-between gap-4 md:flex-row">
        <div className="flex flex-col gap-2">
          <Skeleton className="h-9 w-64 max-w-full" />
          <Skeleton className="h-5 w-80 max-w-full" />
        </div>
        <Skeleton className="h-24 w-56" />
      </div>
      <Skeleton className="h-11 w-full max-w-xl" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Skeleton className="h-96" />
        <Skeleton className="h-64" />
      </div>
    </div>
  );
}

function NotFound() {
  return (
    <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center">
      <SearchX aria-hidden="true" className="size-10 text-muted-foreground" />
      <h1 className="text-xl font-semibold">Leaseholder not found</h1>
      <p className="text-muted-foreground">
        No leaseholder has this address. Find them by name, reference, email or phone instead.
      </p>
      <Button variant="outline" className="mt-2" asChild>
        <Link href="/leaseholders">Find a leaseholder</Link>
      </Button>
    </Card>
  );
}

function AccountView({ leaseholder }: { leaseholder: LeaseholderDetail }) {
  // The dashboard's Reply opens the text dialog at once (?action=text).
  const search = useSearch();
  const [dialog, setDialog] = useState<Dialog | null>(() =>
    new URLSearchParams(search).get('action') === 'text' && channelsOf(leaseholder).hasMobile
      ? 'text'
      : null,
  );
  const now = useNow();
  const close = () => setDialog(null);
  const isOpen = (name: Dialog) => dialog === name;
  return (
    <div className="flex flex-col gap-6">
      <LeaseholderHeader leaseholder={leaseholder} onCorrectBalance={() => setDialog('balance')} />
      {leaseholder.holdUntil ? (
        <HoldBanner
          holdUntil={leaseholder.holdUntil}
          holdReason={leaseholder.holdReason}
          onEnd={() => setDialog('endHold')}
        />
      ) : null}
      {leaseholder.sameFlat.length > 0 ? <SameFlatBanner others={leaseholder.sameFlat} /> : null}
      <LeaseholderActions leaseholder={leaseholder} onAction={setDialog} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr]">
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-2 lg:row-start-1">
          <OpenLinkCard
            link={leaseholder.openLink}
            balancePence={leaseholder.balancePence}
            now={now}
            onCancel={() => setDialog('cancelLink')}
          />
          <ContactCard
            leaseholder={leaseholder}
            onEdit={leaseholder.isErased ? undefined : () => setDialog('edit')}
          />
        </div>
        <div className="min-w-0 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <LeaseholderTimeline accountId={leaseholder.id} timeline={leaseholder.timeline} />
        </div>
        <div className="min-w-0 lg:col-start-2 lg:row-start-2 lg:self-start">
          <DataProtectionCard leaseholder={leaseholder} />
        </div>
      </div>

      <SendLinkDialog leaseholder={leaseholder} isOpen={isOpen('send')} onClose={close} />
      <RecordPaymentDialog leaseholder={leaseholder} isOpen={isOpen('payment')} onClose={close} />
      <HoldDialog leaseholder={leaseholder} isOpen={isOpen('hold')} onClose={close} />
      <EndHoldDialog leaseholder={leaseholder} isOpen={isOpen('endHold')} onClose={close} />
      <AddNoteDialog leaseholder={leaseholder} isOpen={isOpen('note')} onClose={close} />
      <StaffTextDialog leaseholder={leaseholder} isOpen={isOpen('text')} onClose={close} />
      <EditContactDialog leaseholder={leaseholder} isOpen={isOpen('edit')} onClose={close} />
      {/* Keyed by the balance, so the form starts from the balance as it is now. */}
      <CorrectBalanceDialog
        key={leaseholder.balancePence}
        leaseholder={leaseholder}
        isOpen={isOpen('balance')}
        onClose={close}
      />
      {leaseholder.openLink ? (
        <CancelLinkDialog
          leaseholder={leaseholder}
          link={leaseholder.openLink}
          isOpen={isOpen('cancelLink')}
          onClose={close}
        />
      ) : null}
    </div>
  );
}

/** /leaseholders/{id} (issue 29): one leaseholder's balance, open link, actions and history. */
export function LeaseholderPage({ id }: { id: string }) {
  const account = useLeaseholder(id);
  return (
    <>
      <BackLink />
      {account.isPending ? (
        <LoadingPage />
      ) : account.isError ? (
        account.error instanceof ApiError && account.error.status === 404 ? (
          <NotFound />
        ) : (
          <LoadErrorAlert
            title="Failed to load this leaseholder."
            onRetry={() => void account.refetch()}
            isRetrying={account.isFetching}
          />
        )
      ) : (
        <AccountView leaseholder={account.data} />
      )}
    </>
  );
}
