import CircleAlert from 'lucide-react/icons/circle-alert';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import PhoneCall from 'lucide-react/icons/phone-call';
import { type FormEvent, type RefObject, useId, useState } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { Input } from '@/components/ui/input';
import { CALL_ME_NOW_HINT, findPhoneNumberProblem } from '../../../../shared/call-me-now-rules';

interface CallMeNowFormProps {
  phoneNumber: string;
  onPhoneNumberChange: (phoneNumber: string) => void;
  /** Called with the trimmed number once it passes the shared rules. */
  onSubmit: (phoneNumber: string) => void;
  isSending: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  /** Where the form posts without JavaScript. */
  action: string;
}

/**
 * Checked on submit, then on every change, so nobody is told off while still typing their
 * first attempt, and a corrected number clears its message straight away.
 */
export function CallMeNowForm({
  phoneNumber,
  onPhoneNumberChange,
  onSubmit,
  isSending,
  inputRef,
  action,
}: CallMeNowFormProps) {
  const [hasSubmitted, setHasSubmitted] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const isBusy = isSending;

  function handleChange(value: string) {
    onPhoneNumberChange(value);
    if (hasSubmitted) setProblem(findPhoneNumberProblem(value));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    const found = findPhoneNumberProblem(phoneNumber);
    setHasSubmitted(true);
    setProblem(found);
    if (found) {
      // Back to the field, which reads out the message through aria-describedby.
      inputRef.current?.focus();
      return;
    }
    onSubmit(phoneNumber.trim());
  }

  return (
    <form
      noValidate
      method="post"
      action={action}
      onSubmit={handleSubmit}
      aria-busy={isBusy}
      className="flex flex-col gap-4"
    >
      <input type="hidden" name="intent" value="call-me" />
      <div>
        <label htmlFor={inputId} className="mb-2 block text-base font-semibold text-foreground">
          Your phone number
        </label>
        <Input
          ref={inputRef}
          id={inputId}
          name="phoneNumber"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          value={phoneNumber}
          onChange={(event) => handleChange(event.target.value)}
          readOnly={isSending}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${errorId} ${hintId}` : hintId}
          className="tracking-wide"
        />
        <div aria-live="polite">
          {problem && (
            <p id={errorId} className="mt-2 flex items-start gap-1.5 font-medium text-destructive">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              {problem}
            </p>
          )}
        </div>
        <p id={hintId} className="mt-2 text-muted-foreground">
          {CALL_ME_NOW_HINT}
        </p>
      </div>
      <button
        type="submit"
        disabled={isBusy}
        className={buttonVariants({ variant: 'accent', size: 'lg', className: 'w-full' })}
      >
        {isBusy ? (
          <LoaderCircle aria-hidden="true" className="animate-spin" />
        ) : (
          <PhoneCall aria-hidden="true" />
        )}
        {isBusy ? 'Sending...' : 'Call Me Now'}
      </button>
    </form>
  );
}
