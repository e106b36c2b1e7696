// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createQueryClient } from '@/lib/query-client';
import { TEMPLATE_FIELDS, type Templates } from '../../../../shared/templates';
// Loaded before the tests, so the page's lazy import of the editor finds it ready.
import '../rich-text/rich-email-editor';
import { TemplateManagerPage } from './template-manager-page';

vi.mock('@/components/ui/toaster', () => ({
  toast: { success: vi.fn(), error: vi.fn() },
  Toaster: () => null,
}));

// The formatted email editor (ProseMirror) asks for layout jsdom does not do.
document.elementFromPoint ??= () => null;
Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** As the default emails are laid out: a frame of tables, the part staff write marked. */
const LAYOUT_HTML = `<!DOCTYPE html>
<html lang="en-GB"><body><table role="presentation" width="100%"><tr><td style="padding:28px;">
<!-- editable -->
<h1 style="margin:0 0 16px;">Your payment is due</h1>
<p style="margin:0 0 16px;">Dear {{tenantName}},</p>
<table role="presentation" align="center"><tr><td bgcolor="#0f766e"><a href="{{paymentUrl}}" target="_blank" rel="noopener">Pay now</a></td></tr></table>
<p style="margin:0;">Kind regards,<br>Riverside Estate Management</p>
<!-- /editable -->
</td></tr></table></body></html>`;

const DEFAULTS = {
  ...(Object.fromEntries(
    TEMPLATE_FIELDS.map((field) => [field, `Server ${field} for {{tenantName}}`]),
  ) as Templates),
  whatsappPaymentLink: `Dear {{tenantName}}, your balance is {{amount}} — please pay by {{expiryDate}}: {{paymentUrl}}. Unpaid sums may lead to a Letter Before Action. Questions? Call us on 020 7946 0123.`,
  emailPaymentHtml: LAYOUT_HTML,
  emailReminderHtml: LAYOUT_HTML,
  emailConfirmationHtml: LAYOUT_HTML,
};

function renderPage(templates: Templates = DEFAULTS) {
  const puts: Templates[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') puts.push(JSON.parse(String(init.body)) as Templates);
      return new Response(JSON.stringify(templates), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  const location = memoryLocation({ path: '/templates', record: true });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={location.hook}>
        <Link href="/payments">Payment Status</Link>
        <TemplateManagerPage />
      </Router>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), location, puts };
}

describe('the Template Manager (issue 31)', () => {
  it('counts a WhatsApp template’s characters and SMS parts as it is typed', async () => {
    const { user } = renderPage();
    const field = await screen.findByLabelText('Payment link message');
    const size = field.parentElement!.querySelector('[aria-live]')!;
    // A long dash needs UCS-2: 70 characters fit in one SMS, 67 a part beyond.
    expect(size).toHaveTextContent(/^Template: [\d,]+ characters · \d+ SMS parts \(/);
    await user.clear(field);
    await user.type(field, 'Pay {{{{paymentUrl}}');
    expect(size).toHaveTextContent(
      'Template: 18 characters · 1 SMS part (GSM-7). Sent as SMS if WhatsApp fails.',
    );
  });

  it('edits an email body as formatted text, with its HTML kept for experts', async () => {
    const { user } = renderPage();
    await screen.findByLabelText('Payment link message');
    await user.click(screen.getByRole('tab', { name: /Email Templates/ }));

    // Made when its tab is first opened.
    const editor = await screen.findByRole(
      'textbox',
      { name: 'Payment email HTML' },
      { timeout: 5_000 },
    );
    expect(editor).toHaveAttribute('contenteditable', 'true');
    expect(within(editor).getByRole('heading', { name: 'Your payment is due' })).toBeVisible();
    // The Pay button's table is kept whole, as a block the HTML view edits.
    expect(editor).toHaveTextContent('Pay button (HTML view only): Pay now');
    const toolbar = screen.getAllByRole('toolbar', { name: 'Formatting' })[0]!;
    expect(within(toolbar).getByRole('button', { name: 'Bold' })).toBeInTheDocument();
    expect(
      screen.getAllByRole('button', { name: 'Insert {{tenantName}} here' }).length,
    ).toBeGreaterThan(0);

    const views = screen.getAllByRole('group', { name: 'Edit as' })[0]!;
    await user.click(within(views).getByRole('button', { name: 'HTML' }));
    expect(screen.getByLabelText('Payment email HTML')).toHaveValue(DEFAULTS.emailPaymentHtml);
    expect(screen.getByText('All changes saved')).toBeInTheDocument();
  });

  it('offers only the HTML view for HTML the formatted editor would change', async () => {
    const { user } = renderPage({
      ...DEFAULTS,
      emailPaymentHtml: '<p>Dear {{tenantName}}, <span style="color:red">pay now</span></p>',
    });
    await screen.findByLabelText('Payment link message');
    await user.click(screen.getByRole('tab', { name: /Email Templates/ }));
    await waitFor(() =>
      expect(screen.getByLabelText('Payment email HTML')).toHaveValue(
        '<p>Dear {{tenantName}}, <span style="color:red">pay now</span></p>',
      ),
    );
    expect(screen.getByLabelText('Payment email HTML')).toHaveAccessibleDescription(
      expect.stringContaining('could not keep unchanged, so it is edited as HTML'),
    );
  });

  it('asks before a link leaves with unsaved changes, and stays or leaves as told', async () => {
    const { user, location } = renderPage();
    const field = await screen.findByLabelText('Payment link message');
    await user.type(field, ' Thank you.');

    await user.click(screen.getByRole('link', { name: 'Payment Status' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('You have 1 unsaved change to the templates.');
    await user.click(within(dialog).getByRole('button', { name: 'Stay and keep editing' }));
    expect(location.history).toEqual(['/templates']);
    expect(field).toHaveValue(`${DEFAULTS.whatsappPaymentLink} Thank you.`);

    await user.click(screen.getByRole('link', { name: 'Payment Status' }));
    await user.click(screen.getByRole('button', { name: 'Leave without saving' }));
    expect(location.history).toEqual(['/templates', '/payments']);
  });
});
