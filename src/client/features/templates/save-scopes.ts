import { type LucideIcon, MailOpen, MessageSquareText } from 'lucide-react';
import { ApiError } from '@/lib/api-client';
import {
  TEMPLATE_FIELD_INFO,
  type TemplateField,
  type TemplateTab,
} from '../../../shared/templates';

export type SaveScope = 'all' | TemplateTab;

/** Spec section 8's texts for each save button. */
export const SAVE_TEXT: Record<
  SaveScope,
  { button: string; success: string; successDescription: string; failure: string; error: string }
> = {
  all: {
    button: 'Save All Templates',
    success: 'Templates Updated',
    successDescription: 'All message templates have been saved successfully.',
    failure: 'Failed to update templates',
    error: 'Failed to update templates. Please try again.',
  },
  whatsapp: {
    button: 'Save WhatsApp Templates',
    success: 'WhatsApp Templates Saved',
    successDescription: 'New WhatsApp messages, and SMS sent in their place, will use them.',
    failure: 'Failed to update WhatsApp templates',
    error: 'Failed to save WhatsApp templates. Please try again.',
  },
  email: {
    button: 'Save Email Templates',
    success: 'Email Templates Saved',
    successDescription: 'New emails to leaseholders will use them.',
    failure: 'Failed to update email templates',
    error: 'Failed to save email templates. Please try again.',
  },
};

export const TABS: { value: TemplateTab; label: string; icon: LucideIcon; description: string }[] =
  [
    {
      value: 'whatsapp',
      label: 'WhatsApp Templates',
      icon: MessageSquareText,
      description:
        'Short, plain messages sent by WhatsApp. If WhatsApp fails, the same text is sent by SMS, so keep each one brief.',
    },
    {
      value: 'email',
      label: 'Email Templates',
      icon: MailOpen,
      description:
        'The subject and body of each email. HTML bodies can use inline styles; values put into them are HTML-escaped.',
    },
  ];

/** The 400 answer's per-field messages (the global error handler's `errors`). */
export function serverFieldErrors(error: unknown): { field: TemplateField; message: string }[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const errors = error.body?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (item): item is { field: TemplateField; message: string } =>
      typeof item?.field === 'string' &&
      typeof item?.message === 'string' &&
      item.field in TEMPLATE_FIELD_INFO,
  );
}
