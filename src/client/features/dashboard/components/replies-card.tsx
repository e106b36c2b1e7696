import { MessageCircleReply, MessageSquareOff, Reply } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import { MarkDoneButton } from '@/components/mark-done-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { telHref } from '@/lib/contact-links';
import { useMarkReplyRead } from '@/lib/mark-reply-read';
import { useNow } from '@/lib/use-now';
import type { LeaseholderReply } from '../../../../shared/dashboard';
import { formatDateTime, formatRelativeTime } from '../../../../shared/dates';
import { useReplies } from '../api/get-replies';

const CHANNEL_LABELS = { whatsapp: 'WhatsApp', sms: 'Text message' } as const;

function ReplyRow({ reply, now }: { reply: LeaseholderReply; now: number }) {
  const nameId = useId();
  const markRead = useMarkReplyRead();
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 flex-1">
        {reply.accountId ? (
          <>
            <Link
              id={nameId}
              href={`/leaseholders/${encodeURIComponent(reply.accountId)}`}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {reply.tenantName}
            </Link>
            <p className="text-sm text-muted-foreground">{reply.address}</p>
          </>
        ) : (
          <>
            <a
              id={nameId}
              href={telHref(reply.phone ?? '')}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {reply.phone}
            </a>
            <p className="text-sm text-muted-foreground">
              A number on no account. Find who wrote (search Leaseholders by name), then add this
              number to their contact details.
            </p>
          </>
        )}
        {reply.kind === 'stop' ? (
          <p className="mt-2 flex items-start gap-2 rounded-md border-l-4 border-warning/60 bg-warning-soft px-3 py-2 text-warning">
            <MessageSquareOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              Replied <strong>STOP</strong>: {reply.text.replace(/^STOP: /, '')}
            </span>
          </p>
        ) : (
          <blockquote className="mt-2 whitespace-pre-wrap wrap-anywhere rounded-md border-l-4 border-primary/40 bg-muted px-3 py-2">
            {reply.text}
          </blockquote>
        )}
        <p className="mt-1 text-sm text-muted-foreground">
          {CHANNEL_LABELS[reply.channel]}
          {reply.accountId && reply.phone ? (
            <>
              {' from '}
              <a href={telHref(reply.phone)} className="text-primary underline underline-offset-4">
                {reply.phone}
              </a>
            </>
          ) : null}{' '}
          <span aria-hidden="true">·</span>{' '}
          <time dateTime={reply.receivedAt}>
            {formatRelativeTime(reply.receivedAt, now)} <span aria-hidden="true">·</span>{' '}
            {formatDateTime(reply.receivedAt)}
          </time>
        </p>
      </div>
      <div className="flex flex-col gap-2 sm:w-auto sm:flex-row">
        {reply.kind === 'reply' && reply.accountId ? (
          // Their page, with the text dialog open: the answer goes on their history.
          <Button variant="outline" className="w-full sm:w-auto" asChild>
            <Link
              href={`/leaseholders/${encodeURIComponent(reply.accountId)}?action=text`}
              aria-describedby={nameId}
            >
              <Reply aria-hidden="true" />
              Reply
            </Link>
          </Button>
        ) : null}
        <MarkDoneButton
          label="Mark as read"
          isPending={markRead.isPending}
          onClick={() => markRead.mutate(reply.id)}
          describedBy={nameId}
        />
      </div>
    </li>
  );
}

/**
 * What leaseholders wrote back to our WhatsApp and texts ("I paid on Monday", or STOP, which can
 * leave them with no way to be reached), newest first, until staff mark each read. Shown only
 * when there is one, like the disputes.
 */
export function RepliesCard() {
  const replies = useReplies();
  const now = useNow();
  const titleId = useId();
  if (replies.isPending || (replies.isSuccess && replies.data.total === 0)) return null;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex flex-wrap items-center gap-2">
          <MessageCircleReply aria-hidden="true" className="size-5 text-primary" />
          Replies from leaseholders
          {replies.isSuccess ? (
            <Badge variant="info" className="whitespace-nowrap">
              {replies.data.total} unread
            </Badge>
          ) : null}
        </CardTitle>
        <CardDescription>
          What leaseholders wrote back to our WhatsApp messages and texts. Each stays in their
          account's history once marked read.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {replies.isError ? (
          <LoadErrorAlert
            title="Failed to load replies."
            onRetry={() => void replies.refetch()}
            isRetrying={replies.isFetching}
          />
        ) : (
          <>
            <ul className="divide-y divide-border">
              {replies.data.items.map((reply) => (
                <ReplyRow key={reply.id} reply={reply} now={now} />
              ))}
            </ul>
            {replies.data.total > replies.data.items.length ? (
              <p className="mt-2 text-sm text-muted-foreground">
                Showing the newest {replies.data.items.length} of {replies.data.total} replies. Mark
                these as read to see the rest.
              </p>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
