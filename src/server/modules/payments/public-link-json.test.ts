import { describe, expect, it } from 'vitest';
import type { PublicPaymentLink } from '../../../shared/payment-page.js';
import { publicPaymentLinkJson } from './public-link-json.js';

describe('publicPaymentLinkJson', () => {
  it('writes exactly what JSON.stringify writes, whatever the names hold', () => {
    const names = [
      'Margaret Hughes',
      'Seán O’Brien-Ní Bhriain',
      'Dr "Bob" \\ Smith',
      'Line one\nLine two\ttabbed\u0001',
      '</script><script>alert(1)</script>',
      '王小明 🏠',
      'lone surrogate \ud800 end',
    ];
    for (const name of names) {
      // Typed as the whole answer: a field added to PublicPaymentLink must be added here, and
      // then the writer must write it for the two to agree.
      const link: Required<PublicPaymentLink> = {
        id: 'Zx81abcDEF-_09',
        amount: '1245.50',
        amountPence: 124_550,
        expiresAt: '2026-12-01T16:22:32.165Z',
        status: 'processing',
        tenant: { name, address: `Flat 3, "${name}" House,\nLondon SE1 9AA` },
      };
      const json = publicPaymentLinkJson(link);
      expect(json).toBe(JSON.stringify(link));
      expect(JSON.parse(json)).toEqual(link);
    }
  });
});
