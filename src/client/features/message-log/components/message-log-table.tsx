import { formatDateTime, formatRelativeTime } from '../../../../shared/dates';
import type { MessageLogItem } from '../../../../shared/messages';
import { CHANNEL_LABELS, KIND_LABELS } from '../message-labels';
import { MessageStatusBadge } from './message-status-badge';

function ChannelLabel({ channel }: { channel: MessageLogItem['channel'] }) {
  const { label, icon: Icon } = CHANNEL_LABELS[channel];
  return (
    <span className="inline-flex items-center gap-1.5">
      <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      {label}
    </span>
  );
}

/**
 * One row per message. The tenant's name is the row's button (the keyboard and screen reader
 * way in); a click anywhere on the row does the same for a mouse.
 */
export function MessageLogTable({
  items,
  selectedId,
  now,
  onSelect,
}: {
  items: MessageLogItem[];
  /** The open message: while one is open, channel and time fold into the first column. */
  selectedId: string | null;
  now: number;
  onSelect: (item: MessageLogItem) => void;
}) {
  // The details panel takes the table's place below xl and squeezes it beside itself above.
  const isCompact = selectedId !== null;
  const wideOnly = (breakpoint: 'sm' | 'md') =>
    isCompact ? 'hidden' : breakpoint === 'sm' ? 'hidden sm:table-cell' : 'hidden md:table-cell';
  const narrowOnly = (breakpoint: 'sm' | 'md') =>
    isCompact ? '' : breakpoint === 'sm' ? 'sm:hidden' : 'md:hidden';
  // The columns after the first are `w-px whitespace-nowrap`: each takes what it needs and the
  // message, with its recipient, the rest.
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Messages, most recently updated first</caption>
        <thead className="border-b border-border text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              Message
            </th>
            <th
              scope="col"
              className={`w-px px-4 py-3 font-medium whitespace-nowrap ${wideOnly('md')}`}
            >
              Channel
            </th>
            <th scope="col" className="w-px px-4 py-3 font-medium whitespace-nowrap">
              Status
            </th>
            <th
              scope="col"
              className={`w-px px-4 py-3 font-medium whitespace-nowrap ${wideOnly('sm')}`}
            >
              Updated
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {items.map((item) => {
            const isSelected = item.id === selectedId;
            return (
              <tr
                key={item.id}
                onClick={() => onSelect(item)}
                className={
                  isSelected
                    ? 'cursor-pointer bg-primary-soft'
                    : 'cursor-pointer transition-colors hover:bg-muted'
                }
              >
                <td className="max-w-0 px-4 py-3 align-top">
                  <button
                    type="button"
                    data-message-id={item.id}
                    aria-current={isSelected ? 'true' : undefined}
                    onClick={(event) => {
                      event.stopPropagation();
                      onSelect(item);
                    }}
                    className="block max-w-full cursor-pointer truncate text-left font-medium text-foreground underline-offset-4 hover:underline"
                  >
                    {item.tenantName}
                  </button>
                  <p className="truncate text-muted-foreground">
                    <span className={narrowOnly('md')}>
                      {CHANNEL_LABELS[item.channel].label} ·{' '}
                    </span>
                    {KIND_LABELS[item.kind]} · {item.recipient}
                    {item.cc.length > 0 ? ` (+${item.cc.length} copied)` : ''}
                  </p>
                  <p className={`text-xs text-muted-foreground ${narrowOnly('sm')}`}>
                    {formatRelativeTime(item.updatedAt, now)}
                  </p>
                </td>
                <td className={`w-px px-4 py-3 align-top whitespace-nowrap ${wideOnly('md')}`}>
                  <ChannelLabel channel={item.channel} />
                </td>
                <td className="w-px px-4 py-3 align-top whitespace-nowrap">
                  <MessageStatusBadge status={item.status} />
                </td>
                <td className={`w-px px-4 py-3 align-top whitespace-nowrap ${wideOnly('sm')}`}>
                  <time dateTime={item.updatedAt} className="flex flex-col">
                    <span>{formatRelativeTime(item.updatedAt, now)}</span>
                    <span className="text-xs text-muted-foreground">
                      {formatDateTime(item.updatedAt)}
                    </span>
                  </time>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
