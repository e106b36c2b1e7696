import { describe, expect, it } from 'vitest';
import {
  canAdvanceDeliveryStatus,
  type DeliveryStatus,
  deliveryStatusRank,
  mapTwilioStatus,
} from './twilio-status.js';

describe('mapTwilioStatus', () => {
  it.each([
    ['accepted', 'queued'],
    ['scheduled', 'queued'],
    ['queued', 'queued'],
    ['sending', 'queued'],
    ['sent', 'sent'],
    ['delivered', 'delivered'],
    ['read', 'read'],
    ['failed', 'failed'],
    ['canceled', 'failed'],
    ['undelivered', 'undelivered'],
  ] as const)('maps Twilio %s to %s', (twilioStatus, ours) => {
    expect(mapTwilioStatus(twilioStatus)).toBe(ours);
  });

  it('ignores statuses of inbound messages and unknown ones', () => {
    expect(mapTwilioStatus('received')).toBeNull();
    expect(mapTwilioStatus('something-new')).toBeNull();
  });
});

describe('delivery status order', () => {
  it('ranks queued < sent < delivered < read', () => {
    const progress: DeliveryStatus[] = ['queued', 'sent', 'delivered', 'read'];
    const ranks = progress.map(deliveryStatusRank);

    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(new Set(ranks).size).toBe(progress.length);
  });

  it('moves forwards only: a late "sent" never undoes "delivered"', () => {
    expect(canAdvanceDeliveryStatus('queued', 'sent')).toBe(true);
    expect(canAdvanceDeliveryStatus('sent', 'read')).toBe(true);
    expect(canAdvanceDeliveryStatus('delivered', 'sent')).toBe(false);
    expect(canAdvanceDeliveryStatus('read', 'delivered')).toBe(false);
    expect(canAdvanceDeliveryStatus('sent', 'sent')).toBe(false);
  });

  it('treats failed and undelivered as terminal', () => {
    expect(canAdvanceDeliveryStatus('sent', 'failed')).toBe(true);
    expect(canAdvanceDeliveryStatus('queued', 'undelivered')).toBe(true);
    expect(canAdvanceDeliveryStatus('failed', 'delivered')).toBe(false);
    expect(canAdvanceDeliveryStatus('undelivered', 'read')).toBe(false);
    expect(canAdvanceDeliveryStatus('failed', 'undelivered')).toBe(false);
  });

  it('does not let a failure overwrite a message that reached the phone', () => {
    expect(canAdvanceDeliveryStatus('delivered', 'failed')).toBe(false);
    expect(canAdvanceDeliveryStatus('read', 'undelivered')).toBe(false);
  });
});
