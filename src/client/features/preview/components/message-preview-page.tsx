import { AlertCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toaster';
import { PREVIEW_STORAGE_KEY, readPreviewData, sessionStorageOrNull } from '../preview-data';
import { currentSearchParams } from '../search-params';
import { SinglePreview } from './single-preview';

const INVALID_TITLE = 'Invalid Preview Data';
const INVALID_DESCRIPTION = 'Unable to load preview data. Redirecting to upload page.';

/**
 * /message-preview (spec sections 2 and 5): the preview data comes from the query string or, failing
 * that, from what the upload page saved; with neither there is nothing to preview, so the upload
 * page opens instead.
 */
export function MessagePreviewPage() {
  const [, navigate] = useLocation();
  // Read once: the saved copy is removed below, and a re-render must not find it gone.
  const [source] = useState(() =>
    readPreviewData(currentSearchParams().toString(), sessionStorageOrNull()),
  );

  useEffect(() => {
    if (source.status === 'ready') {
      if (source.isFromStorage) sessionStorageOrNull()?.removeItem(PREVIEW_STORAGE_KEY);
      return;
    }
    if (source.status === 'invalid') {
      // An id, so a double effect run (React's development mode) shows one toast.
      toast.error(INVALID_TITLE, { id: 'invalid-preview-data', description: INVALID_DESCRIPTION });
    }
    navigate('/upload', { replace: true });
  }, [source, navigate]);

  if (source.status === 'ready') return <SinglePreview data={source.data} />;
  if (source.status === 'invalid') {
    return (
      <Alert variant="destructive">
        <AlertCircle aria-hidden="true" />
        <div className="flex flex-col gap-1">
          <AlertTitle>{INVALID_TITLE}</AlertTitle>
          <AlertDescription>{INVALID_DESCRIPTION}</AlertDescription>
        </div>
      </Alert>
    );
  }
  return <PageSpinner label="Opening the upload page" />;
}
