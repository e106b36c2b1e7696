import { Banknote, MessageSquareText, PauseCircle, Send, StickyNote } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { LeaseholderDetail } from '../../../../shared/leaseholders';
import { channelsOf, whyNoNewLink } from '../channels';

export type LeaseholderAction = 'send' | 'payment' | 'hold' | 'note' | 'text';

/**
 * The page's main actions. Each opens a dialog that asks before anything changes; one that
 * cannot be used now says why underneath rather than failing when pressed.
 */
export function LeaseholderActions({
  leaseholder,
  onAction,
}: {
  leaseholder: LeaseholderDetail;
  onAction: (action: LeaseholderAction) => void;
}) {
  const noLinkReason = whyNoNewLink(leaseholder);
  // The hold's banner already says that nothing is sent while held.
  const isReasonShown = noLinkReason !== null && !leaseholder.holdUntil;
  const isErased = leaseholder.isErased;
  return (
    <section aria-label="Actions" className="flex flex-col gap-2">
      <div className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2 sm:flex sm:flex-wrap">
        <Button
          variant="accent"
          disabled={noLinkReason !== null}
          aria-describedby={isReasonShown ? 'no-new-link-reason' : undefined}
          onClick={() => onAction('send')}
        >
          <Send aria-hidden="true" />
          Send a new link now
        </Button>
        <Button variant="outline" onClick={() => onAction('payment')}>
          <Banknote aria-hidden="true" />
          Record a payment
        </Button>
        {/* While held, the hold's banner above offers End hold. */}
        {leaseholder.holdUntil ? null : (
          <Button variant="outline" disabled={isErased} onClick={() => onAction('hold')}>
            <PauseCircle aria-hidden="true" />
            Hold chasing
          </Button>
        )}
        <Button variant="outline" disabled={isErased} onClick={() => onAction('note')}>
          <StickyNote aria-hidden="true" />
          Add a note
        </Button>
        {/* Only to a mobile that may be messaged (none, a landline, or STOP: nothing to offer). */}
        {channelsOf(leaseholder).hasMobile ? (
          <Button variant="outline" onClick={() => onAction('text')}>
            <MessageSquareText aria-hidden="true" />
            Send a text
          </Button>
        ) : null}
      </div>
      {isReasonShown ? (
        <p id="no-new-link-reason" className="text-sm text-muted-foreground">
          No new link can be sent: {noLinkReason.charAt(0).toLowerCase()}
          {noLinkReason.slice(1)}
        </p>
      ) : null}
    </section>
  );
}
