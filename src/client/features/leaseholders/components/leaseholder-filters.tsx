import { PhoneSortSelect } from '@/components/phone-sort-select';
import { SearchField } from '@/components/search-field';
import {
  LEASEHOLDER_FILTER_LABELS,
  LEASEHOLDER_FILTERS,
  type LeaseholderFilter,
  type LeaseholderListQuery,
  OFF_SHEETS_DAYS,
} from '../../../../shared/leaseholders';
import { FilterChips } from './filter-chips';

/** On a phone the column headers give way to cards, so sorting is one menu. */
const SORTS = [
  ['balance:desc', 'Largest balance first'],
  ['balance:asc', 'Smallest balance first'],
  ['daysOwing:desc', 'Owing longest first'],
  ['daysOwing:asc', 'Owing shortest first'],
  ['name:asc', 'Name A–Z'],
  ['name:desc', 'Name Z–A'],
] as const;

type StatusChoice = LeaseholderFilter | 'all';

/**
 * What most filters mean is not obvious: the chips say it
 * on hover, and under them once chosen.
 */
const HINTS: Partial<Record<LeaseholderFilter, string>> = {
  no_link:
    'Owing, with no payment link open: it lapsed, was cancelled, or was never sent. Chase everyone owing sends each a new one.',
  unreachable: 'Sent messages, none of which reached them on any channel.',
  on_hold: 'Chasing held: no reminders or new links.',
  off_sheets: `Owing, and named by no spreadsheet uploaded in the last ${OFF_SHEETS_DAYS} days: sold, or a duplicate account? Open one to correct its balance.`,
  texts_stopped:
    'Their mobile replied STOP: no WhatsApp or texts go to it until they reply START. Without an email address, call or write to them.',
  same_flat:
    'Owing, beside another owing account at the same property (listed flat by flat): joint leaseholders, or one leaseholder named two ways and asked twice? Open the duplicate to correct its balance to £0.00.',
};

const STATUS_OPTIONS = [
  { value: 'all' as StatusChoice, label: 'All' },
  ...LEASEHOLDER_FILTERS.map((filter) => ({
    value: filter as StatusChoice,
    label: LEASEHOLDER_FILTER_LABELS[filter],
    hint: HINTS[filter],
  })),
];

/** Search (name, email, phone, address or reference), the status chips and the phone's sort. */
export function LeaseholderFilters({
  query,
  searchText,
  onSearchText,
  onChange,
}: {
  query: LeaseholderListQuery;
  searchText: string;
  onSearchText: (text: string) => void;
  onChange: (next: Partial<LeaseholderListQuery>) => void;
}) {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 md:flex-row md:items-end">
        <SearchField
          id="leaseholder-search"
          placeholder="Name, address, email, phone, ref."
          value={searchText}
          onChange={onSearchText}
        />
        <PhoneSortSelect
          options={SORTS}
          sort={query.sort}
          direction={query.direction}
          onChange={onChange}
        />
      </div>
      <FilterChips
        legend="Show"
        name="leaseholder-status"
        options={STATUS_OPTIONS}
        value={query.status ?? 'all'}
        onChange={(choice) =>
          onChange({ status: choice === 'all' ? undefined : choice, offset: 0 })
        }
      />
      {query.status && HINTS[query.status] ? (
        <p className="-mt-2 text-sm text-muted-foreground">{HINTS[query.status]}</p>
      ) : null}
    </div>
  );
}
