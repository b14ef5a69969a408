import type { Tier } from '@mailtokit/contracts/user';
import { CheckIcon, InfoIcon, MinusIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { useAuth } from '@/lib/auth/use-auth';
import { cn } from '@/lib/cn';
import { PLANS, type Plan } from '@/lib/plans';
import { PLAN_COMPARISON, type PlanCell } from '../lib/plan-comparison';

const TIER_RANK: Record<Tier, number> = { FREE: 0, PREMIUM: 1, TEAM: 2 };

/** Where a paid plan is asked for: the contact form, filled in for that plan. */
const requestPath = (tier: Tier) => `/contact?plan=${tier.toLowerCase()}`;

/**
 * What a plan's button does. Nobody pays here (the instance's administrator assigns plans):
 * Free creates an account; a paid plan is requested through the contact form, filled in.
 */
function PlanAction({ plan, currentTier }: { plan: Plan; currentTier: Tier | null }) {
  if (currentTier === null && plan.tier === 'FREE') {
    return (
      <Button asChild className="w-full">
        <Link to="/auth?tab=register">Get started free</Link>
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
  if (currentTier !== null && TIER_RANK[plan.tier] < TIER_RANK[currentTier]) {
    return (
      <Button className="w-full" variant="ghost" disabled>
        Included in your plan
      </Button>
    );
  }
  return (
    <Button asChild className="w-full" variant={plan.tier === 'PREMIUM' ? 'default' : 'outline'}>
      <Link to={requestPath(plan.tier)}>Request {plan.name}</Link>
    </Button>
  );
}

/** The plan's price line: this instance charges nothing; paid plans are assigned on request. */
function PlanPrice({ tier }: { tier: Tier }) {
  if (tier === 'FREE')
    return (
      <p className="mt-3 flex flex-wrap items-baseline gap-x-1.5">
        <span className="text-3xl font-bold tracking-tight">$0</span>
        <span className="text-sm text-muted-foreground">forever</span>
      </p>
    );
  return (
    <p className="mt-3 flex flex-wrap items-baseline gap-x-1.5">
      <span className="text-3xl font-bold tracking-tight">On request</span>
      <span className="text-sm text-muted-foreground">no card, no checkout</span>
    </p>
  );
}

function Cell({ value, plan }: { value: PlanCell; plan: string }) {
  if (value === false)
    return (
      <>
        <MinusIcon className="mx-auto size-4 text-muted-foreground/70" aria-hidden="true" />
        <span className="sr-only">Not in {plan}</span>
      </>
    );
  if (value === true)
    return (
      <>
        <CheckIcon className="mx-auto size-4 text-primary" aria-hidden="true" />
        <span className="sr-only">Included in {plan}</span>
      </>
    );
  return <span className="text-sm">{value}</span>;
}

/** Feature by feature, what each plan allows (the caps the server enforces). */
function PlanComparison() {
  return (
    <section aria-labelledby="compare-heading" className="mt-16">
      <h2 id="compare-heading" className="text-center text-2xl font-semibold tracking-tight">
        Compare plans
      </h2>
      {/* Phones scroll the table sideways inside its frame; the page itself never widens (the
          frame is `relative` so that the screen-reader texts inside it stay in it too). */}
      <div
        className="relative mt-6 overflow-x-auto rounded-xl border bg-card"
        tabIndex={0}
        role="region"
        aria-labelledby="compare-heading"
      >
        <table className="w-full min-w-[36rem] text-left text-sm">
          <thead>
            <tr className="border-b">
              <th scope="col" className="px-4 py-3 font-medium text-muted-foreground">
                Feature
              </th>
              {PLANS.map((plan) => (
                <th key={plan.tier} scope="col" className="px-4 py-3 text-center font-semibold">
                  {plan.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {PLAN_COMPARISON.map((row) => (
              <tr key={row.feature} className="border-b last:border-0">
                <th scope="row" className="px-4 py-3 font-medium">
                  {row.feature}
                </th>
                {PLANS.map((plan) => (
                  <td key={plan.tier} className="px-4 py-3 text-center text-muted-foreground">
                    <Cell value={row.cells[plan.tier]} plan={plan.name} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * /pricing: each plan's price and what it unlocks, a feature-by-feature comparison; the
 * signed-in user's plan is highlighted.
 */
export function PricingPage() {
  const { user } = useAuth();
  const currentTier = user?.subscriptionTier ?? null;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Plans</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Generating links is free for everyone. Premium keeps your links and shows how they
          perform; Team shares them with the people you work with, and covers them: invited
          teammates on any plan see the team&apos;s links and analytics.
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
                <PlanPrice tier={plan.tier} />
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

      <PlanComparison />

      <Alert variant="info" className="mx-auto mt-12 max-w-3xl">
        <InfoIcon aria-hidden="true" />
        <AlertTitle>No payment here</AlertTitle>
        <AlertDescription>
          <p>
            Plans are assigned by the administrator of this MailtoKit instance — there is no
            checkout and no card to enter. New accounts start on the instance&apos;s default plan;
            &ldquo;Request Premium&rdquo; and &ldquo;Request Team&rdquo; send the administrator a
            message through the{' '}
            <Link
              to="/contact"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              contact form
            </Link>
            , and the plan applies to your account as soon as they change it.
          </p>
        </AlertDescription>
      </Alert>
    </div>
  );
}
