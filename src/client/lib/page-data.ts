import { createContext, useContext } from 'react';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '../../shared/page-data';

/**
 * The data a server-rendered page was rendered from (shared/page-data.ts): the page hydrates
 * from it instead of fetching again. Null in the browser once the visitor has moved to another
 * page, and for pages the server does not render.
 */
export const PageDataContext = createContext<PageData | null>(null);

export function usePageData(): PageData | null {
  return useContext(PageDataContext);
}

/** The JSON script tag the server wrote beside the rendered page, if any. */
export function readPageData(): PageData | null {
  const text = document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageData;
  } catch {
    return null;
  }
}
