import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import type { Ref } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { buttonVariants } from '@/components/ui/button-variants';
import type { CallMeNowAnswer } from '../api/request-callback';

interface CallMeNowResultProps {
  result: CallMeNowAnswer;
  onTryAgain: () => void;
  /** Try Again also reloads the page's form where there is no JavaScript. */
  tryAgainHref: string;
  /** Focus lands here when the answer arrives, so screen readers read it out. */
  messageRef: Ref<HTMLDivElement>;
}

export function CallMeNowResult({
  result,
  onTryAgain,
  tryAgainHref,
  messageRef,
}: CallMeNowResultProps) {
  const Icon = result.success ? CircleCheck : CircleAlert;
  return (
    <div className="flex flex-col gap-4">
      <Alert
        ref={messageRef}
        tabIndex={-1}
        role={result.success ? 'status' : 'alert'}
        variant={result.success ? 'success' : 'destructive'}
      >
        <Icon aria-hidden="true" />
        <div className="flex flex-col gap-1 text-base">
          <AlertTitle>{result.success ? 'Request received' : 'Request not sent'}</AlertTitle>
          <AlertDescription>{result.message}</AlertDescription>
        </div>
      </Alert>
      <form
        method="get"
        action={tryAgainHref}
        onSubmit={(event) => {
          event.preventDefault();
          onTryAgain();
        }}
      >
        <button
          type="submit"
          className={buttonVariants({ variant: 'outline', size: 'lg', className: 'w-full' })}
        >
          <RotateCcw aria-hidden="true" />
          Try Again
        </button>
      </form>
    </div>
  );
}
