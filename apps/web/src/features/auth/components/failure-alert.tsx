import { CircleAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';

/** Why a sign-in or sign-up step failed, shown above its submit button. */
export function FailureAlert({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Alert variant="destructive" data-testid={testId}>
      <CircleAlertIcon aria-hidden="true" />
      <AlertDescription className="text-foreground">{children}</AlertDescription>
    </Alert>
  );
}
