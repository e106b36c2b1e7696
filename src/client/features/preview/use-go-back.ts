import { useLocation } from 'wouter';

/**
 * Back to wherever staff came from (the upload page, or the payments list); a preview opened in a
 * new tab has nowhere to go back to, so it opens the upload page instead.
 */
export function useGoBack(fallback = '/upload'): () => void {
  const [, navigate] = useLocation();
  return () => {
    if (window.history.length > 1) window.history.back();
    else navigate(fallback);
  };
}
