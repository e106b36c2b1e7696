import { vi } from 'vitest';
import type {
  LeaseholderDetail,
  LeaseholderItem,
  TimelineEvent,
} from '../../../shared/leaseholders';

/** Test data in the API's shapes (bulletproof-react's data generators), with overrides. */
export function makeLeaseholder(overrides: Partial<LeaseholderItem> = {}): LeaseholderItem {
  return {
    id: 'acc-1',
    reference: 'RIV-F3',
    name: 'Margaret Hughes',
    email: 'margaret@example.co.uk',
    otherEmails: [],
    phone: '+447911123456',
    phoneDisplay: '07911 123456',
    phoneKind: 'mobile',
    address: 'Flat 3, Riverside Court, London SE1 9AA',
    balance: '1200.00',
    balancePence: 120_000,
    owingSince: '2026-10-02T09:00:00.000Z',
    daysOwing: 31,
    offSheetsSince: null,
    holdUntil: null,
    holdReason: null,
    openLink: {
      id: 'link-1',
      amount: '1200.00',
      paidAmount: '0.00',
      createdAt: '2026-11-01T09:00:00.000Z',
      expiresAt: '2026-11-08T09:00:00.000Z',
      linkUrl: 'http://localhost:3000/payment/link-1',
      sentAt: '2026-11-01T09:00:05.000Z',
    },
    isErased: false,
    ...overrides,
  };
}

export function makeEvent(overrides: Partial<TimelineEvent> = {}): TimelineEvent {
  return {
    at: '2026-11-01T09:00:00.000Z',
    kind: 'note',
    title: 'Note',
    detail: null,
    amount: null,
    status: null,
    actor: 'admin',
    linkId: null,
    refId: null,
    ...overrides,
  };
}

export function makeDetail(
  overrides: Partial<LeaseholderDetail> = {},
  timeline: TimelineEvent[] = [],
): LeaseholderDetail {
  return {
    ...makeLeaseholder(),
    createdAt: '2026-10-02T09:00:00.000Z',
    timeline,
    sameFlat: [],
    textsStoppedAt: null,
    ...overrides,
  };
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export interface Call {
  method: string;
  url: string;
  body?: unknown;
}

/**
 * A stand-in for the API: `answer` gets each call (method, URL, parsed JSON body) and returns
 * the response; every call is recorded.
 */
export function mockApi(answer: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const call: Call = { method: init?.method ?? 'GET', url: String(url) };
    if (typeof init?.body === 'string') call.body = JSON.parse(init.body);
    calls.push(call);
    return answer(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}
