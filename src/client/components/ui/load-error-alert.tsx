import { RefreshCw } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from './alert';
import { Button } from './button';

/** A read that failed: what failed, the usual advice, and a way to try again. */
export function LoadErrorAlert({
  title,
  onRetry,
  isRetrying,
}: {
  title: string;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  return (
    <Alert variant="destructive">
      <div className="flex flex-1 flex-col gap-3">
        <AlertTitle>{title}</AlertTitle>
        <AlertDescription>
          Please refresh the page or contact support if the problem persists.
        </AlertDescription>
        <Button variant="outline" className="self-start" onClick={onRetry} disabled={isRetrying}>
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      </div>
    </Alert>
  );
}
