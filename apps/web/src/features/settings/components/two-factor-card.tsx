import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PendingLabel } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { toast, toastError } from '@/lib/toast';
import {
  useConfirmTotp,
  useDisableTotp,
  useRegenerateRecoveryCodes,
  useSetUpTotp,
  useTwoFactor,
} from '../api/two-factor';

/** The field error the server gave, if any. */
function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.fields?.[field] : undefined;
}

/** The QR code of the otpauth:// URI; the encoder loads only here. */
function TotpQr({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    import('@/lib/qr')
      .then(({ renderQr }) => renderQr(uri))
      .then(
        (images) => !cancelled && setSrc(images.pngUrl),
        () => undefined,
      );
    return () => {
      cancelled = true;
    };
  }, [uri]);
  return src ? (
    <img
      src={src}
      alt="QR code to scan with your authenticator app"
      className="size-48 rounded-md border bg-white"
    />
  ) : (
    <div className="size-48 rounded-md border bg-muted" aria-hidden="true" />
  );
}

function RecoveryCodesNotice({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="grid gap-3" data-testid="recovery-codes">
      <p className="text-sm">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your
        authenticator app. They are shown only now.
      </p>
      <ul className="grid grid-cols-2 gap-2 rounded-md border bg-muted p-3 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            void navigator.clipboard?.writeText(codes.join('\n'));
            toast({ title: 'Recovery codes copied' });
          }}
        >
          Copy codes
        </Button>
        <Button type="button" onClick={onDone}>
          I saved them
        </Button>
      </div>
    </div>
  );
}

/** Settings > Security: two-step sign-in with an authenticator app and its recovery codes. */
export function TwoFactorCard() {
  const status = useTwoFactor();
  const setUp = useSetUpTotp();
  const confirm = useConfirmTotp();
  const disable = useDisableTotp();
  const regenerate = useRegenerateRecoveryCodes();
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const on = status.data?.totp ?? false;
  const pending = setUp.data && !on ? setUp.data : null;

  const onError = (error: unknown) => {
    if (!(error instanceof ApiError && error.fields)) toastError(error);
  };

  let body: React.ReactNode;
  if (codes) {
    body = (
      <RecoveryCodesNotice
        codes={codes}
        onDone={() => {
          setCodes(null);
          setUp.reset();
        }}
      />
    );
  } else if (pending) {
    body = (
      <form
        noValidate
        className="grid gap-4"
        aria-label="Confirm your authenticator app"
        onSubmit={(e) => {
          e.preventDefault();
          confirm.mutate(
            { code: code.replace(/\s/g, '') },
            {
              onSuccess: (data) => {
                setCode('');
                setCodes(data.recoveryCodes);
                toast({ title: 'Two-step sign-in is on' });
              },
              onError,
            },
          );
        }}
      >
        <p className="text-sm">
          Scan the QR code with your authenticator app, or type the key into it, then enter the
          6-digit code it shows.
        </p>
        <TotpQr uri={pending.otpauthUri} />
        <p className="text-sm">
          Key:{' '}
          <code className="font-mono break-all" data-testid="totp-secret">
            {pending.secret}
          </code>
        </p>
        <FormField
          id="totp-code"
          label="Code from the app"
          error={fieldError(confirm.error, 'code')}
        >
          {(control) => (
            <Input
              {...control}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              className="max-w-40"
            />
          )}
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={!code || confirm.isPending}>
            <PendingLabel pending={confirm.isPending} label="Turn on" pendingLabel="Checking..." />
          </Button>
          <Button type="button" variant="outline" onClick={() => setUp.reset()}>
            Cancel
          </Button>
        </div>
      </form>
    );
  } else {
    body = (
      <p className="text-sm" data-testid="two-factor-state">
        {on
          ? `On. ${status.data?.recoveryCodesLeft ?? 0} recovery codes left.`
          : 'Off. Signing in takes your password alone.'}
      </p>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Two-step sign-in</CardTitle>
        <CardDescription>
          After your password, signing in asks for a code from an authenticator app on your phone.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
      {!codes && !pending ? (
        <CardFooter className="flex-wrap justify-end gap-2 border-t pt-6">
          {on ? (
            <>
              <Button
                type="button"
                variant="outline"
                disabled={regenerate.isPending}
                onClick={() =>
                  regenerate.mutate(undefined, {
                    onSuccess: (data) => setCodes(data.recoveryCodes),
                    onError,
                  })
                }
              >
                New recovery codes
              </Button>
              <Button
                type="button"
                variant="destructive"
                disabled={disable.isPending}
                onClick={() =>
                  disable.mutate(undefined, {
                    onSuccess: () => toast({ title: 'Two-step sign-in is off' }),
                    onError,
                  })
                }
              >
                Turn off
              </Button>
            </>
          ) : (
            <Button
              type="button"
              disabled={setUp.isPending || status.isPending}
              onClick={() => setUp.mutate(undefined, { onError })}
            >
              <PendingLabel pending={setUp.isPending} label="Set up" pendingLabel="Starting..." />
            </Button>
          )}
        </CardFooter>
      ) : null}
    </Card>
  );
}
