import { zodResolver } from '@hookform/resolvers/zod';
import { Eye, EyeOff, Loader2, LockKeyhole, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { type Login, LoginSchema } from '../../../../shared/auth';
import { useLogin } from '../api/login';

/** Spec section 8: the server's own words, else 'Invalid password'. */
function loginFailureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? 'Invalid password';
  // No answer at all (offline, server down): 'Invalid password' would send staff the wrong way.
  return 'Could not reach the server. Please check your connection and try again.';
}

/** Spec section 2 'Admin login': shown in place of any admin page while signed out. */
export function LoginForm() {
  const [isPasswordShown, setIsPasswordShown] = useState(false);
  const login = useLogin();
  const fieldId = useId();
  const errorId = `${fieldId}-error`;
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<Login>({ resolver: zodResolver(LoginSchema), defaultValues: { password: '' } });

  const onSubmit = handleSubmit((values) => {
    // Success is handled by useLogin itself, as this form is gone by the time it completes.
    login.mutate(values, {
      onError: (error) => {
        toast.error('Login Failed', { description: loginFailureMessage(error) });
        setFocus('password', { shouldSelect: true });
      },
    });
  });

  const passwordError = errors.password?.message;

  return (
    <div className="flex min-h-[calc(100dvh-4rem)] flex-col items-center justify-center gap-6 px-4 py-10">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
            <LockKeyhole aria-hidden="true" className="size-6" />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight">Admin Access</h1>
          <CardDescription>
            Sign in with the administrator password to manage payments and notifications.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
            <div className="flex flex-col gap-2">
              <Label htmlFor={fieldId}>Administrator Password</Label>
              <div className="flex gap-2">
                <Input
                  id={fieldId}
                  type={isPasswordShown ? 'text' : 'password'}
                  autoComplete="current-password"
                  autoCapitalize="none"
                  spellCheck={false}
                  aria-invalid={passwordError ? true : undefined}
                  aria-describedby={passwordError ? errorId : undefined}
                  {...register('password')}
                />
                <Button
                  type="button"
                  variant="outline"
                  className="w-24 shrink-0"
                  aria-label={isPasswordShown ? 'Hide password' : 'Show password'}
                  aria-controls={fieldId}
                  onClick={() => setIsPasswordShown((shown) => !shown)}
                >
                  {isPasswordShown ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
                  {isPasswordShown ? 'Hide' : 'Show'}
                </Button>
              </div>
              {passwordError ? (
                <p id={errorId} className="text-sm font-medium text-destructive">
                  {passwordError}
                </p>
              ) : null}
            </div>

            <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
              {login.isPending ? (
                <>
                  <Loader2 aria-hidden="true" className="animate-spin" />
                  Signing In...
                </>
              ) : (
                'Sign In'
              )}
            </Button>
          </form>

          <p className="mt-6 flex gap-2 rounded-lg bg-muted px-3 py-3 text-sm text-muted-foreground">
            <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
            <span>
              Access is restricted to authorised staff and logged for GDPR compliance. Sessions end
              automatically after a period of inactivity.
            </span>
          </p>
        </CardContent>
      </Card>
      <Link
        href="/"
        className="inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        Back to home page
      </Link>
    </div>
  );
}
