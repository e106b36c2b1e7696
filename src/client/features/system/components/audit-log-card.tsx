import { ScrollText, Search, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Pager } from '@/components/pager';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { ACTION_LABELS } from '../../../../shared/audit-actions';
import { formatDateTime } from '../../../../shared/dates';
import type { AuditEntry } from '../../../../shared/system-status';
import { useAuditLog } from '../api/get-audit-log';

export const AUDIT_PAGE_SIZE = 25;

/** The details as "key: value" pairs; the stored JSON as it is when it is not an object. */
function describeDetails(details: string | null): string | null {
  if (!details) return null;
  try {
    const parsed: unknown = JSON.parse(details);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return Object.entries(parsed)
        .map(
          ([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
        )
        .join(' · ');
    }
  } catch {
    // Shown as written.
  }
  return details;
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const details = describeDetails(entry.details);
  return (
    <li className="grid gap-1 py-3 text-sm sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4">
      <time dateTime={entry.at} className="text-muted-foreground">
        {formatDateTime(entry.at)}
      </time>
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="break-words">
          {ACTION_LABELS[entry.action] ? (
            <span className="font-semibold">{ACTION_LABELS[entry.action]} </span>
          ) : null}
          <span className="font-mono text-xs text-muted-foreground">{entry.action}</span>
          {entry.subject ? <span className="text-muted-foreground"> · {entry.subject}</span> : null}
          <span className="text-muted-foreground"> · by {entry.actor}</span>
        </p>
        {details ? <p className="break-words text-xs text-muted-foreground">{details}</p> : null}
      </div>
    </li>
  );
}

/** Who did what, and when: searchable by action, subject or who, newest first, paged on the server. */
export function AuditLogCard() {
  const searchId = useId();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const audit = useAuditLog({ search: search || undefined, limit: AUDIT_PAGE_SIZE, offset });
  const items = audit.data?.items ?? [];
  const total = audit.data?.total ?? 0;

  const apply = (value: string) => {
    setSearch(value.trim());
    setOffset(0);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ScrollText aria-hidden="true" className="size-5 text-primary" />
          Audit log
        </CardTitle>
        <CardDescription>
          Sign-ins, uploads, sends, renewals, template changes, retries, and leaseholders’ data
          exported or erased.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-2">
          <div className="flex min-w-48 flex-1 flex-col gap-2">
            <Label htmlFor={searchId}>Search action, subject or who</Label>
            <Input
              id={searchId}
              value={draft}
              maxLength={100}
              placeholder="e.g. erased, job 7"
              onChange={(event) => setDraft(event.target.value)}
            />
          </div>
          <Button type="submit" variant="outline">
            <Search aria-hidden="true" />
            Search
          </Button>
          {search ? (
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                setDraft('');
                apply('');
              }}
            >
              <X aria-hidden="true" />
              Clear
            </Button>
          ) : null}
        </form>
        {audit.isPending ? (
          <div aria-hidden="true" className="flex flex-col gap-3 py-2">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} className="h-5 w-full" />
            ))}
          </div>
        ) : audit.isError ? (
          <LoadErrorAlert
            title="Failed to load the audit log."
            onRetry={() => void audit.refetch()}
            isRetrying={audit.isFetching}
          />
        ) : items.length === 0 ? (
          <p className="py-4 text-sm text-muted-foreground">
            {search ? `Nothing in the audit log matches “${search}”.` : 'The audit log is empty.'}
          </p>
        ) : (
          <>
            <ul aria-label="Audit log entries" className="flex flex-col divide-y divide-border">
              {items.map((entry) => (
                <AuditRow key={entry.id} entry={entry} />
              ))}
            </ul>
            <Pager
              offset={offset}
              shown={items.length}
              total={total}
              pageSize={AUDIT_PAGE_SIZE}
              isBusy={audit.isFetching}
              onOffsetChange={setOffset}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
