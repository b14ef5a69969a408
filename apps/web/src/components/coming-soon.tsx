import { ArrowLeftIcon, SearchXIcon, SparklesIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from './ui/badge';
import { Button } from './ui/button';
import { Card, CardContent, CardDescription, CardHeader } from './ui/card';

export interface ComingSoonProps {
  title: string;
  description: string;
  /** 'not-found': the address is invalid (no "coming" badge). */
  variant?: 'coming' | 'not-found';
  backTo?: string;
  backLabel?: string;
}

/** A route that is registered now and built in the next release. */
export function ComingSoon({
  title,
  description,
  variant = 'coming',
  backTo = '/dashboard',
  backLabel = 'Back to Dashboard',
}: ComingSoonProps) {
  const coming = variant === 'coming';
  return (
    <div className="w-full max-w-2xl">
      <Button variant="ghost" size="sm" asChild className="-ml-3 mb-4">
        <Link to={backTo}>
          <ArrowLeftIcon aria-hidden="true" />
          {backLabel}
        </Link>
      </Button>
      <Card>
        <CardHeader>
          {coming ? (
            <Badge variant="soft" className="w-fit">
              <SparklesIcon aria-hidden="true" />
              Coming in the next release
            </Badge>
          ) : (
            <SearchXIcon className="size-8 text-muted-foreground" aria-hidden="true" />
          )}
          <h1 className="mt-2 text-2xl leading-tight font-semibold tracking-tight">{title}</h1>
          <CardDescription className="text-base">{description}</CardDescription>
        </CardHeader>
        {coming ? (
          <CardContent>
            <p className="text-sm text-muted-foreground">
              This page is part of the next MailtoKit release. Everything else in your dashboard —
              profile, settings and password — already works.
            </p>
          </CardContent>
        ) : null}
      </Card>
    </div>
  );
}
