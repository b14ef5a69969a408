import { TriangleAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';
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

/** A secret the server shows in this one response (an API token, a signing secret). */
export function SecretOnceNotice({
  title,
  children,
  value,
  label,
  copiedMessage,
  onDone,
  'data-testid': testId,
}: SecretOnceNoticeProps) {
  return (
    <Alert variant="info" className="px-5 py-4" data-testid={testId}>
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
