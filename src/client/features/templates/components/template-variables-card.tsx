import { Braces, Plus } from 'lucide-react';
import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { TEMPLATE_PLACEHOLDERS } from '../../../../shared/templates';

/**
 * Spec section 2: the placeholders staff may use, each with what it becomes. A click puts one
 * into the field being edited, at the cursor.
 */
export function TemplateVariablesCard({
  targetLabel,
  onInsert,
  className,
}: {
  /** The field a click inserts into. */
  targetLabel: string;
  onInsert: (token: string) => void;
  className?: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={className}>
      <Card>
        <CardHeader>
          <h2
            id={headingId}
            className="flex items-center gap-2 text-base font-semibold leading-tight"
          >
            <Braces aria-hidden="true" className="size-4 text-accent" />
            Template Variables
          </h2>
          <CardDescription>
            Each one is replaced with the leaseholder's details when the message is sent. Select one
            to insert it into <span className="font-medium text-foreground">{targetLabel}</span>.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
            {TEMPLATE_PLACEHOLDERS.map(({ name, description }) => {
              const token = `{{${name}}}`;
              return (
                <li key={name} className="flex flex-col items-start gap-1">
                  <button
                    type="button"
                    onClick={() => onInsert(token)}
                    aria-label={`Insert ${token}`}
                    title={`Insert ${token} into ${targetLabel}`}
                    className="group inline-flex min-h-9 shrink-0 cursor-pointer items-center gap-1 rounded-md border border-border bg-muted px-2 font-mono text-[13px] text-primary transition-colors hover:border-primary/40 hover:bg-primary-soft"
                  >
                    <Plus
                      aria-hidden="true"
                      className="size-3.5 text-muted-foreground group-hover:text-primary"
                    />
                    <code>{token}</code>
                  </button>
                  <span className="text-sm leading-snug text-muted-foreground">{description}</span>
                </li>
              );
            })}
          </ul>
        </CardContent>
      </Card>
    </section>
  );
}
