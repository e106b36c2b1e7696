import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';

/**
 * While there are unsaved edits: the browser asks before the tab is closed or reloaded, and a
 * link to another page of the portal (the sidebar, a header link) asks first too (issue 31), so
 * edits are never lost without a word. `pendingHref` is where a link was going while the page
 * asks; `leave` goes there, `stay` stays.
 */
export function useWarnBeforeLeaving(hasUnsavedChanges: boolean) {
  const [pendingHref, setPendingHref] = useState<string | null>(null);
  const [, navigate] = useLocation();

  useEffect(() => {
    if (!hasUnsavedChanges) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    // Captured on the document, before the router's own click handler runs.
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (
        !anchor ||
        anchor.getAttribute('target') === '_blank' ||
        anchor.hasAttribute('download')
      ) {
        return;
      }
      const url = new URL(anchor.getAttribute('href')!, window.location.href);
      // Another site is left through the browser, which beforeunload covers.
      if (url.origin !== window.location.origin) return;
      if (url.pathname === window.location.pathname && url.search === window.location.search)
        return;
      event.preventDefault();
      event.stopPropagation();
      setPendingHref(`${url.pathname}${url.search}${url.hash}`);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [hasUnsavedChanges]);

  return {
    pendingHref,
    stay: () => setPendingHref(null),
    leave: () => {
      const href = pendingHref;
      setPendingHref(null);
      if (href) navigate(href);
    },
  };
}
