import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/lib/auth/use-auth';
import { returnPath } from '../lib/return-path';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

type AuthTab = 'login' | 'register';

/**
 * /auth: Sign in | Register. `?tab=register` opens Register; `?next=/path` is where a sign-in
 * leads (and what registering keeps for the sign-in that follows), e.g. back to an invitation.
 */
export function AuthPage() {
  const { isAuthenticated, isLoading } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const [signingIn, setSigningIn] = useState(false);
  const [registeredUsername, setRegisteredUsername] = useState('');
  const tab: AuthTab = searchParams.get('tab') === 'register' ? 'register' : 'login';
  const next = returnPath(searchParams.get('next'));
  const withNext = (params: Record<string, string>) => (next ? { ...params, next } : params);

  const showTab = (to: AuthTab) => {
    setSearchParams(withNext(to === 'register' ? { tab: 'register' } : {}), { replace: true });
  };

  if (isLoading) return <PageSpinner />;
  // A visitor who is already signed in has nothing to do here (but a fresh sign-in goes on
  // to /dashboard, so it must not be bounced to / first).
  if (isAuthenticated && !signingIn) return <Navigate to={next ?? '/'} replace />;

  const title = tab === 'register' ? 'Create your account' : 'Welcome back';
  const description =
    tab === 'register'
      ? 'Save links, track clicks and share with your team.'
      : 'Sign in to manage your saved links and analytics.';

  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-8 sm:py-16">
      <Card>
        <CardHeader className="items-center pb-4 text-center">
          <h1 className="text-2xl leading-tight font-semibold tracking-tight">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs value={tab} onValueChange={(value) => showTab(value as AuthTab)}>
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="login">Sign in</TabsTrigger>
              <TabsTrigger value="register">Register</TabsTrigger>
            </TabsList>
            <TabsContent value="login">
              <LoginForm
                defaultUsername={registeredUsername}
                onSwitchToRegister={() => showTab('register')}
                onAttempt={() => setSigningIn(true)}
                onFailure={() => setSigningIn(false)}
                onSuccess={() => void navigate(next ?? '/dashboard')}
              />
            </TabsContent>
            <TabsContent value="register">
              <RegisterForm
                onSwitchToLogin={() => showTab('login')}
                onSuccess={(username) => {
                  setRegisteredUsername(username);
                  void navigate(next ? `/auth?next=${encodeURIComponent(next)}` : '/auth');
                }}
              />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
      <p className="mt-6 text-center text-xs text-muted-foreground">
        By creating an account you agree to how we handle your data, described in our{' '}
        <Link to="/privacy" className="underline underline-offset-2 hover:text-foreground">
          Privacy policy
        </Link>
        .
      </p>
    </div>
  );
}
