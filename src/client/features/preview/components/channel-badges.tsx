import { Mail, MessageSquareText, Smartphone } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { type ContactDetails, channelsFor } from '../channels';

/** Spec section 5 "Channel badges": which channels this leaseholder will be sent messages on. */
export function ChannelBadges({ contact }: { contact: ContactDetails }) {
  const { hasEmail, hasPhone } = channelsFor(contact);
  if (!hasEmail && !hasPhone) {
    return <Badge variant="destructive">No email or phone: nothing can be sent</Badge>;
  }
  return (
    <ul aria-label="Channels" className="flex flex-wrap gap-2">
      {hasEmail ? (
        <li>
          <Badge variant="info">
            <Mail aria-hidden="true" />
            Email
          </Badge>
        </li>
      ) : null}
      {hasPhone ? (
        <>
          <li>
            <Badge variant="success">
              <MessageSquareText aria-hidden="true" />
              WhatsApp
            </Badge>
          </li>
          <li>
            <Badge variant="outline">
              <Smartphone aria-hidden="true" />
              SMS Fallback
            </Badge>
          </li>
        </>
      ) : null}
    </ul>
  );
}
