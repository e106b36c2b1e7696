// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SampleSettingsBanner } from './sample-settings-banner';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWith(sampleSettings: string[] | undefined) {
  const body = { email: 'smtp', messaging: 'twilio', payments: 'stripe', isDemo: false };
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ ...body, sampleSettings }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SampleSettingsBanner />
      <p>page</p>
    </QueryClientProvider>,
  );
}

describe('SampleSettingsBanner', () => {
  it('says which company details are still the samples and where to set them', async () => {
    renderWith(['COMPANY_NAME', 'CONTACT_PHONE', 'CONTACT_EMAIL']);
    const banner = await screen.findByRole('region', { name: 'Sample settings' });
    expect(banner).toHaveTextContent(
      'The company name, phone number and email address shown to leaseholders are still the sample values. Set COMPANY_NAME, CONTACT_PHONE and CONTACT_EMAIL in the server’s environment or its .env file, then restart it (README, Configuration).'.replace(
        '’',
        "'",
      ),
    );
  });

  it('is not shown once the details are the company’s own', async () => {
    renderWith([]);
    await screen.findByText('page');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Sample settings' })).toBeNull();
  });
});
