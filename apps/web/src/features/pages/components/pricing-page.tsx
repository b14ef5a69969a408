import type { Tier } from '@mailtokit/contracts/user';
import { CheckIcon, InfoIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { useAuth } from '@/lib/auth/use-auth';
import { cn } from '@/lib/cn';
import { PLANS, type Plan } from '@/lib/plans';

const TIER_RANK: Record<Tier, number> = { FREE: 0, PREMIUM: 1, TEAM: 2 };

function PlanAction({ plan, currentTier }: { plan: Plan; currentTier: Tier | null }) {
  if (currentTier === null) {
    return (
      <Button asChild className="w-full" variant={plan.tier === 'FREE' ? 'default' : 'outline'}>
        <Link to="/auth?tab=register">
          {plan.tier === 'FREE' ? 'Get Started Free' : 'Create an account'}
        </Link>
      </Button>
    );
  }
  if (currentTier === plan.tier) {
    return (
      <Button className="w-full" variant="secondary" disabled>
        Your current plan
      </Button>
    );
  }
  if (TIER_RANK[plan.tier] < TIER_RANK[currentTier]) {
    return (
      <Button className="w-full" variant="ghost" disabled>
        Included in your plan
      </Button>
    );
  }
  return (
    <Button asChild className="w-full" variant="outline">
      <Link to="/contact">Ask for this plan</Link>
    </Button>
  );
}

/** /pricing: what each tier unlocks; the signed-in user's tier is highlighted. */
export function PricingPage() {
  const { user } = useAuth();
  const currentTier = user?.subscriptionTier ?? null;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Plans</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Generating links is free for everyone. Premium keeps your links and shows how they
          perform; Team shares them with the people you work with.
        </p>
      </div>

      <div className="mt-12 grid gap-6 lg:grid-cols-3">
        {PLANS.map((plan) => {
          const current = currentTier === plan.tier;
          return (
            <Card
              key={plan.tier}
              aria-current={current ? 'true' : undefined}
              data-tier={plan.tier}
              className={cn('flex flex-col', current && 'border-primary ring-2 ring-primary')}
            >
              <CardHeader>
                <div className="flex items-center justify-between gap-2">
                  <h2 className="text-xl leading-tight font-semibold tracking-tight">
                    {plan.name}
                  </h2>
                  {current ? <Badge>Current plan</Badge> : null}
                </div>
                <p className="text-sm font-medium text-primary">{plan.availability}</p>
                <CardDescription className="mt-1">{plan.tagline}</CardDescription>
              </CardHeader>
              <CardContent className="flex-1">
                {plan.includes ? (
                  <p className="mb-3 text-sm font-medium">Everything in {plan.includes}, plus:</p>
                ) : null}
                <ul className="grid gap-3">
                  {plan.features.map((feature) => (
                    <li key={feature} className="flex gap-3 text-sm">
                      <CheckIcon
                        className="mt-0.5 size-4 shrink-0 text-primary"
                        aria-hidden="true"
                      />
                      <span>{feature}</span>
                    </li>
                  ))}
                </ul>
              </CardContent>
              <CardFooter>
                <PlanAction plan={plan} currentTier={currentTier} />
              </CardFooter>
            </Card>
          );
        })}
      </div>

      <Alert variant="info" className="mx-auto mt-12 max-w-3xl">
        <InfoIcon aria-hidden="true" />
        <AlertTitle>No payment here</AlertTitle>
        <AlertDescription>
          <p>
            Plans are assigned by the administrator of this MailtoKit instance — there is no
            checkout and no card to enter. New accounts start on the instance&apos;s default plan.
            If you need Premium or Team,{' '}
            <Link
              to="/contact"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              ask us
            </Link>
            .
          </p>
        </AlertDescription>
      </Alert>
    </div>
  );
}
