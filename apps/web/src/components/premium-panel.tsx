import { CrownIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from './ui/alert';
import { Button } from './ui/button';

export const PREMIUM_PANEL_DESCRIPTION =
  'This feature requires a premium subscription to access saved links, tracking, and analytics.';

/** The blue 'Premium Feature' panel shown when the server refuses a list. */
export function PremiumPanel({
  description = PREMIUM_PANEL_DESCRIPTION,
}: {
  description?: string;
}) {
  return (
    <Alert variant="info" data-testid="premium-panel" className="px-5 py-4">
      <CrownIcon aria-hidden="true" />
      <AlertTitle className="text-base">Premium Feature</AlertTitle>
      <AlertDescription>
        <p>{description}</p>
        <Button asChild className="mt-4">
          <Link to="/pricing">View Premium Plans</Link>
        </Button>
      </AlertDescription>
    </Alert>
  );
}
