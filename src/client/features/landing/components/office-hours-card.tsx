import Clock from 'lucide-react/icons/clock';
import { telHref } from '@/lib/contact-links';
import { SectionCard } from './section-card';

// Spec sections 2 and 9.
const HOURS = [
  { days: 'Monday to Friday', hours: '9:00 AM to 5:30 PM' },
  { days: 'Saturday and Sunday', hours: 'Closed' },
  { days: 'Emergency contact', hours: '24/7' },
] as const;

export function OfficeHoursCard({
  contactPhone,
  className,
}: {
  contactPhone: string;
  className?: string;
}) {
  return (
    <SectionCard icon={Clock} title="Office Hours" className={className}>
      <table className="w-full border-collapse text-left">
        <caption className="sr-only">Office hours</caption>
        <tbody>
          {HOURS.map((row) => (
            <tr key={row.days} className="border-b border-border last:border-b-0">
              <th scope="row" className="py-3 pr-4 font-medium text-foreground">
                {row.days}
              </th>
              <td className="py-3 text-right font-semibold text-primary">
                <KeptTogether text={row.hours} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-4 rounded-lg bg-muted p-3 text-muted-foreground">
        For an urgent problem with your building out of hours, such as a leak or a security issue,
        call{' '}
        <a
          href={telHref(contactPhone)}
          className="font-semibold whitespace-nowrap text-primary underline underline-offset-4"
        >
          {contactPhone}
        </a>
        . In a fire or any danger to life, call 999.
      </p>
    </SectionCard>
  );
}

/**
 * '9:00 AM to 5:30 PM' breaks only around 'to' when the text is large (a phone's larger text
 * setting): a time is never split from its AM or PM.
 */
function KeptTogether({ text }: { text: string }) {
  return text.split(' to ').map((part, at) => (
    <span key={part}>
      {at > 0 && ' to '}
      <span className="whitespace-nowrap">{part}</span>
    </span>
  ));
}
