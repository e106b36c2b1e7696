import { Eye, MailOpen, MessageSquareText } from 'lucide-react';
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

function WhatsAppPreview({ text }: { text: string }) {
  return (
    <div className="rounded-lg bg-[#efeae2] p-3 sm:p-4">
      {text.trim() === '' ? (
        <p className="py-4 text-center text-sm text-muted-foreground">
          Nothing to preview: this template is empty.
        </p>
      ) : (
        <div className="ml-auto max-w-[92%] rounded-lg rounded-tr-none bg-[#d9fdd3] px-3 py-2 text-[15px] leading-snug text-[#111b21] shadow-sm">
          <p className="whitespace-pre-wrap break-words" data-testid="whatsapp-preview-text">
            {text}
          </p>
        </div>
      )}
      <p className="mt-2 text-right text-xs text-muted-foreground">
        {text.length.toLocaleString('en-GB')} characters with the sample data
      </p>
    </div>
  );
}

function EmailPreview({
  subject,
  body,
  isHtml,
  title,
}: {
  subject: string;
  body: string;
  isHtml: boolean;
  title: string;
}) {
  return (
    <div className="overflow-hidden rounded-lg border border-border">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 border-b border-border bg-muted px-3 py-2 text-sm">
        <dt className="text-muted-foreground">To</dt>
        <dd className="truncate">{SAMPLE_LEASEHOLDER.tenantName}</dd>
        <dt className="text-muted-foreground">Subject</dt>
        <dd className="break-words font-medium" data-testid="email-preview-subject">
          {subject}
        </dd>
      </dl>
      {isHtml ? (
        // Staff-written HTML never enters the admin page: it is drawn in a sandbox with no
        // scripts, no same-origin access, no forms and no navigation of this page.
        <iframe
          title={title}
          sandbox=""
          srcDoc={body}
          referrerPolicy="no-referrer"
          className="block h-[520px] w-full bg-white"
        />
      ) : (
        <pre className="max-h-[520px] overflow-auto whitespace-pre-wrap break-words bg-card p-3 font-sans text-sm leading-relaxed">
          {body}
        </pre>
      )}
    </div>
  );
}

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
      subject={renderTemplate(templates[parts.subject], sample, { mode: 'text' })}
      body={renderTemplate(templates[parts.body], sample, {
        mode: bodyFormat === 'html' ? 'html' : 'text',
      })}
      isHtml={bodyFormat === 'html'}
    />
  ) : (
    <WhatsAppPreview text={renderTemplate(templates[field], sample, { mode: 'text' })} />
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
