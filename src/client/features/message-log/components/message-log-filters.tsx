import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { MESSAGE_CHANNELS, MESSAGE_STATUSES } from '../../../../shared/messages';
import type { MessageChannel, MessageStatus } from '../api/get-messages';
import { CHANNEL_LABELS, STATUS_LABELS } from '../message-labels';

function FilterSelect<T extends string>({
  label,
  value,
  allLabel,
  options,
  onChange,
}: {
  label: string;
  value: T | undefined;
  allLabel: string;
  options: readonly { value: T; label: string }[];
  onChange: (value: T | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="flex min-w-40 flex-1 flex-col gap-2 sm:w-52 sm:flex-none">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <select
          id={id}
          value={value ?? ''}
          onChange={(event) => onChange((event.target.value || undefined) as T | undefined)}
          className="h-11 w-full cursor-pointer appearance-none rounded-md border border-input bg-card py-2 pr-9 pl-3 text-base text-foreground shadow-xs"
        >
          <option value="">{allLabel}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
      </div>
    </div>
  );
}

const STATUS_OPTIONS = MESSAGE_STATUSES.map((status) => ({
  value: status,
  label: STATUS_LABELS[status].label,
}));
const CHANNEL_OPTIONS = MESSAGE_CHANNELS.map((channel) => ({
  value: channel,
  label: CHANNEL_LABELS[channel].label,
}));

/** Issue 3 item 5: the log filtered by status and by channel. */
export function MessageLogFilters({
  status,
  channel,
  onStatusChange,
  onChannelChange,
}: {
  status: MessageStatus | undefined;
  channel: MessageChannel | undefined;
  onStatusChange: (status: MessageStatus | undefined) => void;
  onChannelChange: (channel: MessageChannel | undefined) => void;
}) {
  return (
    <>
      <FilterSelect
        label="Status"
        value={status}
        allLabel="All statuses"
        options={STATUS_OPTIONS}
        onChange={onStatusChange}
      />
      <FilterSelect
        label="Channel"
        value={channel}
        allLabel="All channels"
        options={CHANNEL_OPTIONS}
        onChange={onChannelChange}
      />
    </>
  );
}
