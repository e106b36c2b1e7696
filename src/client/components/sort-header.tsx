import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { cn } from '@/lib/utils';

/** A column heading that sorts a server-paged list (Payment Status, Leaseholders) by its key. */
export function SortHeader<Sort extends string>({
  label,
  sortKey,
  sort,
  direction,
  onSort,
  className,
}: {
  label: string;
  sortKey: Sort;
  /** The list's current sort. */
  sort: Sort;
  direction: 'asc' | 'desc';
  onSort: (key: Sort) => void;
  className?: string;
}) {
  const isActive = sort === sortKey;
  const Icon = !isActive ? ArrowUpDown : direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={isActive ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={cn('px-4 py-3 font-medium', className)}
    >
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className="inline-flex min-h-9 items-center gap-1 whitespace-nowrap rounded hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {label}
        <Icon aria-hidden="true" className="size-4" />
      </button>
    </th>
  );
}
