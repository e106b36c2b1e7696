import { Eye, MailOpen, MessageSquareText } from 'lucide-react';
import { EmailPreview } from '@/components/message-preview/email-preview';
import { WhatsAppPreview } from '@/components/message-preview/text-message-preview';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { getPublicConfig } from '@/lib/public-config';
import { renderTemplate } from '../../../../shared/render-template';
import {
  TEMPLATE_FIELD_INFO,
  type TemplateField,
  type Templates,
} from '../../../../shared/templates';
import { previewValues, SAMPLE_LEASEHOLDER } from '../preview-sample';
import { useDebouncedValue } from '../use-debounced-value';

/** The subject that goes with each email body, and the body shown for each subject. */
const EMAIL_PARTS: Partial<Record<TemplateField, { subject: TemplateField; body: TemplateField }>> =
  {
    emailPaymentSubject: { subject: 'emailPaymentSubject', body: 'emailPaymentHtml' },
    emailPaymentHtml: { subject: 'emailPaymentSubject', body: 'emailPaymentHtml' },
    emailPaymentText: { subject: 'emailPaymentSubject', body: 'emailPaymentText' },
    emailReminderSubject: { subject: 'emailReminderSubject', body: 'emailReminderHtml' },
    emailReminderHtml: { subject: 'emailReminderSubject', body: 'emailReminderHtml' },
    emailConfirmationSubject: {
      subject: 'emailConfirmationSubject',
      body: 'emailConfirmationHtml',
    },
    emailConfirmationHtml: { subject: 'emailConfirmationSubject', body: 'emailConfirmationHtml' },
  };

/**
 * A live preview of the template being edited, filled in with a sample leaseholder exactly as a
 * message would be: HTML escaped for HTML bodies, plain for texts and subjects.
 */
export function TemplatePreview({
  field,
  values,
  isInline = false,
}: {
  field: TemplateField;
  values: Templates;
  /** Shown under the field being edited (phones) rather than as a card beside the form. */
  isInline?: boolean;
}) {
  // A quarter of a second behind the typing: an iframe that reloads per keystroke flickers.
  const templates = useDebouncedValue(values, 250);
  const info = TEMPLATE_FIELD_INFO[field];
  const sample = previewValues({
    field,
    now: Date.now(),
    origin: window.location.origin,
    linkLifetimeDays: getPublicConfig().linkLifetimeDays,
  });
  const parts = EMAIL_PARTS[field];
  const bodyFormat = parts ? TEMPLATE_FIELD_INFO[parts.body].format : 'text';
  const Icon = parts ? MailOpen : MessageSquareText;
  // Inline, it sits under a field of a card whose own heading is an h2.
  const Heading = isInline ? 'h3' : 'h2';

  const heading = (
    <>
      <Heading className="flex items-center gap-2 text-base font-semibold leading-tight">
        <Eye aria-hidden="true" className="size-4 text-accent" />
        Preview
      </Heading>
      <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        <span>{parts ? TEMPLATE_FIELD_INFO[parts.body].label : info.label}, with sample data</span>
      </p>
    </>
  );
  const content = parts ? (
    <EmailPreview
      title={`Email preview: ${TEMPLATE_FIELD_INFO[parts.body].label}`}
      to={SAMPLE_LEASEHOLDER.tenantName}
      subject={renderTemplate(templates[parts.subject], sample, { mode: 'text' })}
      body={renderTemplate(templates[parts.body], sample, {
        mode: bodyFormat === 'html' ? 'html' : 'text',
      })}
      isHtml={bodyFormat === 'html'}
    />
  ) : (
    <WhatsAppPreview
      text={renderTemplate(templates[field], sample, { mode: 'text' })}
      lengthSuffix=" with the sample data"
    />
  );

  if (isInline) {
    // Under the field on a phone: no card inside the card, so the preview keeps its width.
    return (
      <section
        aria-label="Preview"
        data-testid="template-preview"
        className="mt-2 flex flex-col gap-2"
      >
        {heading}
        {content}
      </section>
    );
  }
  return (
    <Card data-testid="template-preview">
      <CardHeader>{heading}</CardHeader>
      <CardContent>{content}</CardContent>
    </Card>
  );
}
