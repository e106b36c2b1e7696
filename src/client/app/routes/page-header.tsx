import type { ReactNode } from 'react';

/** The heading block every admin page starts with. */
export function PageHeader({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <header className="mb-6 flex flex-col gap-1">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
      {description ? <p className="text-muted-foreground">{description}</p> : null}
    </header>
  );
}
