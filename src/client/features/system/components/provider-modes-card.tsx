import { PlugZap } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useProviderModes } from '@/lib/provider-modes';
import type { ProviderModes } from '../../../../shared/system';

function rows(modes: ProviderModes) {
  return [
    { service: 'Email', isLive: modes.email === 'smtp', live: 'SMTP', demo: 'Captured, not sent' },
    {
      service: 'WhatsApp and SMS',
      isLive: modes.messaging === 'twilio',
      live: 'Twilio',
      demo: 'Captured, not sent',
    },
    { service: 'Payments', isLive: modes.payments === 'stripe', live: 'Stripe', demo: 'Simulated' },
  ];
}

/**
 * With Twilio live: WhatsApp free text reaches only those who wrote in the last 24 hours, so
 * without approved templates most WhatsApp messages go as SMS instead (decision 0017).
 */
function TemplatesRow({ count }: { count: number }) {
  return (
    <li className="flex flex-col gap-1 py-2">
      <span className="flex items-center justify-between gap-3">
        <span className="font-medium">WhatsApp templates</span>
        <Badge variant={count === 4 ? 'success' : 'warning'}>{count} of 4 approved</Badge>
      </span>
      {count < 4 ? (
        <span className="text-muted-foreground">
          A message without an approved template reaches WhatsApp only if the leaseholder wrote to
          you in the last 24 hours; otherwise it goes by SMS. Set TWILIO_WHATSAPP_TEMPLATE_…
          (README).
        </span>
      ) : null}
    </li>
  );
}

/** Which outside services are real and which are stand-ins (GET /api/system/modes). */
export function ProviderModesCard() {
  const modes = useProviderModes();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <PlugZap aria-hidden="true" className="size-5 text-primary" />
          Services
        </CardTitle>
        <CardDescription>Each is live once its settings are configured.</CardDescription>
      </CardHeader>
      <CardContent>
        {modes.data ? (
          <ul className="flex flex-col divide-y divide-border text-sm">
            {rows(modes.data).map((row) => (
              <li key={row.service} className="flex items-center justify-between gap-3 py-2">
                <span className="font-medium">{row.service}</span>
                <Badge variant={row.isLive ? 'success' : 'warning'}>
                  {row.isLive ? row.live : row.demo}
                </Badge>
              </li>
            ))}
            {modes.data.whatsappApproved === undefined ? null : (
              <TemplatesRow count={modes.data.whatsappApproved.length} />
            )}
          </ul>
        ) : modes.isError ? (
          <p className="text-sm text-destructive">Failed to load the services’ modes.</p>
        ) : (
          <div aria-hidden="true" className="flex flex-col gap-3">
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-5 w-full" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
