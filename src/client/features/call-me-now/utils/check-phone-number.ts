/** The first rule a number breaks (spec section 5), or undefined when it may be sent. */
export type PhoneNumberCheck = (phoneNumber: string) => string | undefined;

let loading: Promise<PhoneNumberCheck | undefined> | undefined;

/**
 * Loads the shared schema on demand: it brings zod, and a static import would add about 15 KB
 * gzip to the landing page (see texts.ts). The field starts the download when it gets focus, so
 * it is normally there before the visitor submits. If it cannot load (no signal), the answer is
 * undefined and the server, which checks with the very same schema, has the last word.
 */
export function loadPhoneNumberCheck(): Promise<PhoneNumberCheck | undefined> {
  loading ??= import('../../../../shared/call-me-now').then(
    ({ CallMeNowSchema }): PhoneNumberCheck =>
      (phoneNumber) => {
        const result = CallMeNowSchema.safeParse({ phoneNumber });
        if (result.success) return undefined;
        return result.error.issues[0]?.message ?? 'Please enter a valid phone number';
      },
    () => {
      loading = undefined; // try again next time
      return undefined;
    },
  );
  return loading;
}
