import { useEffect, useRef, useState } from 'react';
import { type CallMeNowAnswer, requestCallback } from '../api/request-callback';
import { CallMeNowForm } from './call-me-now-form';
import { CallMeNowResult } from './call-me-now-result';

/**
 * The landing page's callback request (spec sections 2 and 4): form, then the server's message
 * with Try Again, then the form again. Success empties the field; a refusal keeps what was typed
 * so it can be corrected. The form also posts to `action` (the page's own address), where the
 * server asks for the callback and renders the page with its answer (`initialAnswer`), so it
 * works on a phone without JavaScript too.
 */
export function CallMeNow({
  action = '/',
  initialAnswer,
}: {
  action?: string;
  initialAnswer?: CallMeNowAnswer;
}) {
  const [phoneNumber, setPhoneNumber] = useState('');
  const [isSending, setIsSending] = useState(false);
  const [result, setResult] = useState<CallMeNowAnswer | null>(initialAnswer ?? null);
  const inputRef = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  // Only a switch the visitor caused moves focus; the first render leaves it where it is.
  const shouldMoveFocus = useRef(false);

  useEffect(() => {
    // On a slow phone the number may be typed into the server's page before this script takes
    // it over: start from what the field shows, or the first press would find it empty.
    const typed = inputRef.current?.value;
    if (typed) setPhoneNumber(typed);
  }, []);

  useEffect(() => {
    if (!shouldMoveFocus.current) return;
    shouldMoveFocus.current = false;
    if (result) messageRef.current?.focus();
    else inputRef.current?.focus();
  }, [result]);

  async function send(value: string) {
    setIsSending(true);
    const answer = await requestCallback(value);
    if (answer.success) setPhoneNumber('');
    shouldMoveFocus.current = true;
    setIsSending(false);
    setResult(answer);
  }

  function tryAgain() {
    shouldMoveFocus.current = true;
    setResult(null);
  }

  if (result) {
    return (
      <CallMeNowResult
        result={result}
        onTryAgain={tryAgain}
        tryAgainHref={action}
        messageRef={messageRef}
      />
    );
  }
  return (
    <CallMeNowForm
      phoneNumber={phoneNumber}
      onPhoneNumberChange={setPhoneNumber}
      onSubmit={send}
      action={action}
      isSending={isSending}
      inputRef={inputRef}
    />
  );
}
