import { useEffect, useEffectEvent, useState } from 'react';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search box over the address's `search`: what is typed is written to the address 300 ms
 * after typing stops, and when the address changes from outside (a sidebar link, Back) the box
 * shows the address's value, so an old search never comes back. Payment Status and Leaseholders
 * both keep their search this way.
 */
export function useSearchBox(
  addressSearch: string,
  onSearch: (search: string) => void,
): [string, (text: string) => void] {
  const [text, setText] = useState(addressSearch);
  const [followed, setFollowed] = useState(addressSearch);
  // Adjusting state while rendering (react.dev "You might not need an effect"): the box follows
  // in the same render as the address, so the debounce below never sees the stale text.
  if (addressSearch !== followed) {
    setFollowed(addressSearch);
    if (text.trim() !== addressSearch) setText(addressSearch);
  }

  const write = useEffectEvent((search: string) => onSearch(search));
  useEffect(() => {
    const typed = text.trim();
    if (typed === addressSearch) return;
    const timer = setTimeout(() => write(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, addressSearch]);

  return [text, setText];
}
