import { RotateCwIcon, TriangleAlertIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from './ui/alert';
import { Button } from './ui/button';

export interface LoadErrorAlertProps {
  title: string;
  message: string;
  onRetry: () => void;
  /** A retry runs: the button is disabled. */
  retrying: boolean;
}

/** A query failed to load: what failed, and 'Try again'. */
export function LoadErrorAlert({ title, message, onRetry, retrying }: LoadErrorAlertProps) {
  return (
    <Alert variant="destructive">
      <TriangleAlertIcon aria-hidden="true" />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>{message}</p>
        <Button variant="outline" size="sm" className="mt-3" disabled={retrying} onClick={onRetry}>
          <RotateCwIcon aria-hidden="true" />
          Try again
        </Button>
      </AlertDescription>
    </Alert>
  );
}
