import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/**
 * Each navigation to another page starts at its top (issue 31: the batch preview opened 377 px
 * down, hiding its heading and Send button). Back and Forward are left to the browser, which
 * puts the page back where it was; a change of query alone (a filter, a batch id) keeps its place.
 */
export function useScrollToTop(): void {
  const [path] = useLocation();
  // The path Back or Forward went to, until the page for it has rendered.
  const historyPath = useRef<string | null>(null);
  useEffect(() => {
    const onPopState = () => {
      historyPath.current = window.location.pathname;
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  useLayoutEffect(() => {
    const isHistoryMove = historyPath.current === path;
    historyPath.current = null;
    if (!isHistoryMove) window.scrollTo(0, 0);
  }, [path]);
}
