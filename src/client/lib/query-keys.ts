import type { CallbackRequestStatus } from '../../shared/callback-requests';
import type { LeaseholderListQuery } from '../../shared/leaseholders';
import type { PreviewData } from '../../shared/messages';
import type { PaymentLinkListQuery } from '../../shared/payment-links';

/**
 * Every cache key the client uses, in one place, so that a mutation can name exactly what it
 * changed (`queryKeys.paymentLinks.all` covers every page of the list) and two features that
 * read the same thing share its cache entry without importing each other.
 */
export const queryKeys = {
  authStatus: ['auth-status'],
  providerModes: ['provider-modes'],
  dashboard: {
    all: ['dashboard'],
    stats: ['dashboard', 'stats'],
    recentPayments: ['dashboard', 'recent-payments'],
    expiringLinks: ['dashboard', 'expiring-links'],
    disputes: ['dashboard', 'disputes'],
    unsentUploads: ['dashboard', 'unsent-uploads'],
    replies: ['dashboard', 'replies'],
  },
  paymentLinks: {
    all: ['payment-links'],
    list: (query: PaymentLinkListQuery) => ['payment-links', 'list', query],
  },
  messages: {
    all: ['messages'],
    list: (filters: object) => ['messages', 'list', filters],
    detail: (id: string) => ['messages', 'detail', id],
  },
  leaseholders: {
    all: ['leaseholders'],
    lists: ['leaseholders', 'list'],
    list: (query: LeaseholderListQuery) => ['leaseholders', 'list', query],
    detail: (id: string) => ['leaseholders', 'detail', id],
    chase: ['leaseholders', 'chase'],
    chaseProgress: (id: string) => ['leaseholders', 'chase', id],
  },
  callbackRequests: {
    all: ['callback-requests'],
    list: (status: CallbackRequestStatus) => ['callback-requests', status],
  },
  system: {
    all: ['system'],
    overview: ['system', 'overview'],
    deadJobs: (page: object) => ['system', 'jobs', 'dead', page],
    auditLog: (filters: object) => ['system', 'audit', filters],
  },
  templates: ['templates'],
  uploadBatch: (batchId: string) => ['upload-batch', batchId],
  batchPreview: (batchId: string) => ['batch-preview', batchId],
  messagePreview: (data: PreviewData) => ['message-preview', data],
} as const;

/** Mutations other code recognises by key (a wrong password's 401 is not a lapsed session). */
export const mutationKeys = {
  login: ['login'],
} as const;
