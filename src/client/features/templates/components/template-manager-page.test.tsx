// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { TEMPLATE_FIELDS, type Templates } from '../../../../shared/templates';
// Loaded before the tests, so the page's lazy import of the email editor finds it ready.
import '../rich-text/rich-email-editor';
import { TemplateManagerPage } from './template-manager-page';

vi.mock('@/components/ui/toaster', () => ({
  toast: { success: vi.fn(), error: vi.fn() },
  Toaster: () => null,
}));

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** The server copy: every field different, so a test can see which value was sent. */
function serverTemplates(): Templates {
  return {
    ...(Object.fromEntries(
      TEMPLATE_FIELDS.map((field) => [field, `Server ${field} for {{tenantName}}`]),
    ) as Templates),
    emailPaymentHtml:
      '<p>Dear {{tenantName}}, pay {{amount}} at <a href="{{paymentUrl}}">link</a></p>',
  };
}

interface ServerOptions {
  failGet?: boolean;
  /** The PUT answer; by default the body is stored and answered. */
  putAnswer?: (body: Templates) => Response;
  /** The messages sent on WhatsApp as an approved template (GET /api/system/modes). */
  approved?: string[];
}

/** GET and PUT /api/templates over one stored record, as the server answers them. */
function mockServer(options: ServerOptions = {}) {
  let stored = serverTemplates();
  const puts: Templates[] = [];
  let getCount = 0;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/templates' && method === 'GET') {
      getCount += 1;
      if (options.failGet && getCount === 1) {
        return new Response('', { status: 500, statusText: 'Internal Server Error' });
      }
      return json(200, stored);
    }
    if (url === '/api/templates' && method === 'PUT') {
      const body = JSON.parse(String(init?.body)) as Templates;
      puts.push(body);
      if (options.putAnswer) return options.putAnswer(body);
      stored = body;
      return json(200, stored);
    }
    if (url === '/api/system/modes' && options.approved) {
      return json(200, {
        email: 'smtp',
        messaging: 'twilio',
        payments: 'stripe',
        isDemo: false,
        whatsappApproved: options.approved,
      });
    }
    return json(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, puts };
}

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TemplateManagerPage />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const tab = (name: RegExp) => screen.getByRole('tab', { name });
const field = (label: string) => screen.getByLabelText(label);

async function replaceText(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  await user.clear(field(label));
  // user-event reads { and [ as key descriptors: doubled, they are typed as themselves.
  await user.type(field(label), text.replaceAll('{', '{{').replaceAll('[', '[['));
}

// The formatted email editor (ProseMirror) asks for layout jsdom does not do.
document.elementFromPoint ??= () => null;
Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TemplateManagerPage', () => {
  it('shows a skeleton while the templates load', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Message Templates' })).toBeVisible();
    expect(screen.getAllByTestId('skeleton').length).toBeGreaterThan(0);
    expect(screen.getByRole('status')).toHaveTextContent('Loading templates');
  });

  it('says "Failed to fetch templates" with a retry that loads them', async () => {
    mockServer({ failGet: true });
    const user = renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch templates');

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByLabelText('Payment link message')).toHaveValue(
      'Server whatsappPaymentLink for {{tenantName}}',
    );
  });

  it('shows both tabs, each save button, Save All and every template variable', async () => {
    mockServer();
    const user = renderPage();
    await screen.findByLabelText('Payment link message');

    expect(screen.getByRole('tablist', { name: 'Template type' })).toBeInTheDocument();
    expect(tab(/WhatsApp Templates/)).toHaveAttribute('aria-selected', 'true');
    expect(tab(/Email Templates/)).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel', { name: /WhatsApp Templates/ })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save WhatsApp Templates' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save All Templates' })).toBeVisible();
    expect(field('Payment link message').getAttribute('rows')).toMatch(/^([4-9]|1[0-5])$/);

    const variables = screen.getByRole('region', { name: 'Template Variables' });
    for (const name of [
      'tenantName',
      'amount',
      'property',
      'paymentUrl',
      'expiryDate',
      'expiresAt',
      'transactionId',
      'paymentDate',
      'timeRemaining',
    ]) {
      expect(within(variables).getByText(`{{${name}}}`)).toBeInTheDocument();
    }
    expect(within(variables).getByText(/balance due in pounds/)).toBeInTheDocument();

    await user.click(tab(/Email Templates/));
    expect(screen.getByRole('tabpanel', { name: /Email Templates/ })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save Email Templates' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save WhatsApp Templates' })).toBeNull();
  });

  it('moves between the tabs with the arrow keys', async () => {
    mockServer();
    const user = renderPage();
    await screen.findByLabelText('Payment link message');

    tab(/WhatsApp Templates/).focus();
    await user.keyboard('{ArrowRight}');
    expect(tab(/Email Templates/)).toHaveFocus();
    expect(tab(/Email Templates/)).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(tab(/WhatsApp Templates/)).toHaveFocus();
    await user.keyboard('{End}');
    expect(tab(/Email Templates/)).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(tab(/WhatsApp Templates/)).toHaveAttribute('aria-selected', 'true');
  });

  it('saves the WhatsApp tab with the email values unchanged from the server copy', async () => {
    const { puts } = mockServer();
    const user = renderPage();
    await screen.findByLabelText('Payment link message');

    // An unsaved email edit must neither be sent nor lost.
    await user.click(tab(/Email Templates/));
    await replaceText(user, 'Payment email subject', 'Edited subject {{amount}}');
    await user.click(tab(/WhatsApp Templates/));
    await replaceText(user, 'Payment link message', 'New text for {{tenantName}}: {{paymentUrl}}');
    expect(screen.getByText('2 unsaved changes')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save WhatsApp Templates' }));

    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      ...serverTemplates(),
      whatsappPaymentLink: 'New text for {{tenantName}}: {{paymentUrl}}',
    });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('WhatsApp Templates Saved', {
        description: expect.stringMatching(/WhatsApp/),
      }),
    );
    expect(await screen.findByText('1 unsaved change')).toBeInTheDocument();
    await user.click(tab(/Email Templates/));
    expect(field('Payment email subject')).toHaveValue('Edited subject {{amount}}');
  });

  it('saves the Email tab with the WhatsApp values unchanged from the server copy', async () => {
    const { puts } = mockServer();
    const user = renderPage();
    await screen.findByLabelText('Payment link message');
    await replaceText(user, '1-hour reminder message', 'Unsaved WhatsApp edit');

    await user.click(tab(/Email Templates/));
    await replaceText(user, 'Reminder email subject', 'Only {{timeRemaining}} left');
    await user.click(screen.getByRole('button', { name: 'Save Email Templates' }));

    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      ...serverTemplates(),
      emailReminderSubject: 'Only {{timeRemaining}} left',
    });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Email Templates Saved', {
        description: expect.any(String),
      }),
    );
  });

  it('a later per-tab save takes the other tab from the copy saved just before', async () => {
    const { puts } = mockServer();
    const user = renderPage();
    await screen.findByLabelText('Payment link message');
    await replaceText(user, 'Payment link message', 'First save');
    await user.click(screen.getByRole('button', { name: 'Save WhatsApp Templates' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    await screen.findByText('All changes saved');

    await user.click(tab(/Email Templates/));
    await replaceText(user, 'Confirmation email subject', 'Second save');
    await user.click(screen.getByRole('button', { name: 'Save Email Templates' }));

    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toEqual({
      ...serverTemplates(),
      whatsappPaymentLink: 'First save',
      emailConfirmationSubject: 'Second save',
    });
  });

  it('saves everything with Save All Templates', async () => {
    const { puts } = mockServer();
    const user = renderPage();
    await screen.findByLabelText('Payment link message');
    await replaceText(user, 'Payment confirmation message', 'Thanks {{tenantName}}');
    await user.click(tab(/Email Templates/));
    await replaceText(user, 'Payment email plain text', 'Pay {{amount}} at {{paymentUrl}}');

    await user.click(screen.getByRole('button', { name: 'Save All Templates' }));

    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      ...serverTemplates(),
      whatsappConfirmation: 'Thanks {{tenantName}}',
      emailPaymentText: 'Pay {{amount}} at {{paymentUrl}}',
    });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Templates Updated', {
        description: 'All message templates have been saved successfully.',
      }),
    );
    expect(await screen.findByText('All changes saved')).toBeInTheDocument();
  });

  it('shows the required message under a cleared field and sends nothing', async () => {
    const { puts } = mockServer();
    const user = renderPage();
    await screen.findByLabelText('Payment link message');

    await user.clear(field('24-hour reminder message'));
    await user.type(field('24-hour reminder message'), '   ');

    expect(await screen.findByText('WhatsApp 24h reminder template is required')).toBeVisible();
    expect(field('24-hour reminder message')).toHaveAttribute('aria-invalid', 'true');
    expect(field('24-hour reminder message')).toHaveAccessibleDescription(
      expect.stringContaining('WhatsApp 24h reminder template is required'),
    );
    await user.click(screen.getByRole('button', { name: 'Save WhatsApp Templates' }));
    await user.click(screen.getByRole('button', { name: 'Save All Templates' }));
    expect(puts).toHaveLength(0);
    expect(field('24-hour reminder message')).toHaveFocus();
  });

  it('refuses an unknown placeholder by name', async () => {
    const { puts } = mockServer();
    const user = renderPage();
    await screen.findByLabelText('Payment link message');

    await replaceText(user, 'Payment link message', 'Dear {{tenantNme}}');

    expect(
      await screen.findByText(
        'Unknown placeholder {{tenantNme}} in the WhatsApp payment link template',
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save WhatsApp Templates' }));
    expect(puts).toHaveLength(0);
  });

  it('saves one tab while the other has an invalid field, and Save All shows that field', async () => {
    const { puts } = mockServer();
    const user = renderPage();
    await screen.findByLabelText('Payment link message');
    await user.click(tab(/Email Templates/));
    await user.clear(field('Confirmation email subject'));
    await user.click(tab(/WhatsApp Templates/));
    await replaceText(user, 'Payment confirmation message', 'Paid, thanks');

    await user.click(screen.getByRole('button', { name: 'Save WhatsApp Templates' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.emailConfirmationSubject).toBe(serverTemplates().emailConfirmationSubject);

    await user.click(screen.getByRole('button', { name: 'Save All Templates' }));
    expect(tab(/Email Templates/)).toHaveAttribute('aria-selected', 'true');
    expect(field('Confirmation email subject')).toHaveFocus();
    expect(screen.getByText('Email confirmation subject is required')).toBeVisible();
    expect(puts).toHaveLength(1);
  });

  it.each([
    ['Save WhatsApp Templates', 'Failed to save WhatsApp templates. Please try again.'],
    ['Save Email Templates', 'Failed to save email templates. Please try again.'],
    ['Save All Templates', 'Failed to update templates. Please try again.'],
  ])('toasts "Error" when %s fails', async (button, description) => {
    mockServer({
      putAnswer: () => new Response('', { status: 500, statusText: 'Internal Server Error' }),
    });
    const user = renderPage();
    await screen.findByLabelText('Payment link message');
    if (button === 'Save Email Templates') await user.click(tab(/Email Templates/));

    await user.click(screen.getByRole('button', { name: button }));

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Error', { description }));
    expect(toast.success).not.toHaveBeenCalled();
    expect(screen.getByText(/^Failed to update (WhatsApp |email )?templates\./)).toBeVisible();
  });

  it("shows the server's field message under the field on a 400", async () => {
    const message = 'Unknown placeholder {{x}} in the WhatsApp 1h reminder template';
    mockServer({
      putAnswer: () => json(400, { message, errors: [{ field: 'whatsappReminder1h', message }] }),
    });
    const user = renderPage();
    await screen.findByLabelText('Payment link message');

    await user.click(screen.getByRole('button', { name: 'Save WhatsApp Templates' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', {
        description: 'Failed to save WhatsApp templates. Please try again.',
      }),
    );
    expect(await screen.findByText(message)).toBeVisible();
    expect(field('1-hour reminder message')).toHaveAttribute('aria-invalid', 'true');
  });

  it('previews the WhatsApp text with the sample leaseholder', async () => {
    mockServer();
    const user = renderPage();
    await screen.findByLabelText('Payment link message');

    await replaceText(user, 'Payment link message', 'Dear {{tenantName}}, {{amount}} is due.');

    await waitFor(() =>
      expect(screen.getByTestId('whatsapp-text')).toHaveTextContent(
        'Dear Mrs Margaret Hughes, £1,245.50 is due.',
      ),
    );
  });

  it('says which WhatsApp messages go as an approved template, and that the text is the SMS', async () => {
    mockServer({ approved: ['payment_link'] });
    renderPage();
    const linkField = (await screen.findByLabelText('Payment link message')).parentElement!;

    expect(await within(linkField).findByText('Approved template on WhatsApp')).toBeVisible();
    expect(linkField).toHaveTextContent(
      'WhatsApp sends your approved template for this message, with the same details, instead of this text. This text is the SMS if WhatsApp fails.',
    );
    const reminderField = field('24-hour reminder message').parentElement!;
    expect(within(reminderField).queryByText('Approved template on WhatsApp')).toBeNull();
    expect(reminderField).toHaveTextContent('Sent as SMS if WhatsApp fails.');
  });

  it('previews email HTML in a sandboxed frame, with the sample values escaped', async () => {
    mockServer();
    const user = renderPage();
    await screen.findByLabelText('Payment link message');
    await user.click(tab(/Email Templates/));
    await user.click(field('Payment email HTML'));

    const iframe = await screen.findByTitle('Email preview: Payment email HTML');
    expect(iframe.tagName).toBe('IFRAME');
    expect(iframe.getAttribute('sandbox')).toBe('');
    const srcDoc = iframe.getAttribute('srcdoc') ?? '';
    expect(srcDoc).toContain('<p>Dear Mrs Margaret Hughes, pay £1,245.50 at <a href="http');
    expect(srcDoc).toContain('/payment/sample-');
    expect(screen.getByTestId('email-subject')).toHaveTextContent(
      'Server emailPaymentSubject for Mrs Margaret Hughes',
    );
    // The admin page itself never holds the rendered HTML.
    expect(document.querySelector('a[href*="/payment/sample-"]')).toBeNull();
  });

  it('inserts a variable at the cursor of the field being edited', async () => {
    mockServer();
    const user = renderPage();
    const input = (await screen.findByLabelText(
      'Payment confirmation message',
    )) as HTMLTextAreaElement;
    await user.clear(input);
    await user.type(input, 'Ref: ');

    await user.click(screen.getByRole('button', { name: 'Insert {{transactionId}}' }));

    expect(input).toHaveValue('Ref: {{transactionId}}');
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
  });

  it('discards unsaved changes back to the server copy', async () => {
    mockServer();
    const user = renderPage();
    await screen.findByLabelText('Payment link message');
    await replaceText(user, 'Payment link message', 'Something else');

    await user.click(screen.getByRole('button', { name: 'Discard changes' }));

    expect(field('Payment link message')).toHaveValue(
      'Server whatsappPaymentLink for {{tenantName}}',
    );
    expect(screen.getByText('All changes saved')).toBeInTheDocument();
  });
});
