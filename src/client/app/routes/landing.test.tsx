// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LandingPage } from './landing';

// What the server writes into index.html (ARCHITECTURE section 6); read once per page load.
const config = {
  companyName: 'Harbour Court Estates',
  contactPhone: '0161 496 0000',
  contactEmail: 'help@harbour-court.example',
  linkLifetimeDays: 5,
  paymentProvider: 'demo',
};

beforeAll(() => {
  const meta = document.createElement('meta');
  meta.name = 'portal-config';
  meta.content = JSON.stringify(config);
  document.head.append(meta);
});

afterEach(cleanup);

function region(name: string) {
  return screen.getByRole('region', { name });
}

describe('Landing page', () => {
  it('has the landmarks, one h1 and headings in order', () => {
    render(<LandingPage />);
    expect(screen.getByRole('banner')).toHaveTextContent(config.companyName);
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Pay your service charge securely online',
    );
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    levels.forEach((level, index) => {
      if (index > 0) expect(level).toBeLessThanOrEqual(levels[index - 1]! + 1);
    });
  });

  it('tells leaseholders to pay through the link sent by email or WhatsApp', () => {
    render(<LandingPage />);
    const howToPay = screen.getByRole('heading', { name: 'How do I pay?' }).parentElement!;
    expect(howToPay).toHaveTextContent(
      'Open the unique payment link we sent you by email or WhatsApp.',
    );
  });

  it('lists the secure payment promises', () => {
    render(<LandingPage />);
    const card = region('Secure Payments');
    for (const text of [
      'Bank-level encryption',
      'Your card and bank details are never stored on our servers.',
      'Pay by debit or credit card, Open Banking or Direct Debit.',
      'Instant confirmation',
    ]) {
      expect(within(card).getByText(text)).toBeInTheDocument();
    }
  });

  it('shows the contact details from the page config as phone and email links', () => {
    render(<LandingPage />);
    const card = region('Contact Us');
    expect(within(card).getByRole('link', { name: /Main office\s*0161 496 0000/ })).toHaveAttribute(
      'href',
      'tel:01614960000',
    );
    expect(
      within(card).getByRole('link', { name: /General enquiries\s*help@harbour-court.example/ }),
    ).toHaveAttribute('href', 'mailto:help@harbour-court.example');
    expect(screen.getByRole('link', { name: 'Call us on 0161 496 0000' })).toHaveAttribute(
      'href',
      'tel:01614960000',
    );
  });

  it('shows the office hours as a table', () => {
    render(<LandingPage />);
    const table = within(region('Office Hours')).getByRole('table', { name: 'Office hours' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Monday to Friday', '9:00 AM to 5:30 PM'],
      ['Saturday and Sunday', 'Closed'],
      ['Emergency contact', '24/7'],
    ]);
  });

  it('has the Call Me Now form', () => {
    render(<LandingPage />);
    const card = region('Call Me Now');
    expect(within(card).getByLabelText('Your phone number')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Call Me Now' })).toBeInTheDocument();
    expect(within(card).getByRole('heading', { name: 'What happens next' })).toBeInTheDocument();
    expect(card).toHaveTextContent('We will never ask for your card details on the phone.');
    expect(screen.getByRole('link', { name: 'Request a call back' })).toHaveAttribute(
      'href',
      `#${card.id}`,
    );
  });

  it('explains the three steps', () => {
    render(<LandingPage />);
    const section = screen.getByRole('region', { name: 'How it works' });
    const steps = within(section).getAllByRole('listitem');
    expect(steps.map((step) => within(step).getByRole('heading').textContent)).toEqual([
      'Step 1: Receive your link',
      'Step 2: Pay securely',
      'Step 3: Get confirmation',
    ]);
    expect(steps[0]).toHaveTextContent(/by email and by WhatsApp, or by text message \(SMS\)/);
    expect(steps[2]).toHaveTextContent(/receipt/);
  });

  it('gives the important information, with the configured link lifetime', () => {
    render(<LandingPage />);
    const section = screen.getByRole('region', { name: 'Important Information' });
    for (const title of ['Link expiry', 'Privacy', 'Support', 'Security']) {
      expect(within(section).getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(section).toHaveTextContent('expires after 5 days');
    expect(section).toHaveTextContent('for the named leaseholder only');
    expect(section).toHaveTextContent(
      'We will never ask for your card details by phone, email or text message.',
    );
    expect(within(section).getByRole('link', { name: config.contactEmail })).toHaveAttribute(
      'href',
      `mailto:${config.contactEmail}`,
    );
  });

  it('has a footer with the company, the year and Admin Access', () => {
    render(<LandingPage />);
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} ${config.companyName}`);
    expect(within(footer).getByRole('link', { name: 'Admin Access' })).toHaveAttribute(
      'href',
      '/admin',
    );
  });
});
