import { RotateCwIcon, TriangleAlertIcon } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { COMPONENT_ERROR_MESSAGE } from '@/lib/errors';

/** Last-resort error screen (a page crashed or its code failed to load). */
export function RouteErrorPage({ error }: { error: unknown }) {
  // A failed dynamic import usually means a new version was deployed: reloading fixes it.
  const chunkFailed =
    error instanceof Error &&
    /dynamically imported module|Importing a module script/i.test(error.message);
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center px-4 text-center">
      <div className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <TriangleAlertIcon className="size-7" aria-hidden="true" />
      </div>
      <h1 className="mt-6 text-2xl font-bold tracking-tight">Something went wrong</h1>
      <p className="mt-3 max-w-md text-muted-foreground">
        {chunkFailed
          ? 'A new version of MailtoKit is available. Reload the page to continue.'
          : COMPONENT_ERROR_MESSAGE}
      </p>
      <div className="mt-8 flex gap-3">
        <Button onClick={() => window.location.reload()}>
          <RotateCwIcon aria-hidden="true" />
          Reload
        </Button>
        <Button variant="outline" asChild>
          <Link to="/" reloadDocument>
            Go home
          </Link>
        </Button>
      </div>
    </div>
  );
}

interface RouteErrorBoundaryProps {
  children: ReactNode;
  /** The current path: when it changes, the error screen gives way to the new page. */
  resetKey: string;
}

/** Shows RouteErrorPage instead of a page that threw while rendering. */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  override componentDidUpdate(previous: RouteErrorBoundaryProps) {
    if (this.state.error && previous.resetKey !== this.props.resetKey)
      this.setState({ error: null });
  }

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Page crashed:', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}
