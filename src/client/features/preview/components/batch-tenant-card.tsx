import { CheckCircle2, Mail, MessageSquareText, Smartphone } from 'lucide-react';
import { useId, useState } from 'react';
import { EmailPreview } from '@/components/message-preview/email-preview';
import { SmsPreview, WhatsAppPreview } from '@/components/message-preview/text-message-preview';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { BatchPreview } from '../../../../shared/messages';
import { channelsFor } from '../channels';
import { formatAmount } from '../format-amount';
import { ChannelBadges } from './channel-badges';

type BatchTenant = BatchPreview['tenants'][number];
type Channel = 'email' | 'whatsapp' | 'sms';

function Unused({ children }: { children: string }) {
  return (
    <p className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
      {children}
    </p>
  );
}

/**
 * One tenant of a batch (spec section 2): who, how much, where, and their three messages. The
 * messages sit in tabs so a batch of hundreds stays a page staff can scroll.
 */
export function BatchTenantCard({ entry }: { entry: BatchTenant }) {
  const { tenant, preview } = entry;
  const { hasEmail, hasPhone } = channelsFor(tenant);
  const headingId = useId();
  const [channel, setChannel] = useState<Channel>(hasEmail || !hasPhone ? 'email' : 'whatsapp');
  const details: [string, string][] = [
    ['Email', tenant.email?.trim() || 'Not provided'],
    ...(hasEmail && tenant.otherEmails.length > 0
      ? [['Copied to', tenant.otherEmails.join(', ')] as [string, string]]
      : []),
    ['Phone', tenant.phone?.trim() || 'Not provided'],
    ['Property', tenant.address],
  ];

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <h2 id={headingId} className="text-lg font-semibold leading-tight">
            {tenant.name}
          </h2>
          <p className="text-lg font-semibold tabular-nums">{formatAmount(entry.amount)}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {entry.isSent ? (
            <Badge variant="default">
              <CheckCircle2 aria-hidden="true" />
              Sent
            </Badge>
          ) : null}
          <ChannelBadges contact={tenant} />
        </div>
      </CardHeader>
      <CardContent className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <dl className="flex flex-col gap-3 text-sm">
          {details.map(([label, value]) => (
            <div key={label} className="flex flex-col gap-0.5">
              <dt className="text-muted-foreground">{label}</dt>
              <dd
                className={
                  value === 'Not provided' ? 'italic text-muted-foreground' : 'wrap-anywhere'
                }
              >
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <Tabs value={channel} onValueChange={setChannel} className="flex min-w-0 flex-col gap-3">
          <TabsList aria-label={`Messages for ${tenant.name}`} className="self-start">
            <TabsTrigger value="email">
              <Mail aria-hidden="true" />
              Email
            </TabsTrigger>
            <TabsTrigger value="whatsapp">
              <MessageSquareText aria-hidden="true" />
              WhatsApp
            </TabsTrigger>
            <TabsTrigger value="sms">
              <Smartphone aria-hidden="true" />
              SMS Fallback
            </TabsTrigger>
          </TabsList>
          <TabsContent value="email">
            {hasEmail ? (
              <EmailPreview
                title={`Email to ${tenant.name}`}
                to={tenant.email}
                cc={tenant.otherEmails}
                subject={preview.email.subject}
                body={preview.email.content}
                isLazy
              />
            ) : (
              <Unused>No email address: no email will be sent.</Unused>
            )}
          </TabsContent>
          <TabsContent value="whatsapp">
            {hasPhone ? (
              <WhatsAppPreview text={preview.whatsapp.content} />
            ) : (
              <Unused>No phone number: no WhatsApp message will be sent.</Unused>
            )}
          </TabsContent>
          <TabsContent value="sms" className="flex flex-col gap-2">
            <p className="text-sm text-muted-foreground">Used if WhatsApp fails</p>
            {hasPhone ? (
              <SmsPreview text={preview.sms.content} />
            ) : (
              <Unused>No phone number: no SMS will be sent.</Unused>
            )}
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
