import type { Tier } from '@mailtokit/contracts/user';
import { ArrowRightIcon, CrownIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { planEndLabel, planOf } from '@/lib/plans';

const SUMMARY: Record<Tier, string> = {
  FREE: 'The generator, QR codes and your account. Saved links, tracking and analytics come with Premium.',
  PREMIUM: 'Saved links, tracking links and analytics are unlocked.',
  TEAM: 'Everything in Premium, plus teams, shared links and team analytics.',
};

export interface PlanCardProps {
  tier: Tier;
  /** When the paid plan ends; null: no end. */
  expiresAt: string | null;
}

/** The signed-in user's plan, its end if it has one, and a link to what each plan unlocks. */
export function PlanCard({ tier, expiresAt }: PlanCardProps) {
  const plan = planOf(tier);
  const ends = tier === 'FREE' ? null : planEndLabel(expiresAt);
  return (
    <Card
      className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between"
      data-testid="plan-card"
    >
      <div className="flex items-start gap-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary dark:bg-primary/15">
          <CrownIcon className="size-5" aria-hidden="true" />
        </span>
        <div>
          <p className="flex flex-wrap items-center gap-2 text-sm font-semibold">
            Your plan
            <Badge variant={tier === 'FREE' ? 'secondary' : 'default'} data-testid="current-plan">
              {plan.name}
            </Badge>
            {ends ? <span className="font-normal text-muted-foreground">{ends}</span> : null}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">{SUMMARY[tier]}</p>
        </div>
      </div>
      <Button variant="outline" size="sm" asChild className="self-start sm:self-center">
        <Link to="/pricing">
          Compare plans
          <ArrowRightIcon aria-hidden="true" />
        </Link>
      </Button>
    </Card>
  );
}
