// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EmailAddress } from './email-address';

afterEach(cleanup);

describe('EmailAddress', () => {
  it('may wrap after the @ and before each dot, and reads as the address', () => {
    const { container } = render(
      <span>
        <EmailAddress address="enquiries@riverside-estates.example" />
      </span>,
    );
    expect(container.textContent).toBe('enquiries@riverside-estates.example');
    expect(container.firstElementChild!.innerHTML).toBe(
      'enquiries@<wbr>riverside-estates<wbr>.example',
    );
  });
});
