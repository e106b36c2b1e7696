import { useRef } from 'react';
import { useLocation } from 'wouter';
import { PageDataContext } from '@/lib/page-data';
import type { PageData } from '../../shared/page-data';
import { AppRouter } from './router';

/**
 * The public landing page renders with nothing but React and the router; data fetching, toasts
 * and the admin shell load with the pages that need them (ARCHITECTURE section 8: public JS).
 * `pageData` is what the server rendered the first page from: it is offered to that page only,
 * never to a page the visitor moves to afterwards, which reads its own data afresh.
 */
export function App({ pageData = null }: { pageData?: PageData | null }) {
  const [location] = useLocation();
  const firstLocation = useRef(location);
  const hasMoved = useRef(false);
  if (location !== firstLocation.current) hasMoved.current = true;
  return (
    <PageDataContext value={hasMoved.current ? null : pageData}>
      <AppRouter />
    </PageDataContext>
  );
}
