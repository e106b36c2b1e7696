import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useTemplates } from '../api/get-templates';
import { TemplatesForm } from './templates-form';
import { TemplatesHeading } from './templates-heading';

function LoadingSkeleton() {
  return (
    <>
      <span className="sr-only" role="status">
        Loading templates
      </span>
      <div aria-hidden="true">
        <Skeleton className="mb-4 h-12 w-full max-w-md" />
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
          <Card>
            <CardHeader>
              <Skeleton className="h-6 w-48" />
              <Skeleton className="h-4 w-full max-w-lg" />
            </CardHeader>
            <CardContent className="flex flex-col gap-6">
              {[0, 1, 2].map((row) => (
                <div key={row} className="flex flex-col gap-2">
                  <Skeleton className="h-4 w-40" />
                  <Skeleton className="h-4 w-72 max-w-full" />
                  <Skeleton className="h-36 w-full" />
                </div>
              ))}
            </CardContent>
          </Card>
          <Card className="hidden lg:block">
            <CardHeader>
              <Skeleton className="h-5 w-24" />
              <Skeleton className="h-4 w-56" />
            </CardHeader>
            <CardContent>
              <Skeleton className="h-72 w-full" />
            </CardContent>
          </Card>
        </div>
      </div>
    </>
  );
}

/** /templates: the Template Manager (spec section 2). */
export function TemplateManagerPage() {
  const templates = useTemplates();

  if (templates.isPending) {
    return (
      <>
        <TemplatesHeading />
        <LoadingSkeleton />
      </>
    );
  }

  if (templates.isError) {
    return (
      <>
        <TemplatesHeading />
        <LoadErrorAlert
          title="Failed to fetch templates"
          description="The message templates could not be loaded. Please try again, or contact support if the problem persists."
          onRetry={() => void templates.refetch()}
          isRetrying={templates.isFetching}
        />
      </>
    );
  }

  return <TemplatesForm saved={templates.data} />;
}
