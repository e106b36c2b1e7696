import { Contact, MessageSquareOff, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmailAddress } from '@/components/email-address';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { mailtoHref, telHref } from '@/lib/contact-links';
import { formatDate } from '../../../../shared/dates';
import type { LeaseholderDetail } from '../../../../shared/leaseholders';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="wrap-anywhere">{children}</dd>
    </div>
  );
}

const none = (text: string) => <span className="italic text-muted-foreground">{text}</span>;

/** How to reach the leaseholder, and which channels their messages use. */
export function ContactCard({
  leaseholder,
  onEdit,
}: {
  leaseholder: LeaseholderDetail;
  onEdit?: () => void;
}) {
  const { email, phone } = leaseholder;
  return (
    <Card role="region" aria-labelledby="contact-heading">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle id="contact-heading" className="flex items-center gap-2">
          <Contact aria-hidden="true" className="size-5 text-primary" />
          Contact details
        </CardTitle>
        {onEdit ? (
          <Button variant="ghost" size="sm" onClick={onEdit} aria-label="Edit contact details">
            <Pencil aria-hidden="true" />
            Edit
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col gap-3">
          <Row label="Email">
            {email ? (
              <a
                href={mailtoHref(email)}
                className="text-primary underline-offset-4 hover:underline"
              >
                <EmailAddress address={email} />
              </a>
            ) : (
              none('No email: no emails are sent')
            )}
          </Row>
          {email && leaseholder.otherEmails.length > 0 ? (
            <Row label="Copied to (joint leaseholders)">
              <ul>
                {leaseholder.otherEmails.map((other) => (
                  <li key={other}>
                    <a
                      href={mailtoHref(other)}
                      className="text-primary underline-offset-4 hover:underline"
                    >
                      <EmailAddress address={other} />
                    </a>
                  </li>
                ))}
              </ul>
            </Row>
          ) : null}
          <Row label="Phone">
            {phone ? (
              <>
                <a
                  href={telHref(phone)}
                  className="text-primary underline-offset-4 hover:underline"
                >
                  {leaseholder.phoneDisplay ?? phone}
                </a>
                {leaseholder.textsStoppedAt ? (
                  <span className="mt-1 flex items-start gap-1.5 text-sm font-medium text-warning">
                    <MessageSquareOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                    Replied STOP on {formatDate(leaseholder.textsStoppedAt)}: no WhatsApp or texts
                    until they reply START
                  </span>
                ) : (
                  <span className="block text-sm text-muted-foreground">
                    {leaseholder.phoneKind === 'landline'
                      ? 'Landline: never messaged'
                      : 'WhatsApp, and SMS if WhatsApp fails'}
                  </span>
                )}
              </>
            ) : (
              none('No phone: no WhatsApp or SMS')
            )}
          </Row>
          <Row label="Account Reference">
            {leaseholder.reference ? (
              <span className="font-mono">{leaseholder.reference}</span>
            ) : (
              none('None')
            )}
          </Row>
          <Row label="Account opened">{formatDate(leaseholder.createdAt)}</Row>
        </dl>
      </CardContent>
    </Card>
  );
}
