import { DownloadIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';

/** The account's data as one JSON file; the server names it and sends it as an attachment. */
export const EXPORT_URL = '/api/v1/account/export';

export function ExportDataCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Download your data</CardTitle>
        <CardDescription>
          One JSON file with your profile, saved links, tracking links and their click totals, team
          memberships and roles, the names and scopes of your API tokens and webhooks, and your
          security log. It never contains your password or any token or secret.
        </CardDescription>
      </CardHeader>
      <CardFooter className="justify-end border-t pt-6">
        <Button asChild variant="outline">
          <a href={EXPORT_URL} download>
            <DownloadIcon aria-hidden="true" />
            Download my data
          </a>
        </Button>
      </CardFooter>
    </Card>
  );
}
