import { TriangleAlertIcon } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CopyField, type CopyFieldProps } from '@/components/ui/copy-field';

export interface SecretOnceNoticeProps {
  title: string;
  /** Why it is shown once and what to do with it. */
  children: ReactNode;
  /** The secret itself and how its copy field is named and confirmed. */
  value: string;
  label: string;
  copiedMessage: CopyFieldProps['copiedMessage'];
  /** The user confirmed they copied it: the secret is gone from the page. */
  onDone: () => void;
  'data-testid'?: string;
}

/**
 * A secret the server shows in this one response (an API token, a signing secret). It takes
 * the focus when it appears, as it replaces the form that was just sent.
 */
export function SecretOnceNotice({
  title,
  children,
  value,
  label,
  copiedMessage,
  onDone,
  'data-testid': testId,
}: SecretOnceNoticeProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <Alert
      ref={box}
      tabIndex={-1}
      variant="info"
      className="px-5 py-4 outline-none focus-visible:ring-2 focus-visible:ring-ring"
      data-testid={testId}
    >
      <TriangleAlertIcon aria-hidden="true" />
      <AlertTitle className="text-base">{title}</AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>{children}</p>
        <CopyField value={value} label={label} copiedMessage={copiedMessage} />
        <div>
          <Button variant="outline" onClick={onDone}>
            I have copied it
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}

export interface SecretOnceFlowProps<T> {
  /** The form that creates an item; it calls `onCreated` with the server's answer. */
  form: (onCreated: (created: T) => void) => ReactNode;
  /** Shown in the form's place with the new item's secret (a SecretOnceNotice); `onDone` brings the form back. */
  notice: (created: T, onDone: () => void) => ReactNode;
  /** What follows: the items already there. */
  children: ReactNode;
}

/**
 * "Create, show the secret once, list": the form, replaced by the new secret until the user
 * says they copied it, then the list. API tokens and webhooks both use it.
 */
export function SecretOnceFlow<T>({ form, notice, children }: SecretOnceFlowProps<T>) {
  const [created, setCreated] = useState<T | null>(null);
  return (
    <div className="grid gap-6">
      {created === null ? form(setCreated) : notice(created, () => setCreated(null))}
      {children}
    </div>
  );
}
