import { FileQuestion } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { useAuthStatus } from '@/features/auth/api/get-auth-status';
import { useDocumentTitle } from '../use-document-title';

/** Spec section 2: any path the router does not know. */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  const auth = useAuthStatus();
  const isSignedIn = auth.data?.isAuthenticated === true;
  return (
    <div className="flex min-h-[60dvh] items-center justify-center px-4 py-10">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <FileQuestion aria-hidden="true" className="size-6" />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight">404 Page Not Found</h1>
          <CardDescription>Did you forget to add the page to the router?</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild variant={isSignedIn ? 'outline' : 'default'}>
            <Link href="/">Go to home page</Link>
          </Button>
          {isSignedIn ? (
            <Button asChild>
              <Link href="/admin">Go to dashboard</Link>
            </Button>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
