import { useId } from 'react';

type Direction = 'asc' | 'desc';

/**
 * A list's sort as one menu on phones, where its table's sortable column headings are not shown.
 * Each option's value is `sort:direction`.
 */
export function PhoneSortSelect<Sort extends string>({
  options,
  sort,
  direction,
  onChange,
}: {
  options: readonly (readonly [`${Sort}:${Direction}`, string])[];
  sort: Sort;
  direction: Direction;
  onChange: (next: { sort: Sort; direction: Direction; offset: 0 }) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1 md:hidden">
      <label htmlFor={id} className="text-sm font-medium">
        Sort by
      </label>
      <select
        id={id}
        className="h-11 rounded-md border border-input bg-card px-3 text-sm"
        value={`${sort}:${direction}`}
        onChange={(event) => {
          const [nextSort, nextDirection] = event.target.value.split(':') as [Sort, Direction];
          onChange({ sort: nextSort, direction: nextDirection, offset: 0 });
        }}
      >
        {options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}
