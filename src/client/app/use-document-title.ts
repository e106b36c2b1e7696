import { useEffect } from 'react';

const SITE_TITLE = 'Leaseholder Payments';

/** Each page names itself in the browser tab and for screen readers (WCAG 2.4.2). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · ${SITE_TITLE}`;
    // Pages outside the admin area (the home page) keep the title index.html gave them.
    return () => {
      document.title = previous;
    };
  }, [title]);
}
