import { Fragment } from 'react';

/**
 * An email address that a narrow screen wraps where a reader expects: after the @ and before a
 * dot ("enquiries@ / riverside-estates.example"), never in the middle of a word.
 */
export function EmailAddress({ address }: { address: string }) {
  const parts = address.split(/(?<=@)|(?=\.)/);
  return (
    <>
      {parts.map((part, index) => (
        // The parts of one fixed string: their order never changes.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
