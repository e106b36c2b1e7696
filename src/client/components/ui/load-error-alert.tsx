import { AlertCircle, RefreshCw } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from './alert';
import { Button } from './button';

/** A read that failed: what failed, the usual advice, and a way to try again. */
export function LoadErrorAlert({
  title,
  description = 'Please refresh the page or contact support if the problem persists.',
  onRetry,
  isRetrying,
}: {
  title: string;
  description?: string;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  return (
    <Alert variant="destructive">
      <AlertCircle aria-hidden="true" />
      <div className="flex flex-1 flex-col gap-3">
        <AlertTitle>{title}</AlertTitle>
        <AlertDescription>{description}</AlertDescription>
        <Button variant="outline" className="self-start" onClick={onRetry} disabled={isRetrying}>
          <RefreshCw aria-hidden="true" className={isRetrying ? 'animate-spin' : undefined} />
          Try again
        </Button>
      </div>
    </Alert>
  );
}
