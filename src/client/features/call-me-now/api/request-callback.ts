import { apiRequest, errorMessage } from '@/lib/api-client';
import { CALL_ME_NOW_ERROR_MESSAGE } from '../../../../shared/call-me-now-rules';

/** What POST /api/call-me-now answers, and what the card shows (spec section 7). */
export interface CallMeNowAnswer {
  success: boolean;
  message: string;
}

function isAnswer(value: unknown): value is CallMeNowAnswer {
  if (!value || typeof value !== 'object') return false;
  const { success, message } = value as Record<string, unknown>;
  return typeof success === 'boolean' && typeof message === 'string' && message.trim() !== '';
}

/**
 * Asks for a callback. Never throws: the card always has a message to show. A refusal the server
 * explains (validation, rate limit) is shown in its own words; anything else, such as no signal
 * or a 5xx without a body, gets spec section 8's sentence.
 */
export async function requestCallback(phoneNumber: string): Promise<CallMeNowAnswer> {
  try {
    const answer = await apiRequest<unknown>('POST', '/api/call-me-now', { phoneNumber });
    return isAnswer(answer) ? answer : { success: false, message: CALL_ME_NOW_ERROR_MESSAGE };
  } catch (error) {
    return { success: false, message: errorMessage(error, CALL_ME_NOW_ERROR_MESSAGE) };
  }
}
