import { describe, expect, it } from 'vitest';
import { mailtoHref, telHref } from './contact-links';

describe('contact links', () => {
  it('dials the digits only, keeping an international +', () => {
    expect(telHref('020 7946 0123')).toBe('tel:02079460123');
    expect(telHref('+44 (0)20 7946-0123')).toBe('tel:+4402079460123');
  });

  it('mails the trimmed address', () => {
    expect(mailtoHref(' help@example.com ')).toBe('mailto:help@example.com');
  });
});
