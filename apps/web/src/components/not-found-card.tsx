import { ArrowLeftIcon, SearchXIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from './ui/button';
import { Card, CardDescription, CardHeader } from './ui/card';

export interface NotFoundCardProps {
  title: string;
  description: string;
  backTo?: string;
  backLabel?: string;
}

/** A dashboard page whose subject does not exist (or is not the user's): says so, leads back. */
export function NotFoundCard({
  title,
  description,
  backTo = '/dashboard',
  backLabel = 'Back to dashboard',
}: NotFoundCardProps) {
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
          <SearchXIcon className="size-8 text-muted-foreground" aria-hidden="true" />
          <h1 className="mt-2 text-2xl leading-tight font-semibold tracking-tight">{title}</h1>
          <CardDescription className="text-base">{description}</CardDescription>
        </CardHeader>
      </Card>
    </div>
  );
}
