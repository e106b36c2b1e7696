import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** The page's one content width, so every band lines up on a wide screen. */
export function PageContainer({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div className={cn('mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8', className)} {...props} />
  );
}
