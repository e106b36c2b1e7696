import { PoundSterling } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';

/** An amount in pounds as staff type it, with the £ drawn in front. */
export function PoundsInput(props: ComponentProps<typeof Input>) {
  return (
    <div className="relative">
      <PoundSterling
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input inputMode="decimal" autoComplete="off" className="pl-9 tabular-nums" {...props} />
    </div>
  );
}
