import { AlertCircle, X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { formatDateTime, formatRelativeTime } from '../../../../shared/dates';
import type { MessageLogItem } from '../../../../shared/messages';
import { useMessage } from '../api/get-message';
import { CHANNEL_LABELS, KIND_LABELS } from '../message-labels';
import { MessageStatusBadge } from './message-status-badge';

function Content({ message }: { message: MessageLogItem }) {
  if (message.html) {
    return (
      <div className="flex flex-col gap-3">
        {/* The stored email as sent, drawn in a sandbox: no scripts, no access to this page. */}
        <iframe
          title={`Email to ${message.tenantName}`}
          sandbox=""
          srcDoc={message.html}
          referrerPolicy="no-referrer"
          className="block h-[420px] w-full rounded-lg border border-border bg-white"
        />
        <details className="rounded-lg border border-border">
          <summary className="cursor-pointer px-3 py-2 text-sm font-medium">
            Plain-text version
          </summary>
          <pre className="max-h-80 overflow-auto border-t border-border p-3 font-sans text-sm leading-relaxed whitespace-pre-wrap wrap-anywhere">
            {message.body}
          </pre>
        </details>
      </div>
    );
  }
  return (
    <pre
      data-testid="message-text"
      className="max-h-[420px] overflow-auto rounded-lg bg-muted p-3 font-sans text-sm leading-relaxed whitespace-pre-wrap wrap-anywhere"
    >
      {message.body}
    </pre>
  );
}

function Timeline({ events, now }: { events: MessageLogItem['events']; now: number }) {
  if (events.length === 0) {
    return <p className="text-sm text-muted-foreground">No status changes recorded yet.</p>;
  }
  return (
    <ol className="flex flex-col gap-4 border-l-2 border-border pl-4">
      {events.map((event, index) => (
        // Events have no id; their order is the timeline's and never changes.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={index} className="relative flex flex-col gap-1">
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full border-2 border-card bg-primary"
          />
          <div className="flex flex-wrap items-center gap-2">
            <MessageStatusBadge status={event.status} />
            <time dateTime={event.at} className="text-sm" title={formatRelativeTime(event.at, now)}>
              {formatDateTime(event.at)}
            </time>
          </div>
          {event.detail ? (
            <p className="text-sm wrap-anywhere text-muted-foreground">{event.detail}</p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** The message chosen in the log: what was sent, to whom, and each status it went through. */
export function MessageDetailPanel({
  id,
  fromList,
  now,
  onClose,
}: {
  id: string;
  fromList: MessageLogItem | undefined;
  now: number;
  onClose: () => void;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const query = useMessage(id, fromList);
  const message = query.data;

  // Focus moves to the panel when another message is chosen, so it is read out at once.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2
            id={headingId}
            ref={heading}
            tabIndex={-1}
            className="text-lg font-semibold leading-tight outline-none"
          >
            Message details
          </h2>
          {message ? (
            <p className="text-sm text-muted-foreground">
              {KIND_LABELS[message.kind]} to {message.tenantName}
            </p>
          ) : null}
        </div>
        <Button variant="ghost" size="icon" aria-label="Close message details" onClick={onClose}>
          <X aria-hidden="true" className="size-5" />
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {query.isError && !message ? (
          <Alert variant="destructive">
            <AlertCircle aria-hidden="true" />
            <div className="flex flex-col gap-1">
              <AlertTitle>Failed to load this message.</AlertTitle>
              <AlertDescription>Please refresh the page and try again.</AlertDescription>
            </div>
          </Alert>
        ) : !message ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading message…
          </p>
        ) : (
          <>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Status</dt>
              <dd>
                <MessageStatusBadge status={message.status} />
              </dd>
              <dt className="text-muted-foreground">Channel</dt>
              <dd>{CHANNEL_LABELS[message.channel].label}</dd>
              <dt className="text-muted-foreground">To</dt>
              <dd className="wrap-anywhere">{message.recipient}</dd>
              {message.cc.length > 0 ? (
                <>
                  <dt className="text-muted-foreground">Copied to</dt>
                  <dd className="wrap-anywhere">{message.cc.join(', ')}</dd>
                </>
              ) : null}
              {message.subject ? (
                <>
                  <dt className="text-muted-foreground">Subject</dt>
                  <dd className="wrap-anywhere">{message.subject}</dd>
                </>
              ) : null}
              <dt className="text-muted-foreground">Created</dt>
              <dd>{formatDateTime(message.createdAt)}</dd>
              <dt className="text-muted-foreground">Updated</dt>
              <dd>
                {formatDateTime(message.updatedAt)} ({formatRelativeTime(message.updatedAt, now)})
              </dd>
              {message.providerId ? (
                <>
                  <dt className="text-muted-foreground">Provider ID</dt>
                  <dd className="font-mono text-xs wrap-anywhere">{message.providerId}</dd>
                </>
              ) : null}
            </dl>
            {message.error ? (
              <Alert variant="destructive">
                <AlertCircle aria-hidden="true" />
                <div className="flex flex-col gap-1">
                  <AlertTitle>Error</AlertTitle>
                  <AlertDescription className="wrap-anywhere">{message.error}</AlertDescription>
                </div>
              </Alert>
            ) : null}
            <section className="flex flex-col gap-3">
              <h3 className="font-semibold">Content</h3>
              <Content message={message} />
            </section>
            <section className="flex flex-col gap-3">
              <h3 className="font-semibold">Timeline</h3>
              <Timeline events={message.events} now={now} />
            </section>
          </>
        )}
      </CardContent>
    </Card>
  );
}
