import { describe, expect, it } from 'vitest';
import { escapeHtml, findPlaceholders, renderTemplate } from './render-template.js';

describe('renderTemplate', () => {
  it('replaces each placeholder, with or without spaces inside the braces', () => {
    const rendered = renderTemplate(
      'Dear {{tenantName}}, {{ amount }} is due for {{property}}. {{tenantName}}, pay by {{  expiryDate}}.',
      {
        tenantName: 'Mrs Hughes',
        amount: '£1,245.50',
        property: 'Flat 4',
        expiryDate: '21/03/2025',
      },
      { mode: 'text' },
    );
    expect(rendered).toBe(
      'Dear Mrs Hughes, £1,245.50 is due for Flat 4. Mrs Hughes, pay by 21/03/2025.',
    );
  });

  it('escapes <script> and quotes in html mode', () => {
    const rendered = renderTemplate(
      '<p>Dear {{tenantName}}</p><a href="{{paymentUrl}}">Pay</a>',
      {
        tenantName: `<script>alert("x")</script> O'Brien & Sons`,
        paymentUrl: 'https://pay.example/a?b=1&c="2"',
      },
      { mode: 'html' },
    );
    expect(rendered).toBe(
      '<p>Dear &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Brien &amp; Sons</p>' +
        '<a href="https://pay.example/a?b=1&amp;c=&quot;2&quot;">Pay</a>',
    );
    expect(rendered).not.toContain('<script>');
  });

  it('leaves values plain in text mode', () => {
    const rendered = renderTemplate(
      'Hello {{tenantName}}',
      { tenantName: `<script>alert("x")</script> O'Brien & Sons` },
      { mode: 'text' },
    );
    expect(rendered).toBe(`Hello <script>alert("x")</script> O'Brien & Sons`);
  });

  it('does not escape the template itself, only the values', () => {
    expect(renderTemplate('<b>{{amount}}</b> & more', { amount: '£5' }, { mode: 'html' })).toBe(
      '<b>£5</b> & more',
    );
  });

  it('renders a placeholder with no value, or an unknown one, as nothing', () => {
    const rendered = renderTemplate(
      '[{{transactionId}}][{{paymentDate}}][{{bogus}}][{{constructor}}][{{toString}}]',
      { transactionId: undefined, paymentDate: null },
      { mode: 'html' },
    );
    expect(rendered).toBe('[][][][][]');
  });

  it('renders numbers as text and does not re-render placeholders inside values', () => {
    const rendered = renderTemplate(
      '{{amount}} / {{tenantName}}',
      { amount: 12.5, tenantName: '{{amount}}' },
      { mode: 'text' },
    );
    expect(rendered).toBe('12.5 / {{amount}}');
  });

  it('reads a template with a long run of spaces inside open braces as text', () => {
    // A pattern matching the spaces around the name would backtrack on this for minutes.
    const template = `{{${' '.repeat(20_000)}x {{ tenantName }}`;
    expect(renderTemplate(template, { tenantName: 'A' }, { mode: 'text' })).toBe(
      template.replace('{{ tenantName }}', 'A'),
    );
    expect(findPlaceholders(`{{${' '.repeat(20_000)}x`)).toEqual([]);
  });

  it('leaves single braces alone', () => {
    expect(
      renderTemplate('{tenantName} {{tenantName}}', { tenantName: 'A' }, { mode: 'text' }),
    ).toBe('{tenantName} A');
  });
});

describe('findPlaceholders', () => {
  it('lists each name once, in order of first use, trimmed', () => {
    expect(findPlaceholders('{{ b }} {{a}} {{b}} {{}} {c}')).toEqual(['b', 'a', '']);
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });
});
