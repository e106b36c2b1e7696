import type { CallbackRequestItem } from '../../../shared/callback-requests.js';
import type { CallbackRequest } from '../../db/schema.js';
import { formatPhoneForDisplay } from './phone-display.js';

export function toCallbackRequestItem(row: CallbackRequest): CallbackRequestItem {
  return {
    id: row.id,
    phoneNumber: row.phone_number,
    phoneDisplay: formatPhoneForDisplay(row.phone_number),
    createdAt: new Date(row.created_at).toISOString(),
    handledAt: row.handled_at === null ? null : new Date(row.handled_at).toISOString(),
  };
}
