import { CloudOff, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { useAuthStatus } from '@/features/auth/api/get-auth-status';
import { LoginForm } from '@/features/auth/components/login-form';
import { useDocumentTitle } from './use-document-title';

function SignInPage() {
  useDocumentTitle('Admin Access');
  return <LoginForm />;
}

function AuthStatusError({ onRetry, isRetrying }: { onRetry: () => void; isRetrying: boolean }) {
  return (
    <div className="flex min-h-[calc(100dvh-4rem)] items-center justify-center px-4 py-10">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <CloudOff aria-hidden="true" className="mb-2 size-10 text-muted-foreground" />
          <h1 className="text-xl font-semibold">We could not reach the server</h1>
          <CardDescription>
            Your sign-in could not be checked. Please check your connection and try again.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button onClick={onRetry} disabled={isRetrying}>
            <RefreshCw aria-hidden="true" className={isRetrying ? 'animate-spin' : undefined} />
            Try again
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * Spec section 2 'Protected routes': a spinner while the sign-in status loads, then the page for
 * signed-in staff, otherwise the login form (which opens /admin on success).
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const auth = useAuthStatus();
  if (auth.isPending) return <PageSpinner label="Checking sign-in" />;
  if (auth.isError) {
    return <AuthStatusError onRetry={() => void auth.refetch()} isRetrying={auth.isFetching} />;
  }
  if (!auth.data.isAuthenticated) return <SignInPage />;
  return children;
}
